/** A Formik-bound yes/no checkbox (is_special). */
import { Checkbox } from '@chakra-ui/react/checkbox';
import { useField } from 'formik';
import { checkboxRecipe } from '@/features/dashboard/lib/recipes';

export function CheckboxField({ name, label }: { name: string; label: string }) {
  const [field, , helpers] = useField<boolean>(name);
  return (
    <Checkbox.Root
      recipe={checkboxRecipe}
      colorPalette="green"
      checked={Boolean(field.value)}
      onCheckedChange={(e) => void helpers.setValue(e.checked === true)}
    >
      <Checkbox.HiddenInput name={name} />
      <Checkbox.Control />
      <Checkbox.Label>{label}</Checkbox.Label>
    </Checkbox.Root>
  );
}
