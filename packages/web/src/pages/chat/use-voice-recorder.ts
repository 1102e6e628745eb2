import { useCallback, useEffect, useRef, useState } from 'react';
import { Toast } from 'antd-mobile';
import { useTranslation } from '../../i18n/use-translation';

/** docs/product.md#media-messages: at most 60 s, a countdown in the last 10 s, under 1 s refused. */
export const VOICE_MAX_SECONDS = 60;
export const VOICE_COUNTDOWN_SECONDS = 10;
export const VOICE_MIN_MS = 1000;

/** Opus in WebM (Chromium, Firefox) or Ogg (Firefox, Safari 18+), the first the browser records. */
const MIME_TYPES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/webm', 'audio/ogg'];

function pickMimeType(): string | undefined {
  if (typeof MediaRecorder === 'undefined') return undefined;
  return MIME_TYPES.find((type) => MediaRecorder.isTypeSupported(type));
}

interface Recording {
  recorder: MediaRecorder | null;
  stream: MediaStream | null;
  chunks: Blob[];
  startedAt: number;
  /** Released (or cancelled) before the microphone opened. */
  ended: boolean;
  send: boolean;
}

export interface VoiceRecorder {
  recording: boolean;
  /** Whole seconds recorded so far. */
  elapsed: number;
  /** Seconds left, shown in the last 10 s; null before. */
  countdown: number | null;
  start: () => void;
  /** Ends the recording: `send` false discards it (slid up, or the pointer was taken away). */
  finish: (send: boolean) => void;
}

/**
 * Hold-to-record voice with MediaRecorder: a recording under 1 s shows 'recording time too short'
 * and sends nothing; at 60 s it stops and sends by itself.
 */
export function useVoiceRecorder(onVoice: (blob: Blob, seconds: number) => void): VoiceRecorder {
  const { t } = useTranslation();
  const current = useRef<Recording | null>(null);
  const [recording, setRecording] = useState(false);
  const [elapsed, setElapsed] = useState(0);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const send = useRef(onVoice);
  useEffect(() => {
    send.current = onVoice;
  }, [onVoice]);

  const stopTimer = () => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
  };

  const tooShort = useCallback(() => Toast.show({ content: t('media.tooShort') }), [t]);

  const finish = useCallback(
    (wanted: boolean) => {
      const rec = current.current;
      if (!rec) return;
      current.current = null;
      stopTimer();
      setRecording(false);
      rec.send = wanted;
      rec.ended = true;
      if (!rec.recorder) {
        // Let go before the microphone even opened: that is a record under 1 s.
        if (wanted) tooShort();
        return;
      }
      const length = Date.now() - rec.startedAt;
      rec.recorder.addEventListener(
        'stop',
        () => {
          rec.stream?.getTracks().forEach((track) => track.stop());
          if (!rec.send) return;
          if (length < VOICE_MIN_MS) {
            tooShort();
            return;
          }
          const blob = new Blob(rec.chunks, { type: rec.recorder?.mimeType || 'audio/webm' });
          const seconds = Math.min(VOICE_MAX_SECONDS, Math.max(1, Math.round(length / 1000)));
          send.current(blob, seconds);
        },
        { once: true },
      );
      if (rec.recorder.state !== 'inactive') rec.recorder.stop();
    },
    [tooShort],
  );

  const start = useCallback(() => {
    if (current.current) return;
    const rec: Recording = {
      recorder: null,
      stream: null,
      chunks: [],
      startedAt: 0,
      ended: false,
      send: false,
    };
    current.current = rec;
    setElapsed(0);
    setRecording(true);
    const mimeType = pickMimeType();
    if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') {
      current.current = null;
      setRecording(false);
      Toast.show({ icon: 'fail', content: t('media.micDenied') });
      return;
    }
    navigator.mediaDevices.getUserMedia({ audio: true }).then(
      (stream) => {
        if (rec.ended) {
          stream.getTracks().forEach((track) => track.stop());
          return;
        }
        const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
        recorder.addEventListener('dataavailable', (event) => {
          if (event.data.size > 0) rec.chunks.push(event.data);
        });
        rec.stream = stream;
        rec.recorder = recorder;
        rec.startedAt = Date.now();
        recorder.start(250);
        timer.current = setInterval(() => {
          const seconds = Math.floor((Date.now() - rec.startedAt) / 1000);
          setElapsed(seconds);
          if (Date.now() - rec.startedAt >= VOICE_MAX_SECONDS * 1000) finish(true);
        }, 200);
      },
      (error: unknown) => {
        console.error('microphone not opened', error);
        if (current.current === rec) current.current = null;
        setRecording(false);
        Toast.show({ icon: 'fail', content: t('media.micDenied') });
      },
    );
  }, [finish, t]);

  useEffect(
    () => () => {
      // Leaving the chat while recording discards the recording.
      const rec = current.current;
      if (rec) finish(false);
    },
    [finish],
  );

  const left = VOICE_MAX_SECONDS - elapsed;
  return {
    recording,
    elapsed,
    countdown: recording && left <= VOICE_COUNTDOWN_SECONDS ? Math.max(0, left) : null,
    start,
    finish,
  };
}
