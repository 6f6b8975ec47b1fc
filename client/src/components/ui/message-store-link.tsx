/**
 * «مراسلة» on a store's card (the lists), its page and a product's page: a link (it works before the page's code has run) to
 * the conversation with that store — the existing one, or /chat/store/{id}, which starts it. A visitor's
 * link goes to /login with that as `next`, so the chat opens after login or register. Hidden for the
 * store's own account.
 */
import type { Store } from '@agrivet/shared';
import { Button } from '@chakra-ui/react/button';
import { useTranslation } from 'react-i18next';
import { MdChatBubbleOutline } from 'react-icons/md';
import { Link as RouterLink } from 'react-router-dom';
import { useUser } from '@/api/auth';
import { loginHref, paths } from '@/config/paths';
import { selectIsLoggedIn, useSession } from '@/stores/session';
import { notify } from './toaster';

interface MessageStoreLinkProps {
  store: Pick<Store, 'id' | 'user_id' | 'conversation_id'>;
  size?: 'sm' | 'md';
  /** Shares a card's action row (a store card on the lists). */
  flex?: string;
}

export function MessageStoreLink({ store, size = 'md', flex }: MessageStoreLinkProps) {
  const { t } = useTranslation();
  const loggedIn = useSession(selectIsLoggedIn);
  const me = useUser()?.id;
  if (me !== undefined && me === store.user_id) return null;
  const start = paths.startChat.getHref(store.id);
  const to = !loggedIn ? loginHref(start) : store.conversation_id ? paths.chat.getHref(store.conversation_id) : start;
  return (
    <Button asChild size={size} variant="outline" colorPalette="green" flex={flex}>
      <RouterLink
        to={to}
        onClick={() => {
          if (!loggedIn) notify.info(t('store.loginToChat'));
        }}
        data-testid="message-store"
      >
        <MdChatBubbleOutline aria-hidden />
        {loggedIn && store.conversation_id ? t('store.openChat') : t('store.chat')}
      </RouterLink>
    </Button>
  );
}
