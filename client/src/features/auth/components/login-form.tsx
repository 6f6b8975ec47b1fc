/** Login: phone + password, spinner while submitting (SPEC.md §2, §5). */
import { loginSchema, type User } from '@agrivet/shared';
import { Button } from '@chakra-ui/react/button';
import { Stack } from '@chakra-ui/react/stack';
import { Form, Formik, type FormikHelpers } from 'formik';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/form-field';
import { notify } from '@/components/ui/toaster';
import { currentLang } from '@/i18n';
import { ApiError, errorMessage, hasErrorCode } from '@/lib/api-error';
import { type LoginInput, useLogin } from '@/api/auth';

const initialValues: LoginInput = { phone: '', password: '' };

export function LoginForm({ onSuccess }: { onSuccess: (user: User) => void }) {
  const { t, i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt when the language changes.
  const schema = useMemo(() => loginSchema(currentLang()), [i18n.language]);
  const login = useLogin();

  const submit = async (values: LoginInput, helpers: FormikHelpers<LoginInput>) => {
    try {
      const input = schema.cast(values) as LoginInput;
      const payload = await login.mutateAsync(input);
      notify.success(t('auth.loginSuccess'), { action: 'login' });
      onSuccess(payload.user);
    } catch (err) {
      // Beside the fields too: the 422 field messages, a wrong phone or password under the password,
      // too many attempts and a blocked account under the phone.
      if (err instanceof ApiError && Object.keys(err.fields).length > 0) helpers.setErrors(err.fields);
      else if (hasErrorCode(err, 'unauthenticated'))
        helpers.setErrors({ password: errorMessage(err, t('errors.requestFailed')) });
      else if (hasErrorCode(err, 'rate_limited') || hasErrorCode(err, 'blocked'))
        helpers.setErrors({ phone: errorMessage(err, t('errors.requestFailed')) });
      notify.error(err, t('errors.requestFailed'), { action: 'login' });
    }
  };

  return (
    <Formik initialValues={initialValues} validationSchema={schema} onSubmit={submit}>
      {({ isSubmitting }) => (
        <Form noValidate aria-label={t('auth.loginTitle')}>
          <Stack gap="4">
            <FormField
              name="phone"
              label={t('auth.phone')}
              type="tel"
              numeric="phone"
              autoComplete="username"
              dir="ltr"
            />
            <FormField name="password" label={t('auth.password')} type="password" autoComplete="current-password" />
            <Button type="submit" size="lg" colorPalette="green" loading={isSubmitting}>
              {t('auth.submitLogin')}
            </Button>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
