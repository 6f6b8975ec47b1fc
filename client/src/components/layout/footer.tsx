/**
 * Footer (SPEC.md §1): social links (config/social.ts: only the configured ones), messaging link to the
 * support number, agency credit.
 */
import { Box } from '@chakra-ui/react/box';
import { Container } from '@chakra-ui/react/container';
import { Link } from '@chakra-ui/react/link';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useTranslation } from 'react-i18next';
import { FaFacebook, FaInstagram, FaTelegram, FaWhatsapp } from 'react-icons/fa';
import { env, messagingLink } from '@/config/env';
import { type SocialNetwork, socialLinks } from '@/config/social';

const networks: Record<SocialNetwork, { label: string; Icon: typeof FaFacebook }> = {
  facebook: { label: 'Facebook', Icon: FaFacebook },
  instagram: { label: 'Instagram', Icon: FaInstagram },
  telegram: { label: 'Telegram', Icon: FaTelegram },
};
const social = socialLinks().map(({ network, href }) => ({ href, ...networks[network] }));

export default function Footer() {
  const { t } = useTranslation();
  return (
    <Box as="footer" bg="green.900" color="white" mt="auto" py="8">
      <Container maxW="6xl" px={{ base: '4', md: '6' }}>
        <Stack
          gap="4"
          align={{ base: 'stretch', md: 'center' }}
          direction={{ base: 'column', md: 'row' }}
          justify="space-between"
        >
          {social.length > 0 && (
            <Stack gap="2">
              <Text fontWeight="bold">{t('footer.social')}</Text>
              <HStack gap="3" fontSize="2xl">
                {social.map(({ href, label, Icon }) => (
                  <Link key={label} href={href} target="_blank" rel="noopener" aria-label={label} color="white">
                    <Icon aria-hidden />
                  </Link>
                ))}
              </HStack>
            </Stack>
          )}
          <Link href={messagingLink(env.supportPhone)} target="_blank" rel="noopener" color="white" fontWeight="bold">
            <FaWhatsapp aria-hidden /> {t('footer.chatUs')} <span dir="ltr">{env.supportPhone}</span>
          </Link>
          <Stack gap="1" fontSize="sm" color="green.100">
            <Text>{t('footer.credit')}</Text>
            <Text>
              © {new Date().getFullYear()} {t('app.name')} — {t('footer.rights')}
            </Text>
          </Stack>
        </Stack>
      </Container>
    </Box>
  );
}
