/**
 * Renders a component inside the app's providers (Chakra system, locale, i18n, a memory router, and a
 * fresh QueryClient with the app's defaults but no retries, holding the signed-in user if there is one).
 */
import { LocaleProvider } from '@chakra-ui/react/locale';
import { ChakraProvider } from '@chakra-ui/react/styled-system';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import '@/i18n';
import { saveUserChanges, seedSavedUser } from '@/api/auth';
import { createQueryClient } from '@/lib/query-client';
import { system } from '@/lib/theme/system';

/** The app's QueryClient defaults, without retries (a failure shows at once). */
export function createTestQueryClient(): QueryClient {
  const client = createQueryClient();
  client.setDefaultOptions({
    ...client.getDefaultOptions(),
    queries: { ...client.getDefaultOptions().queries, retry: false },
  });
  // Signed in (test/session.ts): the user is known, as in the app after GET auth/user answered.
  seedSavedUser(client, Date.now());
  saveUserChanges(client);
  return client;
}

export function renderWithProviders(
  ui: ReactElement,
  { route = '/', queryClient = createTestQueryClient() }: { route?: string; queryClient?: QueryClient } = {},
) {
  return {
    queryClient,
    ...render(
      <QueryClientProvider client={queryClient}>
        <ChakraProvider value={system}>
          <LocaleProvider locale="ar-SY">
            <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
          </LocaleProvider>
        </ChakraProvider>
      </QueryClientProvider>,
    ),
  };
}
