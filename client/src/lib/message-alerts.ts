/**
 * Alerts for messages, like those for orders (issue 21): a toast with the sender and the first words of
 * a message someone else wrote, unless its conversation is open on screen, with a chime when the
 * browser's message sound is on (stores/message-sound.ts); and the unread count in the tab's title
 * ("(3) …") on every screen while signed in.
 *
 * An order's card in the chat comes with the order's own toast where one is shown (the buyer's status
 * toast, the dashboard's new order): the screens that show one say so (lib/order-card-toasts.ts), and
 * the card gets no second toast — nor a chime — there.
 */
import type { Conversation, Message } from '@agrivet/shared';
import type { QueryClient } from '@tanstack/react-query';
import { conversationKeys } from '@/api/conversations';
import { messagePreview } from '@/components/ui/conversation-item';
import { notify } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { i18n } from '@/i18n';
import { navigateTo } from '@/lib/navigation';
import { isOrderCardToldElsewhere } from '@/lib/order-card-toasts';
import { chimeForMessage } from '@/stores/message-sound';
import { onRealtime } from '@/stores/realtime';

/** The first words of a message, at most 60 characters. */
export const firstWords = (text: string, max = 60): string =>
  text.length <= max ? text : `${text.slice(0, max).replace(/\s+\S*$/, '')}…`;

/** Whether the conversation is the one on screen (its chat page, or the dashboard's `?c=`). */
function onScreen(conversationId: number): boolean {
  if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return false;
  const { pathname, search } = globalThis.location ?? { pathname: '', search: '' };
  return pathname === `/chat/${conversationId}` || new URLSearchParams(search).get('c') === String(conversationId);
}

export function watchMessageAlerts(queryClient: QueryClient, userId: number): () => void {
  return onRealtime('message:new', ({ message }: { message: Message }) => {
    if (message.user_id === userId || onScreen(message.conversation_id)) return;
    const mine = queryClient.getQueryData<Conversation[]>(conversationKeys.mine);
    const c = mine?.find((x) => x.id === message.conversation_id);
    // only the participants' own conversations (the admin hears every message: no toast for those)
    if (!c || (c.sender.id !== userId && c.receiver.id !== userId)) return;
    const card = message.card;
    if (card?.type === 'order' && isOrderCardToldElsewhere(card, c, userId)) return;
    const from = c.sender.id === userId ? c.store.name_store : c.sender.name;
    // the toast opens the conversation: the store's inbox on it for the store, the chat for the customer
    const to = c.receiver.id === userId ? `/dashboard/chats?c=${c.id}` : paths.chat.getHref(c.id);
    notify.info(from, {
      description: firstWords(messagePreview(message, i18n.t)),
      action: `message-${c.id}`,
      button: { label: i18n.t('live.openChat'), onClick: () => navigateTo(to) },
    });
    // the optional sound (off by default; the switch is on the dashboard's chats screen)
    chimeForMessage();
  });
}

const PREFIX = /^\(\d+\) /;

/** Keeps "(n) " in front of the page's title while n > 0 (pages set their own titles: re-applied). */
export function titleWithUnread(count: number): () => void {
  if (typeof document === 'undefined') return () => {};
  const apply = () => {
    const bare = document.title.replace(PREFIX, '');
    const next = count > 0 ? `(${count}) ${bare}` : bare;
    if (document.title !== next) document.title = next;
  };
  apply();
  const head = document.querySelector('head');
  if (!head || typeof MutationObserver === 'undefined') return () => {};
  const observer = new MutationObserver(apply);
  observer.observe(head, { subtree: true, childList: true, characterData: true });
  return () => {
    observer.disconnect();
    document.title = document.title.replace(PREFIX, '');
  };
}
