/** Province select of the browse lists (SPEC.md §2), "all provinces" first. */
import { PROVINCES } from '@agrivet/shared';
import { Field } from '@chakra-ui/react/field';
import { NativeSelect } from '@chakra-ui/react/native-select';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldRecipe, nativeSelectRecipe } from '@/lib/theme/slot-recipes';

export function ProvinceFilter({ value, onChange }: { value: number | null; onChange: (city: number | null) => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <Field.Root recipe={fieldRecipe} maxW={{ base: 'full', sm: 'xs' }}>
      <Field.Label htmlFor={id}>{t('list.province')}</Field.Label>
      <NativeSelect.Root recipe={nativeSelectRecipe} size="md">
        <NativeSelect.Field
          id={id}
          value={value === null ? '' : String(value)}
          onChange={(e) => onChange(e.currentTarget.value ? Number(e.currentTarget.value) : null)}
        >
          <option value="">{t('list.allProvinces')}</option>
          {PROVINCES.map((p) => (
            <option key={p.id} value={p.id}>
              {i18n.language === 'en' ? p.name_en : p.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
