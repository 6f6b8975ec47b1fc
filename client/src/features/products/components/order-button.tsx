/**
 * «اطلب»: a submit button in a GET form to /login with `next` = this page plus `?order={product id}`
 * (ORDER_INTENT). Once React has the page, submitting is the order flow itself (useOrderFlow: the
 * quantity dialog, or /login for a visitor). Before that — a server-rendered page on a slow phone, whose
 * code starts after the load event — the tap still goes somewhere: /login, which sends a signed-in farmer
 * straight back here with the intent (a visitor after signing in), and this page opens the product's
 * quantity dialog. The form takes no room of its own (`display: contents`): the button sits in its row.
 */
import { Button, type ButtonProps } from '@chakra-ui/react/button';
import type { FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { ORDER_INTENT } from '@/features/products/lib/order-flow';

interface OrderButtonProps extends Omit<ButtonProps, 'type' | 'onClick'> {
  productId: number;
  onOrder: () => void;
}

export function OrderButton({ productId, onOrder, children, ...button }: OrderButtonProps) {
  const { pathname, search } = useLocation();
  const back = new URLSearchParams(search);
  back.set(ORDER_INTENT, String(productId));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onOrder();
  };
  return (
    <form action={paths.login.getHref()} method="get" onSubmit={submit} style={{ display: 'contents' }}>
      <input type="hidden" name="next" value={`${pathname}?${back}`} />
      <Button type="submit" colorPalette="green" {...button}>
        {children}
      </Button>
    </form>
  );
}
