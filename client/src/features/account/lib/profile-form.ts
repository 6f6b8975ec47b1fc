/** The account screen's profile as the multipart body of user/update/{id} (api/users.ts). */
import type { CompressedImage } from '@/lib/compress-image';

export interface ProfileInput {
  name: string;
  phone: string;
  province: number | null;
  address: string;
}

/** The multipart body of user/update/{id}: the fields, and the photo when one was chosen. */
export function profileFormData(input: ProfileInput, image: CompressedImage | null): FormData {
  const form = new FormData();
  form.append('name', input.name);
  form.append('phone', input.phone);
  form.append('address', input.address);
  if (input.province !== null) form.append('province', String(input.province));
  if (image) {
    const ext = image.type === 'image/webp' ? 'webp' : 'jpg';
    form.append('image', new Blob([image.bytes], { type: image.type }), `image.${ext}`);
  }
  return form;
}
