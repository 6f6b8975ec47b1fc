/** Upload progress of a form's multipart POST (axios onUploadProgress) as 0..100, null when idle. */
import type { AxiosProgressEvent } from 'axios';
import { useCallback, useState } from 'react';

export function useUploadProgress() {
  const [progress, setProgress] = useState<number | null>(null);
  const onUploadProgress = useCallback((e: AxiosProgressEvent) => {
    const total = e.total ?? 0;
    setProgress(total > 0 ? Math.min(100, Math.round((e.loaded / total) * 100)) : null);
  }, []);
  const start = useCallback(() => setProgress(0), []);
  const done = useCallback(() => setProgress(null), []);
  return { progress, onUploadProgress, start, done };
}
