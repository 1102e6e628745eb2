import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import { SpinLoading } from 'antd-mobile';

interface Props {
  text: string;
  /** The picture's accessible name. */
  label: string;
  size?: number;
}

/** `text` as a QR code picture (the qrcode package, drawn as a PNG data URL). */
export function QrCodeImage({ text, label, size = 220 }: Props) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(text, { width: size * 2, margin: 2, errorCorrectionLevel: 'M' })
      .then((data) => live && setUrl(data))
      .catch((error: unknown) => console.error('drawing the QR code failed', error));
    return () => {
      live = false;
    };
  }, [text, size]);
  if (!url) return <SpinLoading color="primary" style={{ width: size, height: size }} />;
  return <img src={url} alt={label} width={size} height={size} />;
}
