import { LocaleProvider } from '@chakra-ui/react/locale';
import { ChakraProvider } from '@chakra-ui/react/styled-system';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Hosts } from '@/components/ui/hosts';
import { queryClient as appQueryClient } from '@/lib/query-client';
import { system } from '@/lib/theme/system';
import { SessionEffects } from './session-effects';

/** `queryClient`: the server's per-request client (app/ssr/entry-server.tsx); the browser uses the app's one. */
export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const { i18n } = useTranslation();
  return (
    <ChakraProvider value={system}>
      <LocaleProvider locale={i18n.language === 'en' ? 'en-GB' : 'ar-SY'}>
        <QueryClientProvider client={queryClient ?? appQueryClient}>
          <SessionEffects />
          {children}
          {/* The toaster and the confirm dialog, once a screen that uses them has loaded (hosts.tsx). */}
          <Hosts />
        </QueryClientProvider>
      </LocaleProvider>
    </ChakraProvider>
  );
}
