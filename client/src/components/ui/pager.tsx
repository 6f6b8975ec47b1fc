/** Previous / next pagination by last_page (SPEC.md §2). */
import { Button } from '@chakra-ui/react/button';
import { HStack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useTranslation } from 'react-i18next';
import { MdChevronLeft, MdChevronRight } from 'react-icons/md';

interface PagerProps {
  page: number;
  lastPage: number;
  onChange: (page: number) => void;
}

export function Pager({ page, lastPage, onChange }: PagerProps) {
  const { t, i18n } = useTranslation();
  if (lastPage <= 1) return null;
  const rtl = i18n.dir() === 'rtl';
  const Prev = rtl ? MdChevronRight : MdChevronLeft;
  const Next = rtl ? MdChevronLeft : MdChevronRight;
  return (
    <HStack as="nav" aria-label={t('list.page', { page, last: lastPage })} justify="center" gap="3" py="4">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        <Prev aria-hidden />
        {t('list.previous')}
      </Button>
      <Text fontSize="sm" color="fg.muted">
        {t('list.page', { page, last: lastPage })}
      </Text>
      <Button variant="outline" size="sm" disabled={page >= lastPage} onClick={() => onChange(page + 1)}>
        {t('list.next')}
        <Next aria-hidden />
      </Button>
    </HStack>
  );
}
