/**
 * Quantity dialog of the order button (a whole number from 1, SPEC.md §5): a text field with the numeric
 * keypad; Arabic-Indic and Persian digits become 0-9 as typed (lib/numeric-input.ts). A decimal point
 * (`.`, `,`, `٫`) stays in the field and is refused at once with «الكمية عدد صحيح»: dropping it would turn
 * 1.5 into 15.
 */
import type { Product } from '@agrivet/shared';
import { quantitySchema } from '@agrivet/shared';
import { Button } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';
import { Portal } from '@chakra-ui/react/portal';
import { Text } from '@chakra-ui/react/text';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Price } from '@/components/ui/price';
import { currentLang } from '@/i18n';
import { normalizeNumericInput } from '@/lib/numeric-input';
import { dialogRecipe, fieldRecipe } from '@/lib/theme/slot-recipes';

interface QuantityDialogProps {
  product: Product | null;
  initialQuantity?: number;
  onClose: () => void;
  onConfirm: (quantity: number) => void;
}

export function QuantityDialog({ product, initialQuantity = 1, onClose, onConfirm }: QuantityDialogProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState(String(initialQuantity));
  const [touched, setTouched] = useState(false);
  const id = useId();
  // Kept as typed (digits and one point): a point is a fraction, never a digit to drop.
  const fraction = value.includes('.');
  let error: string | null = fraction ? t('product.wholeQuantity') : null;
  let quantity = 0;
  if (!fraction)
    try {
      quantity = quantitySchema(currentLang()).validateSync({ quantity: value }).quantity;
    } catch (err) {
      error = err instanceof Error ? err.message : t('errors.requestFailed');
    }
  const shown = (touched || fraction) && error !== null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (error === null) onConfirm(quantity);
  };

  return (
    <Dialog.Root
      recipe={dialogRecipe}
      open={product !== null}
      onOpenChange={(e) => {
        if (!e.open) onClose();
      }}
      placement="center"
      initialFocusEl={() => document.getElementById(id)}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <form onSubmit={submit} noValidate>
              <Dialog.Header>
                <Dialog.Title>{product?.name}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                {product && (
                  <Text mb="3" color="fg.muted">
                    {t('product.price')}: <Price amount={product.price_cents} />
                  </Text>
                )}
                <Field.Root recipe={fieldRecipe} invalid={shown}>
                  <Field.Label htmlFor={id}>{t('product.quantity')}</Field.Label>
                  <Input
                    id={id}
                    type="text"
                    inputMode="numeric"
                    pattern="[0-9]*"
                    autoComplete="off"
                    dir="ltr"
                    textAlign="start"
                    value={value}
                    onChange={(e) => setValue(normalizeNumericInput(e.currentTarget.value, 'decimal'))}
                    onBlur={() => setTouched(true)}
                    size="lg"
                  />
                  {shown && <Field.ErrorText>{error}</Field.ErrorText>}
                </Field.Root>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" type="button" onClick={onClose}>
                  {t('product.cancel')}
                </Button>
                <Button colorPalette="green" type="submit">
                  {t('product.addToCart')}
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
