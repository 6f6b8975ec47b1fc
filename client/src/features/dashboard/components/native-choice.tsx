/** A labelled native select of string choices, without Formik (the subscription and oversight forms). */
import { Field } from '@chakra-ui/react/field';
import { NativeSelect } from '@chakra-ui/react/native-select';
import { fieldRecipe, nativeSelectRecipe } from '@/features/dashboard/lib/recipes';

export function NativeChoice<T extends string>({
  label,
  value,
  onChange,
  options,
  name,
  size = 'lg',
  disabled,
}: {
  label: string;
  value: T;
  onChange: (value: T) => void;
  options: { value: T; label: string }[];
  name?: string;
  size?: 'sm' | 'md' | 'lg';
  disabled?: boolean;
}) {
  return (
    <Field.Root recipe={fieldRecipe} disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root recipe={nativeSelectRecipe} size={size}>
        <NativeSelect.Field name={name} value={value} onChange={(e) => onChange(e.currentTarget.value as T)}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
