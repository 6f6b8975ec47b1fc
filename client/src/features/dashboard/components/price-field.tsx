/**
 * A Formik-bound price: typed as text with the decimal keypad, its digits normalised as they are typed
 * (Arabic-Indic ٠-٩ and Persian ۰-۹ become 0-9, ٫ or a comma a point: lib/numeric-input.ts) — but a
 * leading minus stays where it was typed, so «-5» is refused by the form's check («يجب ألا تقل القيمة
 * عن 0») instead of silently becoming 5, a price the user did not type. Error only after touch.
 */
import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';
import { useField } from 'formik';
import { normalizeNumericInput } from '@/lib/numeric-input';
import { fieldRecipe } from '@/features/dashboard/lib/recipes';

/** The typed price with Western digits and one point, its leading minus (- or −) kept as «-». */
export function normalizePriceInput(typed: string): string {
  const minus = /^\s*[-\u2212]/.test(typed) ? '-' : '';
  return minus + normalizeNumericInput(typed, 'decimal');
}

export function PriceField({ name, label }: { name: string; label: string }) {
  const [field, meta, helpers] = useField<string>(name);
  const invalid = Boolean(meta.touched && meta.error);
  return (
    <Field.Root recipe={fieldRecipe} invalid={invalid}>
      <Field.Label>{label}</Field.Label>
      <Input
        {...field}
        onChange={(e) => void helpers.setValue(normalizePriceInput(e.currentTarget.value))}
        value={field.value ?? ''}
        inputMode="decimal"
        dir="ltr"
        textAlign="start"
        size="lg"
      />
      {invalid && <Field.ErrorText>{meta.error}</Field.ErrorText>}
    </Field.Root>
  );
}
