/** A Formik-bound text field: label, input, error only after the field was touched (SPEC.md §5). */
import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';
import { useField } from 'formik';
import type { HTMLInputTypeAttribute } from 'react';
import { type NumericKind, normalizeNumericInput, numericInputMode } from '@/lib/numeric-input';
import { fieldRecipe } from '@/lib/theme/slot-recipes';

interface FormFieldProps {
  name: string;
  label: string;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  inputMode?: 'text' | 'tel' | 'numeric' | 'decimal';
  dir?: 'rtl' | 'ltr' | 'auto';
  placeholder?: string;
  /** A number or phone: Arabic-Indic and Persian digits become 0-9 as typed, with the matching keypad. */
  numeric?: NumericKind;
  /** Disabled (e.g. a disabled account's form). */
  disabled?: boolean;
}

export function FormField({
  name,
  label,
  type = 'text',
  autoComplete,
  inputMode,
  dir,
  placeholder,
  numeric,
  disabled,
}: FormFieldProps) {
  const [field, meta, helpers] = useField<string>(name);
  const invalid = Boolean(meta.touched && meta.error);
  return (
    <Field.Root recipe={fieldRecipe} invalid={invalid}>
      <Field.Label>{label}</Field.Label>
      <Input
        {...field}
        onChange={
          numeric ? (e) => void helpers.setValue(normalizeNumericInput(e.currentTarget.value, numeric)) : field.onChange
        }
        value={field.value ?? ''}
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode ?? (numeric ? numericInputMode[numeric] : undefined)}
        disabled={disabled}
        dir={dir}
        placeholder={placeholder}
        textAlign="start"
        size="lg"
      />
      {invalid && <Field.ErrorText>{meta.error}</Field.ErrorText>}
    </Field.Root>
  );
}
