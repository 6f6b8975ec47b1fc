/** The frame of the standalone auth screens: logo, title, content. */
import { Box } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import { Image } from '@chakra-ui/react/image';
import { Stack } from '@chakra-ui/react/stack';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { LOGO_URL } from '@/lib/images';

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box minH="100dvh" display="flex" alignItems="center" justifyContent="center" px="4" py="8" bg="green.50">
      <Stack as="main" w="full" maxW="md" bg="bg" rounded="2xl" shadow="md" px={{ base: '5', md: '8' }} py="8" gap="5">
        <RouterLink to={paths.home.getHref()} style={{ alignSelf: 'center' }}>
          <Image src={LOGO_URL} alt="أغريفت" width="88px" height="88px" />
        </RouterLink>
        <Heading as="h1" size="xl" textAlign="center">
          {title}
        </Heading>
        {children}
      </Stack>
    </Box>
  );
}
