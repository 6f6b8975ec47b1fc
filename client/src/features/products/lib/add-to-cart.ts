/** Adding to a store's cart (SPEC.md §4, §5, CONTRACT.md §5): needs login; the same product again updates its quantity. */
import type { Product } from '@agrivet/shared';
import { useCart } from '@/stores/cart';

/** 'order-pending': that store's order is still being sent, so its cart is locked. */
export type AddToCartResult = 'added' | 'login-required' | 'order-pending';

export function addToCart(
  product: Pick<Product, 'id' | 'store_id' | 'name' | 'price_cents'> & { store?: { name_store: string } },
  quantity: number,
  loggedIn: boolean,
): AddToCartResult {
  if (!loggedIn) return 'login-required';
  const added = useCart
    .getState()
    .add(
      product.store_id,
      { product_id: product.id, quantity, name: product.name, price_cents: product.price_cents },
      product.store?.name_store,
    );
  return added ? 'added' : 'order-pending';
}
