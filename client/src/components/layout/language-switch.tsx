import { Button } from '@chakra-ui/react/button';
import { useTranslation } from 'react-i18next';
import { LanguagesIcon } from '@/components/ui/nav-icons';
import { currentLang, setLang } from '@/i18n';

/** ar ⇄ en; flips <html dir/lang>. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  return (
    <Button
      size="sm"
      variant="ghost"
      aria-label={t('app.languageLabel')}
      onClick={() => void setLang(currentLang() === 'ar' ? 'en' : 'ar')}
      lang={currentLang() === 'ar' ? 'en' : 'ar'}
      px={{ base: '2', sm: '3' }}
      whiteSpace="nowrap"
      flexShrink={0}
    >
      <LanguagesIcon aria-hidden />
      {t('app.language')}
    </Button>
  );
}
