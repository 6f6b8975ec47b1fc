/**
 * Page frame: a heading and the content, in a phone-first container; with `tab`, the browser tab's title
 * while the page is on screen (lib/page-title.ts: the public pages', as the server renders it). Without
 * one, a page whose heading is text is titled by it («طلباتي — أغريفت»), so a signed-in screen does not
 * keep the title of the page before it.
 */
import { Container } from '@chakra-ui/react/container';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { pageTitle, usePageTitle } from '@/lib/page-title';

export function Page({
  title,
  children,
  actions,
  tab,
}: {
  title: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
  /** The tab's title (null while it is not known: the current one stays). */
  tab?: string | null;
}) {
  const { t } = useTranslation();
  usePageTitle(tab !== undefined ? tab : typeof title === 'string' ? pageTitle(t, title) : null);
  return (
    <Container maxW="6xl" px={{ base: '3', md: '6' }} py={{ base: '4', md: '8' }}>
      <Stack gap="5">
        <Stack direction="row" align="center" justify="space-between" gap="3" flexWrap="wrap">
          <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
            {title}
          </Heading>
          {actions}
        </Stack>
        {children}
      </Stack>
    </Container>
  );
}
