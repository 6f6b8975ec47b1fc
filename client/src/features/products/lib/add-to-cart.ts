/** Adding to the cart (SPEC.md §4, §5): needs login; the same product again updates its quantity. */
import type { Product } from '@agrivet/shared';
import { useCart } from '../../../stores/cart';

/** 'order-pending': the cart's order is still being sent, so the cart is locked. */
export type AddToCartResult = 'added' | 'login-required' | 'order-pending';

export function addToCart(
  product: Pick<Product, 'id' | 'store_id' | 'name' | 'price_cents'>,
  quantity: number,
  loggedIn: boolean,
): AddToCartResult {
  if (!loggedIn) return 'login-required';
  const added = useCart.getState().add(product.store_id, {
    product_id: product.id,
    quantity,
    name: product.name,
    price_cents: product.price_cents,
  });
  return added ? 'added' : 'order-pending';
}
