import { LocaleProvider } from '@chakra-ui/react/locale';
import { ChakraProvider } from '@chakra-ui/react/styled-system';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialogHost } from '../components/ui/confirm-dialog';
import { Toaster } from '../components/ui/toaster';
import { QueryProvider } from '../lib/query-provider';
import { system } from '../lib/theme/system';
import { SessionEffects } from './session-effects';

export function AppProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <ChakraProvider value={system}>
      <LocaleProvider locale={i18n.language === 'en' ? 'en-GB' : 'ar-SY'}>
        <QueryProvider>
          <SessionEffects />
          {children}
          <Toaster />
          <ConfirmDialogHost />
        </QueryProvider>
      </LocaleProvider>
    </ChakraProvider>
  );
}
