/**
 * Search box of the top bar → /search?q=… A real GET form to /search with the field named `q`, so a
 * search sent before the page's code has run (a server-rendered page on a slow phone) still arrives.
 */
import { IconButton } from '@chakra-ui/react/button';
import { PlainInput as Input } from '@/components/ui/plain-input';
import { HStack } from '@chakra-ui/react/stack';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchIcon } from '@/components/ui/icons';
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
    <HStack asChild gap="1" flex="1" maxW={{ md: 'md' }}>
      {/* biome-ignore lint/a11y/useSemanticElements: a form with role="search" is read as search everywhere;
          the <search> element is unknown to the older browsers of cheap phones (before Chrome 118) */}
      <form role="search" action={paths.search.path} method="get" onSubmit={submit}>
        <Input
          type="search"
          name="q"
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
      </form>
    </HStack>
  );
}
