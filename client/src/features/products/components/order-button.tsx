/**
 * «اطلب»: a submit button in a GET form to /login with `next` = this page plus `?order={product id}`
 * (ORDER_INTENT; components/ui/intent-form.tsx). Once React has the page, submitting is the order flow
 * itself (useOrderFlow: the quantity dialog, or /login for a visitor). Tapped before the page's code has
 * run, /login sends the farmer back here with the intent, and this page opens the product's quantity
 * dialog.
 */
import { Button, type ButtonProps } from '@chakra-ui/react/button';
import { IntentForm, useIntentHref } from '@/components/ui/intent-form';
import { ORDER_INTENT } from '@/features/products/lib/order-flow';

interface OrderButtonProps extends Omit<ButtonProps, 'type' | 'onClick'> {
  productId: number;
  onOrder: () => void;
}

export function OrderButton({ productId, onOrder, children, ...button }: OrderButtonProps) {
  return (
    <IntentForm next={useIntentHref(ORDER_INTENT, productId)} onSubmit={onOrder}>
      <Button type="submit" colorPalette="green" {...button}>
        {children}
      </Button>
    </IntentForm>
  );
}
