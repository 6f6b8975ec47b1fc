/**
 * The «اطلب» flow of a store's page and a product's page. Signed in: the quantity dialog, then the
 * store's cart. A visitor goes to /login with `next` = this page plus `?order={product id}`
 * (ORDER_INTENT); back from login or register with it, the page opens that product's quantity dialog by
 * itself (fetching the product if it is not on this page) — the intent survives sign-in. The parameter
 * leaves the URL when the dialog closes, so a reload does not open it again.
 */
import type { Product } from '@agrivet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { notify } from '@/components/ui/toaster';
import { loginHref, paths } from '@/config/paths';
import { selectIsLoggedIn, useSession } from '@/stores/session';
import { productQueryOptions } from '@/api/products';
import { addToCart } from './add-to-cart';

/** The query parameter that opens a product's quantity dialog (back from login). */
export const ORDER_INTENT = 'order';

interface OrderStore {
  id: number;
  name_store: string;
  available?: boolean;
}

export function useOrderFlow(store: OrderStore | undefined, onPage: (id: number) => Product | undefined) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const loggedIn = useSession(selectIsLoggedIn);
  const queryClient = useQueryClient();
  const [ordering, setOrdering] = useState<Product | null>(null);
  const intent = Number(params.get(ORDER_INTENT)) || null;

  const clearIntent = () => {
    if (!params.has(ORDER_INTENT)) return;
    setParams(
      (p) => {
        p.delete(ORDER_INTENT);
        return p;
      },
      { replace: true },
    );
  };

  const order = (product: Product) => {
    if (!loggedIn) {
      notify.info(t('product.loginFirst'));
      const next = new URLSearchParams(location.search);
      next.set(ORDER_INTENT, String(product.id));
      navigate(loginHref(`${location.pathname}?${next}`));
      return;
    }
    if (store?.available === false) {
      notify.info(t('storeState.unavailable'), t('storeState.unavailableHint'));
      clearIntent();
      return;
    }
    setOrdering(product);
  };

  // Back from sign-in with ?order={id}: open that product's dialog once the store is known.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per intent, store and session
  useEffect(() => {
    if (intent === null || !loggedIn || !store) return;
    let cancelled = false;
    const known = onPage(intent);
    (known ? Promise.resolve(known) : queryClient.fetchQuery(productQueryOptions(intent)))
      .then((product) => {
        if (cancelled) return;
        if (product.store_id === store.id) order(product);
        else clearIntent();
      })
      .catch(() => {
        if (!cancelled) clearIntent();
      });
    return () => {
      cancelled = true;
    };
  }, [intent, loggedIn, store?.id]);

  const close = () => {
    setOrdering(null);
    clearIntent();
  };

  const confirm = (quantity: number) => {
    if (!ordering) return;
    const result = addToCart(
      { ...ordering, store: { name_store: store?.name_store ?? ordering.store.name_store } },
      quantity,
      loggedIn,
    );
    if (result === 'added') {
      // The toast sits where the store page's «السلة (n)» is on a phone: it carries the way there itself.
      const cart = paths.cart.getHref(store?.id ?? ordering.store_id);
      notify.success(t('product.added'), { button: { label: t('product.viewCart'), onClick: () => navigate(cart) } });
    } else if (result === 'order-pending') notify.info(t('product.orderPending'));
    close();
  };

  return { ordering, order, close, confirm };
}
