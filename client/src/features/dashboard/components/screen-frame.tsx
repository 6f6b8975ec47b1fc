/**
 * A dashboard screen's frame: heading, optional actions, content (logical spacing, phone first). A text
 * heading titles the browser tab too («الاشتراكات — أغريفت»), as components/ui/page.tsx does elsewhere —
 * written here, not imported from lib/page-title.ts: a module shared by the public pages and the
 * dashboard's chunks became a chunk of its own, one more file in every public page's first load.
 */
import { Heading } from '@chakra-ui/react/heading';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

export function ScreenFrame({
  title,
  actions,
  children,
}: {
  title: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const tab = typeof title === 'string' ? `${title} — ${t('app.name')}` : null;
  useEffect(() => {
    if (tab) document.title = tab;
  }, [tab]);
  return (
    <Stack gap="4" p={{ base: '3', md: '6' }} maxW="6xl">
      <HStack justify="space-between" gap="3" flexWrap="wrap">
        <Heading as="h1" size={{ base: 'lg', md: 'xl' }}>
          {title}
        </Heading>
        {actions && (
          <HStack gap="2" flexWrap="wrap">
            {actions}
          </HStack>
        )}
      </HStack>
      {children}
    </Stack>
  );
}
