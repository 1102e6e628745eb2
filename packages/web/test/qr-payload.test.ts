import { describe, expect, it } from 'vitest';
import QRCode from 'qrcode';
import { decodeQrPixels } from '../src/utils/qr-decode';
import { groupQrPayload, parseQrPayload, qrTargetPath, userQrPayload } from '../src/utils/qr-payload';

const ORIGIN = 'https://im.example.com';

/** A QR code's modules as an RGBA picture (black on white, `scale` pixels a module, a quiet zone). */
function render(text: string, scale = 4, quiet = 4) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const side = (modules.size + quiet * 2) * scale;
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let y = 0; y < side; y += 1)
    for (let x = 0; x < side; x += 1) {
      const mx = Math.floor(x / scale) - quiet;
      const my = Math.floor(y / scale) - quiet;
      const dark = mx >= 0 && my >= 0 && mx < modules.size && my < modules.size && modules.get(my, mx);
      if (dark) data.fill(0, (y * side + x) * 4, (y * side + x) * 4 + 3);
    }
  return { data, side };
}

/** README "QR codes": a user card is `${origin}/userCard?userID=<id>`. */
describe('QR payload', () => {
  it('a user card encodes the address of the card and parses back to the user', () => {
    const text = userQrPayload(ORIGIN, 'u 1/2');
    expect(text).toBe('https://im.example.com/userCard?userID=u%201%2F2');
    expect(parseQrPayload(userQrPayload(ORIGIN, '123456'))).toEqual({ kind: 'user', userID: '123456' });
    expect(parseQrPayload(groupQrPayload(ORIGIN, 'g1'))).toEqual({ kind: 'group', groupID: 'g1' });
  });

  it("reads OpenIM apps' form too", () => {
    expect(parseQrPayload('io.openim.app/addFriend/42')).toEqual({ kind: 'user', userID: '42' });
    expect(parseQrPayload('io.openim.app/joinGroup/7')).toEqual({ kind: 'group', groupID: '7' });
  });

  it('anything else is not a card', () => {
    for (const text of [
      '',
      'hello',
      'https://example.com/',
      'https://example.com/userCard',
      'https://example.com/userCard?userID=',
      'javascript:alert(1)//userCard?userID=1',
      'ftp://example.com/userCard?userID=1',
      `https://example.com/userCard?userID=${'x'.repeat(65)}`,
      'io.openim.app/addFriend/',
    ])
      expect(parseQrPayload(text), text).toBeNull();
  });

  it('opens the card inside the app, whatever origin the code names', () => {
    const target = parseQrPayload('http://elsewhere:8080/userCard?userID=abc');
    expect(target && qrTargetPath(target)).toBe('/userCard?userID=abc');
  });

  it('a drawn code decodes back to the same payload (qrcode → jsQR)', () => {
    const text = userQrPayload(ORIGIN, '8473920155');
    const { data, side } = render(text);
    expect(decodeQrPixels(data, side, side)).toBe(text);
    expect(decodeQrPixels(new Uint8ClampedArray(40 * 40 * 4).fill(255), 40, 40)).toBeNull();
  });
});
