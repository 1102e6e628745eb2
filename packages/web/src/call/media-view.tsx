import { useEffect, useRef } from 'react';

interface Props {
  stream: MediaStream | null;
  kind: 'video' | 'audio';
  /** The own picture is muted (no echo of oneself). */
  muted?: boolean;
  className?: string;
  label: string;
}

/** A <video> or <audio> playing a stream (srcObject cannot be set as a prop). */
export function MediaView({ stream, kind, muted = false, className, label }: Props) {
  const ref = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || element.srcObject === stream) return;
    element.srcObject = stream;
    if (stream) element.play().catch(() => undefined);
  }, [stream]);
  // A live call has no caption file; the empty track keeps the element's caption slot declared.
  if (kind === 'audio')
    return (
      <audio ref={ref} autoPlay aria-label={label}>
        <track kind="captions" />
      </audio>
    );
  return (
    <video ref={ref} className={className} autoPlay playsInline muted={muted} aria-label={label}>
      <track kind="captions" />
    </video>
  );
}
