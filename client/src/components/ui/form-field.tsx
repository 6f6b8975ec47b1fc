/** A Formik-bound text field: label, input, error only after the field was touched (SPEC.md §5). */
import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';
import { useField } from 'formik';
import type { HTMLInputTypeAttribute } from 'react';
import { fieldRecipe } from '../../lib/theme/slot-recipes';

interface FormFieldProps {
  name: string;
  label: string;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  inputMode?: 'text' | 'tel' | 'numeric' | 'decimal';
  dir?: 'rtl' | 'ltr' | 'auto';
  placeholder?: string;
}

export function FormField({ name, label, type = 'text', autoComplete, inputMode, dir, placeholder }: FormFieldProps) {
  const [field, meta] = useField<string>(name);
  const invalid = Boolean(meta.touched && meta.error);
  return (
    <Field.Root recipe={fieldRecipe} invalid={invalid}>
      <Field.Label>{label}</Field.Label>
      <Input
        {...field}
        value={field.value ?? ''}
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        dir={dir}
        placeholder={placeholder}
        textAlign="start"
        size="lg"
      />
      {invalid && <Field.ErrorText>{meta.error}</Field.ErrorText>}
    </Field.Root>
  );
}
