import { Button } from '@chakra-ui/react/button';
import { Link } from '@chakra-ui/react/link';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Form, Formik } from 'formik';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FaWhatsapp } from 'react-icons/fa';
import { Link as RouterLink } from 'react-router-dom';
import { FormField } from '@/components/ui/form-field';
import { notify } from '@/components/ui/toaster';
import { env, messagingLink } from '@/config/env';
import { paths } from '@/config/paths';
import { currentLang } from '@/i18n';
import { forgetPasswordSchema } from '@agrivet/shared';
import { forgetPassword } from '@/api/auth';
import { AuthCard } from '@/features/auth/components/auth-card';

export default function ForgetPasswordRoute() {
  const { t, i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt when the language changes.
  const schema = useMemo(() => forgetPasswordSchema(currentLang()), [i18n.language]);
  return (
    <AuthCard title={t('auth.forgetTitle')}>
      <Text color="fg.muted">{t('auth.forgetText')}</Text>
      <Formik
        initialValues={{ phone: '' }}
        validationSchema={schema}
        onSubmit={async (values, helpers) => {
          try {
            await forgetPassword(schema.cast(values).phone);
            notify.success(t('api.resetRequested'));
            helpers.resetForm();
          } catch (err) {
            notify.error(err, t('errors.requestFailed'));
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate aria-label={t('auth.forgetTitle')}>
            <Stack gap="4">
              <FormField name="phone" label={t('auth.phone')} type="tel" numeric="phone" autoComplete="tel" dir="ltr" />
              <Button type="submit" size="lg" colorPalette="green" loading={isSubmitting}>
                {t('auth.forgetSubmit')}
              </Button>
            </Stack>
          </Form>
        )}
      </Formik>
      <Stack gap="2" textAlign="center" fontSize="sm">
        <Link href={messagingLink(env.supportPhone)} target="_blank" rel="noopener" colorPalette="green">
          <FaWhatsapp aria-hidden /> {t('auth.contactSupport')}
        </Link>
        <Link asChild colorPalette="green">
          <RouterLink to={paths.login.getHref()}>{t('auth.loginTitle')}</RouterLink>
        </Link>
      </Stack>
    </AuthCard>
  );
}
