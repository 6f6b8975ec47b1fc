/**
 * The white panel a dashboard form sits on. `guarded`: a write the API refuses to a disabled store
 * account (products, store, articles): for such an account the form is shown disabled (a disabled
 * fieldset) with a note, instead of failing on save.
 */
import { Box } from '@chakra-ui/react/box';
import { Text } from '@chakra-ui/react/text';
import type { ReactNode } from 'react';
import { useUser } from '@/api/auth';
import { useDashboardT } from '@/features/dashboard/lib/i18n';
import { suspendedByAdmin, writesBlocked } from '@/features/dashboard/lib/access';

export function FormCard({ children, guarded }: { children: ReactNode; guarded?: boolean }) {
  const { t } = useDashboardT();
  const user = useUser();
  const blocked = Boolean(guarded) && writesBlocked(user);
  return (
    <Box bg="bg" borderWidth="1px" rounded="lg" p={{ base: '4', md: '6' }} maxW="2xl">
      {blocked ? (
        <>
          <Text color="orange.700" fontWeight="bold" mb="3" role="note">
            {suspendedByAdmin(user) ? t('suspended.locked') : t('expired.locked')}
          </Text>
          <fieldset disabled aria-disabled="true" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            {children}
          </fieldset>
        </>
      ) : (
        children
      )}
    </Box>
  );
}
