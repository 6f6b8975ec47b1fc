/**
 * The place of the report / block menu (thread-safety-menu.tsx) in a thread's header, for the farmer's
 * thread and the store's inbox alike: the menu with its dialogs, form fields and report queries is a
 * lazy chunk, and until it is in, its button is drawn in its place, inert.
 */
import type { Conversation } from '@agrivet/shared';
import { IconButton } from '@chakra-ui/react/button';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { MdMoreVert } from 'react-icons/md';

const ThreadSafetyMenu = lazy(() =>
  import('@/components/ui/thread-safety-menu').then((m) => ({ default: m.ThreadSafetyMenu })),
);

/**
 * How an interactive part's placeholder is drawn: the real control, inert (disabled: no focus, no tap),
 * without the disabled look (half opacity, a forbidden cursor) that made the thread flicker when the
 * code arrived a moment later.
 */
export const PLACEHOLDER_LOOK = { opacity: 1, cursor: 'default' } as const;

/** The menu's button, inert: what is drawn until the menu's code is in. */
export function ThreadSafetyPlaceholder() {
  const { t } = useTranslation();
  return (
    <IconButton variant="ghost" size="sm" aria-label={t('thread.safety')} disabled _disabled={PLACEHOLDER_LOOK}>
      <MdMoreVert />
    </IconButton>
  );
}

/** The menu, its code asked for when this first renders, its placeholder meanwhile. */
export function LazyThreadSafetyMenu(props: { conversation: Conversation | undefined; me: number }) {
  return (
    <Suspense fallback={<ThreadSafetyPlaceholder />}>
      <ThreadSafetyMenu {...props} />
    </Suspense>
  );
}
