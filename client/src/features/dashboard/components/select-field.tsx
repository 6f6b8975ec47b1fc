/** A Formik-bound native select of numbered options (province, store type, product type …). */
import { Field } from '@chakra-ui/react/field';
import { NativeSelect } from '@chakra-ui/react/native-select';
import { useField } from 'formik';
import { fieldRecipe, nativeSelectRecipe } from '@/features/dashboard/lib/recipes';

interface SelectFieldProps {
  name: string;
  label: string;
  options: { value: number; label: string }[];
  placeholder?: string;
}

export function SelectField({ name, label, options, placeholder }: SelectFieldProps) {
  const [field, meta, helpers] = useField<number | ''>(name);
  const invalid = Boolean(meta.touched && meta.error);
  return (
    <Field.Root recipe={fieldRecipe} invalid={invalid}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root recipe={nativeSelectRecipe} size="lg">
        <NativeSelect.Field
          name={name}
          value={field.value === '' || field.value === undefined ? '' : String(field.value)}
          onChange={(e) => void helpers.setValue(e.currentTarget.value === '' ? '' : Number(e.currentTarget.value))}
          onBlur={() => void helpers.setTouched(true)}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {invalid && <Field.ErrorText>{meta.error}</Field.ErrorText>}
    </Field.Root>
  );
}
