/** Builds the multipart body of a dashboard form: scalar fields as strings, the image as a file. */
import type { CompressedImage } from '@/lib/compress-image';

export type FormScalar = string | number | boolean | null | undefined;

export function toFormData(fields: Record<string, FormScalar>, image?: CompressedImage | null): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    form.append(key, typeof value === 'boolean' ? (value ? 'true' : 'false') : String(value));
  }
  if (image) {
    const ext = image.type === 'image/webp' ? 'webp' : 'jpg';
    form.append('image', new Blob([image.bytes], { type: image.type }), `image.${ext}`);
  }
  return form;
}
