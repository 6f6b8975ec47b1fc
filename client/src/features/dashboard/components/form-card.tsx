/** The white panel a dashboard form sits on. */
import { Box } from '@chakra-ui/react/box';
import type { ReactNode } from 'react';

export function FormCard({ children }: { children: ReactNode }) {
  return (
    <Box bg="bg" borderWidth="1px" rounded="lg" p={{ base: '4', md: '6' }} maxW="2xl">
      {children}
    </Box>
  );
}
