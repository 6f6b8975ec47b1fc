import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { useTranslation } from 'react-i18next';
import { LanguagesIcon } from '@/components/ui/icons';
import { currentLang, setLang } from '@/i18n';

/**
 * ar ⇄ en; flips <html dir/lang>. Its name is its content — the other language's name as shown
 * ("English", in that language) and what the button does, for screen readers only — so the accessible
 * name contains the visible text (axe: label-content-name-mismatch).
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const other = currentLang() === 'ar' ? 'en' : 'ar';
  return (
    <Button
      size="sm"
      variant="ghost"
      onClick={() => void setLang(other)}
      px={{ base: '2', sm: '3' }}
      whiteSpace="nowrap"
      flexShrink={0}
    >
      <LanguagesIcon aria-hidden />
      <span lang={other}>{t('app.language')}</span>
      <Box as="span" srOnly>
        {` — ${t('app.languageLabel')}`}
      </Box>
    </Button>
  );
}
