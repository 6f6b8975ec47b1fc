/**
 * A dashboard screen's frame: heading, optional actions, content (logical spacing, phone first). A text
 * heading titles the browser tab too («الاشتراكات — أغريفت»), as components/ui/page.tsx does elsewhere.
 */
import { Heading } from '@chakra-ui/react/heading';
import { HStack, Stack } from '@chakra-ui/react/stack';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { pageTitle, usePageTitle } from '@/lib/page-title';

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
  usePageTitle(typeof title === 'string' ? pageTitle(t, title) : null);
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
