import { apiPaths, type User } from '@agrivet/shared';
import { apiPost } from '@/lib/api-client';

export interface AddressInput {
  province: number;
  address: string;
}

/** POST user/update/{id} with the delivery address (province + details): kept for the next checkout. */
export const saveAddress = (userId: number, input: AddressInput): Promise<{ user: User }> =>
  apiPost<{ user: User }>(apiPaths.user.update(userId), { province: input.province, address: input.address.trim() });
