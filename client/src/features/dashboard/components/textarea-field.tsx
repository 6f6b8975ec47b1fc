/** A Formik-bound multi-line field; error only after touch (SPEC.md §5). */
import { Field } from '@chakra-ui/react/field';
import { Textarea } from '@chakra-ui/react/textarea';
import { useField } from 'formik';
import { fieldRecipe, textareaRecipe } from '@/features/dashboard/lib/recipes';

export function TextareaField({ name, label, rows = 6 }: { name: string; label: string; rows?: number }) {
  const [field, meta] = useField<string>(name);
  const invalid = Boolean(meta.touched && meta.error);
  return (
    <Field.Root recipe={fieldRecipe} invalid={invalid}>
      <Field.Label>{label}</Field.Label>
      <Textarea recipe={textareaRecipe} {...field} value={field.value ?? ''} rows={rows} dir="auto" />
      {invalid && <Field.ErrorText>{meta.error}</Field.ErrorText>}
    </Field.Root>
  );
}
