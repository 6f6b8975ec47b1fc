/** Adding to the cart (SPEC.md §4, §5): needs login; the same product again updates its quantity. */
import type { Product } from '@agrivet/shared';
import { useCart } from '../../../stores/cart';

export type AddToCartResult = 'added' | 'login-required';

export function addToCart(
  product: Pick<Product, 'id' | 'store_id' | 'name' | 'price_cents'>,
  quantity: number,
  loggedIn: boolean,
): AddToCartResult {
  if (!loggedIn) return 'login-required';
  useCart.getState().add(product.store_id, {
    product_id: product.id,
    quantity,
    name: product.name,
    price_cents: product.price_cents,
  });
  return 'added';
}
