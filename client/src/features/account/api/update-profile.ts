import { apiPaths, type User } from '@agrivet/shared';
import { apiPost } from '@/lib/api-client';
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

/** POST user/update/{id} (multipart): the farmer's own name, phone, province, address and photo. */
export const updateProfile = (userId: number, input: ProfileInput, image: CompressedImage | null) =>
  apiPost<{ user: User }>(apiPaths.user.update(userId), profileFormData(input, image));
