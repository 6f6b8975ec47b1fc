/** Renders a component inside the app's providers (Chakra system, locale, i18n, a memory router). */
import { LocaleProvider } from '@chakra-ui/react/locale';
import { ChakraProvider } from '@chakra-ui/react/styled-system';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import '../src/i18n';
import { system } from '../src/lib/theme/system';

export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  return render(
    <ChakraProvider value={system}>
      <LocaleProvider locale="ar-SY">
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </LocaleProvider>
    </ChakraProvider>,
  );
}
