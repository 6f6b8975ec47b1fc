/** Search box of the top bar → /search?q=… */
import { IconButton } from '@chakra-ui/react/button';
import { PlainInput as Input } from '@/components/ui/plain-input';
import { HStack } from '@chakra-ui/react/stack';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchIcon } from '@/components/ui/nav-icons';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '@/config/paths';

export function SearchBox() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [q, setQ] = useState(params.get('q') ?? '');
  useEffect(() => setQ(params.get('q') ?? ''), [params]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = q.trim();
    if (value) navigate(paths.search.getHref(value));
  };
  return (
    <HStack as="form" role="search" onSubmit={submit} gap="1" flex="1" maxW={{ md: 'md' }}>
      <Input
        type="search"
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
        placeholder={t('nav.searchPlaceholder')}
        aria-label={t('nav.search')}
        size="sm"
        bg="bg"
        dir="auto"
      />
      <IconButton type="submit" aria-label={t('nav.search')} size="sm" colorPalette="green">
        <SearchIcon />
      </IconButton>
    </HStack>
  );
}
