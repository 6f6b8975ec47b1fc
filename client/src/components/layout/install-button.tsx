/** "Install app" button: shown only when the browser fired beforeinstallprompt. */
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadIcon } from '@/components/ui/icons';

interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export function InstallButton() {
  const { t } = useTranslation();
  const [deferred, setDeferred] = useState<BeforeInstallPromptEvent | null>(null);
  useEffect(() => {
    const onPrompt = (e: Event) => {
      e.preventDefault();
      setDeferred(e as BeforeInstallPromptEvent);
    };
    const onInstalled = () => setDeferred(null);
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);
  if (!deferred) return null;
  return (
    // Icon-only on a phone (its name stays the accessible name): the header keeps one row at 360 px.
    <Button
      size="sm"
      variant="subtle"
      colorPalette="green"
      aria-label={t('nav.install')}
      px={{ base: '2', sm: '3' }}
      onClick={async () => {
        await deferred.prompt();
        await deferred.userChoice;
        setDeferred(null);
      }}
    >
      <DownloadIcon aria-hidden />
      <Box as="span" display={{ base: 'none', sm: 'inline' }}>
        {t('nav.install')}
      </Box>
    </Button>
  );
}
