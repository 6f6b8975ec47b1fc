/** profile/ChangePassword: current password, new one (4–50) and its confirmation. */
import { changePasswordSchema } from '@agrivet/shared';
import { Stack } from '@chakra-ui/react/stack';
import { Form, Formik, type FormikHelpers } from 'formik';
import { useMemo } from 'react';
import { FormField } from '@/components/ui/form-field';
import { changePassword } from '@/api/auth';
import { FormActions } from '@/features/dashboard/components/form-actions';
import { FormCard } from '@/features/dashboard/components/form-card';
import { ScreenFrame } from '@/features/dashboard/components/screen-frame';
import { useDashboardT } from '@/features/dashboard/lib/i18n';
import { saveWithFeedback } from '@/features/dashboard/lib/save-form';

const initial = { current_password: '', password: '', password_confirmation: '' };
type Values = typeof initial;

export default function ChangePasswordRoute() {
  const { t, lang } = useDashboardT();
  const schema = useMemo(() => changePasswordSchema(lang), [lang]);
  const submit = async (values: Values, helpers: FormikHelpers<Values>) => {
    const ok = await saveWithFeedback(() => changePassword(values), t('profile.passwordChanged'), helpers);
    if (ok) helpers.resetForm();
  };
  return (
    <ScreenFrame title={t('profile.changePassword')}>
      <FormCard>
        <Formik initialValues={initial} validationSchema={schema} onSubmit={submit}>
          {({ isSubmitting }) => (
            <Form noValidate aria-label={t('profile.changePassword')}>
              <Stack gap="4">
                <FormField
                  name="current_password"
                  label={t('profile.currentPassword')}
                  type="password"
                  autoComplete="current-password"
                />
                <FormField
                  name="password"
                  label={t('profile.newPassword')}
                  type="password"
                  autoComplete="new-password"
                />
                <FormField
                  name="password_confirmation"
                  label={t('profile.confirmPassword')}
                  type="password"
                  autoComplete="new-password"
                />
                <FormActions submitting={isSubmitting} />
              </Stack>
            </Form>
          )}
        </Formik>
      </FormCard>
    </ScreenFrame>
  );
}
