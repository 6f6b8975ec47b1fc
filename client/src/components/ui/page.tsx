/** Page frame: a heading and the content, in a phone-first container. */
import { Container } from '@chakra-ui/react/container';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import type { ReactNode } from 'react';

export function Page({ title, children, actions }: { title: ReactNode; children: ReactNode; actions?: ReactNode }) {
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
