import { useEffect, useMemo } from 'react';

/** Revocations waiting a moment: React's strict mode unmounts and mounts again at once. */
const revoking = new Map<string, ReturnType<typeof setTimeout>>();

/** An object URL for a local Blob (a media message still uploading), revoked when it goes. */
export function useObjectUrl(blob: Blob | undefined): string | undefined {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : undefined), [blob]);
  useEffect(() => {
    if (!url) return;
    clearTimeout(revoking.get(url));
    revoking.delete(url);
    return () => {
      revoking.set(
        url,
        setTimeout(() => {
          revoking.delete(url);
          URL.revokeObjectURL(url);
        }, 1000),
      );
    };
  }, [url]);
  return url;
}
