/**
 * «مشاركة» on a product, a store or an article: the phone's own share sheet (Web Share API) where there
 * is one; elsewhere the link is copied to the clipboard, and where even that is refused (an insecure
 * origin, a denied permission) the link is shown selected in a field, to copy by hand. The URL is built
 * from `path` and this page's origin at the tap (the server renders the same button).
 */
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Text } from '@chakra-ui/react/text';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MdShare } from 'react-icons/md';
import { PlainInput } from './plain-input';
import { notify } from './toaster';

interface ShareButtonProps {
  /** The page to share, e.g. /product/12. */
  path: string;
  title: string;
  text?: string;
  size?: 'sm' | 'md';
  /** For a list of cards: "مشاركة: {title}". */
  labelWithTitle?: boolean;
}

const isAbort = (err: unknown) => err instanceof DOMException && err.name === 'AbortError';

export function ShareButton({ path, title, text, size = 'sm', labelWithTitle }: ShareButtonProps) {
  const { t } = useTranslation();
  const [manual, setManual] = useState<string | null>(null);
  const fieldId = useId();

  const share = async () => {
    const url = new URL(path, window.location.origin).href;
    const data = { title, text, url };
    if (typeof navigator.share === 'function' && (!navigator.canShare || navigator.canShare(data))) {
      try {
        await navigator.share(data);
        return;
      } catch (err) {
        if (isAbort(err)) return; // the user closed the sheet
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setManual(null);
      notify.success(t('share.copied'));
    } catch {
      setManual(url);
    }
  };

  return (
    <Box display="contents">
      <Button
        size={size}
        variant="outline"
        colorPalette="gray"
        onClick={() => void share()}
        aria-label={labelWithTitle ? `${t('share.button')}: ${title}` : undefined}
      >
        <MdShare aria-hidden />
        {t('share.button')}
      </Button>
      {manual && (
        <Box flexBasis="full" data-testid="share-fallback">
          <Text asChild fontSize="sm" color="fg.muted" display="block" mb="1">
            <label htmlFor={fieldId}>{t('share.copyFailed')}</label>
          </Text>
          <PlainInput
            id={fieldId}
            readOnly
            value={manual}
            dir="ltr"
            size="sm"
            ref={(el: HTMLInputElement | null) => el?.select()}
            onFocus={(e) => e.currentTarget.select()}
          />
        </Box>
      )}
    </Box>
  );
}
