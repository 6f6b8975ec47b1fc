/** Register: phone, name, type (doctor 1 / farmer 2), password, confirmation (SPEC.md §2, §5). */
import { registerSchema, type User } from '@agrivet/shared';
import { Button } from '@chakra-ui/react/button';
import { Field } from '@chakra-ui/react/field';
import { RadioGroup } from '@chakra-ui/react/radio-group';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Form, Formik, type FormikHelpers, useField } from 'formik';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/form-field';
import { notify } from '@/components/ui/toaster';
import { currentLang } from '@/i18n';
import { ApiError } from '@/lib/api-error';
import { type RegisterInput, useRegister } from '@/api/auth';
import { fieldRecipe, radioGroupRecipe } from '@/lib/theme/slot-recipes';

const initialValues: RegisterInput = { phone: '', name: '', type: '', password: '', password_confirmation: '' };

function TypeField() {
  const { t } = useTranslation();
  const [field, meta, helpers] = useField<number | ''>('type');
  const invalid = Boolean(meta.touched && meta.error);
  const options = [
    { value: '1', label: t('auth.doctor') },
    { value: '2', label: t('auth.farmer') },
  ];
  return (
    <Field.Root recipe={fieldRecipe} invalid={invalid}>
      <RadioGroup.Root
        recipe={radioGroupRecipe}
        name="type"
        value={field.value === '' ? null : String(field.value)}
        onValueChange={(e) => {
          void helpers.setValue(e.value ? Number(e.value) : '');
          void helpers.setTouched(true, false);
        }}
        onBlur={() => void helpers.setTouched(true)}
        colorPalette="green"
        aria-label={t('auth.type')}
      >
        <RadioGroup.Label fontWeight="medium" mb="2" display="block">
          {t('auth.type')}
        </RadioGroup.Label>
        <HStack gap="6">
          {options.map((o) => (
            <RadioGroup.Item key={o.value} value={o.value}>
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>{o.label}</RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </HStack>
      </RadioGroup.Root>
      {invalid && <Field.ErrorText>{meta.error}</Field.ErrorText>}
    </Field.Root>
  );
}

export function RegisterForm({ onSuccess }: { onSuccess: (user: User) => void }) {
  const { t, i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt when the language changes.
  const schema = useMemo(() => registerSchema(currentLang()), [i18n.language]);
  const register = useRegister();

  const submit = async (values: RegisterInput, helpers: FormikHelpers<RegisterInput>) => {
    try {
      const input = schema.cast(values) as unknown as RegisterInput;
      const payload = await register.mutateAsync(input);
      notify.success(t('auth.registerSuccess'));
      onSuccess(payload.user);
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fields).length > 0) helpers.setErrors(err.fields);
      notify.error(err, t('errors.requestFailed'));
    }
  };

  return (
    <Formik initialValues={initialValues} validationSchema={schema} onSubmit={submit}>
      {({ isSubmitting }) => (
        <Form noValidate aria-label={t('auth.registerTitle')}>
          <Stack gap="4">
            <FormField name="phone" label={t('auth.phone')} type="tel" numeric="phone" autoComplete="tel" dir="ltr" />
            <FormField name="name" label={t('auth.name')} autoComplete="name" />
            <TypeField />
            <FormField name="password" label={t('auth.password')} type="password" autoComplete="new-password" />
            <FormField
              name="password_confirmation"
              label={t('auth.passwordConfirmation')}
              type="password"
              autoComplete="new-password"
            />
            <Button type="submit" size="lg" colorPalette="green" loading={isSubmitting}>
              {t('auth.submitRegister')}
            </Button>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
