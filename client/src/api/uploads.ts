/** POST upload (CONTRACT.md §7): a photo or a voice note for message/create `{upload_id}`, with progress. */
import { type AttachmentKind, apiPaths, type Upload } from '@agrivet/shared';

export type Uploader = (blob: Blob, kind: AttachmentKind, onProgress: (fraction: number) => void) => Promise<Upload>;

/** Voice notes and photos may take longer than the 15 s of other requests on a slow link. */
const UPLOAD_TIMEOUT_MS = 120_000;

const EXTENSIONS: Record<string, string> = {
  'image/webp': 'webp',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/mp4': 'm4a',
  'audio/mpeg': 'mp3',
};

/** `POST upload` (multipart `file`) with upload progress. */
export const uploadFile: Uploader = async (blob, kind, onProgress) => {
  const { api } = await import('@/lib/api-client');
  const form = new FormData();
  const ext = EXTENSIONS[blob.type.split(';')[0]] ?? (kind === 'image' ? 'webp' : 'webm');
  form.append('file', blob, `${kind}.${ext}`);
  const res = await api.post<{ data: Upload }>(apiPaths.upload, form, {
    timeout: UPLOAD_TIMEOUT_MS,
    onUploadProgress: (e) => {
      if (e.total) onProgress(Math.min(1, e.loaded / e.total));
    },
  });
  return res.data.data;
};
