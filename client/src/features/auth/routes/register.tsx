import '@/i18n/shop';
import { Link } from '@chakra-ui/react/link';
import { Text } from '@chakra-ui/react/text';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { RegisterForm } from '@/features/auth/components/register-form';
import { redirectAfterRegister } from '@/features/auth/lib/redirects';

/** /signup and /createAcount (same screen). */
export default function RegisterRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = params.get('next');
  return (
    <AuthCard title={t('auth.registerTitle')}>
      <RegisterForm onSuccess={(user) => navigate(redirectAfterRegister(user, next).to, { replace: true })} />
      <Text textAlign="center" fontSize="sm">
        {t('auth.haveAccount')}{' '}
        <Link asChild colorPalette="green" fontWeight="bold">
          <RouterLink to={next ? `${paths.login.getHref()}?next=${encodeURIComponent(next)}` : paths.login.getHref()}>
            {t('auth.loginTitle')}
          </RouterLink>
        </Link>
      </Text>
    </AuthCard>
  );
}
