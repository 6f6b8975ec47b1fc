import { Box } from '@chakra-ui/react/box';
import { Link } from '@chakra-ui/react/link';
import { Text } from '@chakra-ui/react/text';
import { useTranslation } from 'react-i18next';
import { useRef } from 'react';
import { Navigate, Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { useUser } from '@/api/auth';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { RegisterForm } from '@/features/auth/components/register-form';
import { redirectAfterLogin, redirectAfterRegister } from '@/features/auth/lib/redirects';

/** /signup and /createAcount (same screen). */
export default function RegisterRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = params.get('next');
  // Already signed in (a link to it, «انضم الآن» tapped before the page's code ran): straight on, as
  // /login does — but not once this form was sent, whose new account goes where registering leads.
  const user = useUser();
  const sent = useRef(false);
  if (user && !sent.current) return <Navigate to={redirectAfterLogin(user, next).to} replace />;
  return (
    <AuthCard title={t('auth.registerTitle')}>
      <Box
        onSubmitCapture={() => {
          sent.current = true;
        }}
      >
        <RegisterForm onSuccess={(user) => navigate(redirectAfterRegister(user, next).to, { replace: true })} />
      </Box>
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
