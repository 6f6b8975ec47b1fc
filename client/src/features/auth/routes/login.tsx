import { Link } from '@chakra-ui/react/link';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useUser } from '@/api/auth';
import { notify } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { LoginForm } from '@/features/auth/components/login-form';
import { redirectAfterLogin } from '@/features/auth/lib/redirects';
import { useSession } from '@/stores/session';

export default function LoginRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  // /login?next=… (a link), or the page RequireAuth turned away.
  const next = params.get('next') ?? (location.state as { from?: string } | null)?.from ?? null;
  const keepNext = (href: string) => (next ? `${href}?next=${encodeURIComponent(next)}` : href);
  // Already signed in (a link tapped before the page's code ran was rendered for a visitor, as every
  // server-rendered page is): straight on, where this login would have gone.
  const user = useUser();
  // why the server ended the last session (expired, revoked elsewhere, the account blocked), if it did
  const ended = useSession((s) => s.ended);
  if (user) return <Navigate to={redirectAfterLogin(user, next).to} replace />;
  return (
    <AuthCard title={t('auth.loginTitle')}>
      {ended && (
        <Text role="status" data-testid="session-ended" bg="orange.50" color="orange.900" p="3" rounded="md">
          {ended}
        </Text>
      )}
      <LoginForm
        onSuccess={(user) => {
          const decision = redirectAfterLogin(user, next);
          if (decision.subscriptionExpired) notify.info(t('auth.subscriptionExpired'));
          navigate(decision.to, { replace: true });
        }}
      />
      <Stack gap="2" textAlign="center" fontSize="sm">
        <Link asChild colorPalette="green">
          <RouterLink to={paths.forgetPassword.getHref()}>{t('auth.forgot')}</RouterLink>
        </Link>
        <Text>
          {t('auth.noAccount')}{' '}
          <Link asChild colorPalette="green" fontWeight="bold">
            <RouterLink to={keepNext(paths.createAccount.getHref())}>{t('auth.registerTitle')}</RouterLink>
          </Link>
        </Text>
      </Stack>
    </AuthCard>
  );
}
