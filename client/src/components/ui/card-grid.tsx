import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import type { ReactNode } from 'react';

/** One column on a 360 px phone, up to four on a laptop. */
export function CardGrid({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <SimpleGrid as="ul" aria-label={label} columns={{ base: 1, sm: 2, lg: 3, xl: 4 }} gap="4" listStyleType="none">
      {children}
    </SimpleGrid>
  );
}
