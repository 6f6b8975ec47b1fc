/**
 * A live chat thread (used by /chat/{id}; store accounts and the dashboard open the same component):
 * messages oldest → newest with the newest at the bottom, a "load older messages" control at the top
 * (keeps the scroll position), pending messages from the outbox, typing indicator, sent / delivered /
 * read ticks, and read receipts sent while the thread is on screen and visible (delivered receipts
 * for everything else go from stores/chat.ts). The thread itself is a query (threadQueryOptions) that
 * the pushes keep live in the cache.
 */
import type { Message } from '@agrivet/shared';
import { Alert } from '@chakra-ui/react/alert';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { notify } from '../../../components/ui/toaster';
import type { CompressedImage } from '../../../lib/compress-image';
import { failureOf } from '../../../lib/query-client';
import type { OutboxEntry } from '../../../lib/realtime/port';
import {
  loadOlderMessages,
  receiveMessage,
  setActiveConversation,
  threadQueryOptions,
  useChat,
} from '../../../stores/chat';
import { useRealtime } from '../../../stores/realtime';
import { useSession } from '../../../stores/session';
import { Composer } from './composer';
import { deliveryOf, MessageBubble } from './message-bubble';
import { alertRecipe } from '../../../lib/theme/slot-recipes';

interface ChatThreadProps {
  conversationId: number;
  /** Admin view: no composer, no read receipts. */
  readOnly?: boolean;
}

/** Object URLs of images still in the outbox, so a pending photo shows at once. */
const previews = new Map<string, string>();
const NO_TYPIST: number[] = [];

export function ChatThread({ conversationId, readOnly = false }: ChatThreadProps) {
  const { t } = useTranslation();
  const me = useSession((s) => s.user?.id ?? 0);
  const queryClient = useQueryClient();
  // The thread is held in the query cache (stores/chat.ts), kept live there by the pushes.
  const load = useQuery(threadQueryOptions(conversationId));
  const thread = load.data;
  const typists = useChat((s) => s.typing[conversationId] ?? NO_TYPIST);
  const status = useRealtime((s) => s.status);
  const pending = useRealtime(
    useShallow((s) =>
      s.outbox.filter(
        (e: OutboxEntry) =>
          e.event === 'message:send' && e.state !== 'sent' && Number(e.payload.conversation_id) === conversationId,
      ),
    ),
  );
  const listRef = useRef<HTMLUListElement>(null);
  const lastReadSent = useRef(0);

  const messages = thread?.messages ?? [];
  const lastId = messages.length ? messages[messages.length - 1].id : 0;
  const conversation = thread?.conversation;
  const iAmSender = conversation ? conversation.sender.id === me : true;
  const peerLastRead = conversation
    ? iAmSender
      ? conversation.receiver_last_read_id
      : conversation.sender_last_read_id
    : 0;
  const peerLastDelivered = conversation
    ? Math.max(
        peerLastRead,
        (iAmSender ? conversation.receiver_last_delivered_id : conversation.sender_last_delivered_id) ?? 0,
      )
    : 0;
  const typist = typists.find((u) => u !== me);
  const peerTyping = typist !== undefined;
  /** The name shown for a participant: the farmer's own name, or the store's name for its owner. */
  const nameOf = (userId: number) =>
    conversation ? (userId === conversation.sender.id ? conversation.sender.name : conversation.store.name_store) : '';
  const peerName = typist !== undefined ? nameOf(typist) : '';

  // Join the room (and re-sync after reconnects) while the thread is on screen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: join once per conversation; lastId is the starting point only.
  useEffect(() => {
    if (!thread) return;
    setActiveConversation(queryClient, conversationId);
    useRealtime.getState().openConversation(conversationId, lastId);
    return () => {
      useRealtime.getState().closeConversation(conversationId);
      setActiveConversation(queryClient, null);
    };
  }, [conversationId, thread === undefined, queryClient]);

  // Read receipts: tell the peer what we have seen (when the page is visible; again when it becomes so).
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const onChange = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  useEffect(() => {
    if (readOnly || !conversation || lastId === 0 || !visible) return;
    const myLastRead = iAmSender ? conversation.sender_last_read_id : conversation.receiver_last_read_id;
    const newestFromPeer = [...messages].reverse().find((m: Message) => m.user_id !== me)?.id ?? 0;
    if (newestFromPeer > Math.max(myLastRead, lastReadSent.current)) {
      lastReadSent.current = newestFromPeer;
      useRealtime
        .getState()
        .write('conversation:read', { conversation_id: conversationId, last_read_message_id: newestFromPeer })
        .result.catch(() => undefined);
    }
  }, [readOnly, conversation, lastId, messages, me, iAmSender, conversationId, visible]);

  // Older messages on demand; the distance from the bottom is kept so the view does not jump.
  const [loadingOlder, setLoadingOlder] = useState(false);
  const keepFromBottom = useRef<number | null>(null);
  const loadOlder = async () => {
    const el = listRef.current;
    keepFromBottom.current = el ? el.scrollHeight - el.scrollTop : null;
    setLoadingOlder(true);
    try {
      const added = await loadOlderMessages(queryClient, conversationId);
      if (added === 0) keepFromBottom.current = null;
    } catch (err) {
      keepFromBottom.current = null;
      notify.error(err);
    } finally {
      setLoadingOlder(false);
    }
  };

  // Newest at the bottom: follow new messages (but stay in place after loading older ones).
  const count = messages.length + pending.length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when the number of bubbles or typing changes.
  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el) return;
    if (keepFromBottom.current !== null) {
      el.scrollTop = el.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
      return;
    }
    el.scrollTop = el.scrollHeight;
  }, [count, peerTyping]);

  const send = (text: string, image: CompressedImage | null) => {
    const { client_id, result } = useRealtime.getState().write('message:send', {
      conversation_id: conversationId,
      ...(text ? { message: text } : {}),
      ...(image ? { image: image.bytes, image_type: image.type } : {}),
    });
    if (image) previews.set(client_id, URL.createObjectURL(new Blob([image.bytes], { type: image.type })));
    result
      .then((message) => receiveMessage(queryClient, message))
      .catch((err: unknown) => notify.error(err, t('chat.failed')))
      .finally(() => {
        const url = previews.get(client_id);
        if (url) {
          URL.revokeObjectURL(url);
          previews.delete(client_id);
        }
      });
  };

  const pendingBubbles = useMemo(
    () =>
      pending.map((e) => (
        <MessageBubble
          key={e.client_id}
          mine
          text={typeof e.payload.message === 'string' ? e.payload.message : null}
          previewUrl={previews.get(e.client_id)}
          time={new Date(e.created_at).toISOString()}
          delivery={e.state === 'failed' ? 'failed' : 'pending'}
        />
      )),
    [pending],
  );

  if (!thread) {
    const failure = failureOf(load);
    return failure ? <ErrorState error={failure} onRetry={() => void load.refetch()} /> : <LoadingState />;
  }

  return (
    <Stack gap="2" h={{ base: 'calc(100dvh - 236px)', md: 'calc(100dvh - 250px)' }} minH="72">
      {status === 'offline' && (
        <Alert.Root recipe={alertRecipe} status="warning" size="sm" rounded="md">
          <Alert.Indicator />
          <Alert.Title>{t('chat.offline')}</Alert.Title>
        </Alert.Root>
      )}
      <Box
        as="ul"
        ref={listRef}
        flex="1"
        overflowY="auto"
        display="flex"
        flexDirection="column"
        gap="2"
        p="2"
        borderWidth="1px"
        rounded="lg"
        aria-label={t('chat.messages')}
        aria-live="polite"
      >
        {thread.hasMore && messages.length > 0 && (
          <Box as="li" listStyleType="none" alignSelf="center">
            <Button size="xs" variant="outline" loading={loadingOlder} onClick={() => void loadOlder()}>
              {t('chat.loadOlder')}
            </Button>
          </Box>
        )}
        {messages.length === 0 && pending.length === 0 && (
          <Text as="li" listStyleType="none" color="fg.muted" textAlign="center" py="6">
            {t('chat.noMessages')}
          </Text>
        )}
        {messages.map((m) => (
          <MessageBubble
            key={m.id}
            // Read-only (the admin watching): the store's side at the end, each bubble named.
            mine={readOnly ? m.user_id === conversation?.receiver.id : m.user_id === me}
            author={readOnly ? nameOf(m.user_id) : undefined}
            text={m.message}
            image={m.image}
            time={m.created_at}
            delivery={readOnly ? undefined : deliveryOf(m, peerLastRead, peerLastDelivered)}
          />
        ))}
        {pendingBubbles}
      </Box>
      <Text fontSize="sm" color="green.700" minH="5" aria-live="polite">
        {peerTyping ? `${peerName} ${t('chat.typing')}` : ''}
      </Text>
      {!readOnly && (
        <Composer onSend={send} onTyping={(typing) => useRealtime.getState().typing(conversationId, typing)} />
      )}
    </Stack>
  );
}
