/**
 * A live chat thread (/chat/{id}, and the dashboard's chats): messages oldest → newest with day
 * separators and consecutive photos grouped, opening at the newest message and staying there while
 * images load and messages arrive — unless the reader scrolled up, then a "new messages ↓" pill
 * (lib/follow-bottom.ts); "load older" keeps the reading position. Pending messages come from the
 * outbox, photos and voice notes on their way from stores/chat-media.ts (upload progress, retry).
 * Typing indicator, sent / read ticks, read receipts while the thread is on screen and visible
 * (delivered receipts for everything else go from api/conversations.ts), deleting my own messages within
 * 15 minutes (message:delete; message:deleted shows it on both sides), and a full-screen photo
 * viewer. The thread is a query (threadQueryOptions) that the pushes keep live in the cache.
 */
import type { Message } from '@agrivet/shared';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { confirm } from '@/components/ui/confirm-dialog';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { notify } from '@/components/ui/toaster';
import { imageUrl } from '@/lib/images';
import { failureOf } from '@/lib/query-client';
import { markRead, setActiveConversation, useThread } from '@/api/conversations';
import { deleteMessage, sendText } from '@/api/messages';
import { useChat } from '@/stores/chat';
import { cancelMedia, type MediaItem, type NewMedia, queueMedia, retryMedia, useChatMedia } from '@/stores/chat-media';
import { type OutboxEntry, useRealtime } from '@/stores/realtime';
import { useUser } from '@/api/auth';
import { useFollowBottom } from '@/features/chat/lib/follow-bottom';
import { buildRows, dayLabel } from '@/features/chat/lib/timeline';
import { useQuickReplies } from '@/api/quick-replies';
import { ThreadInteractive, useAfterPaint } from '@/features/chat/lib/after-paint';
import type { ViewerPhoto } from './image-viewer';
import { ChatPhoto, deliveryOf, MessageBubble } from './message-bubble';

// Read-only first (features/chat/lib/after-paint.ts): these load once the messages are on screen.
const Composer = lazy(() => import('./composer').then((m) => ({ default: m.Composer })));
const ImageViewer = lazy(() => import('./image-viewer').then((m) => ({ default: m.ImageViewer })));
const PushPrompt = lazy(() => import('./push-prompt').then((m) => ({ default: m.PushPrompt })));

/** The composer's height at rest (one line: its 40 px buttons and field), held until it is in. */
const COMPOSER_HEIGHT = '10';
/**
 * The first paint draws the newest rows only — more than a tall screen shows: its list (~800 px) holds
 * about 12 one-line bubbles of ~64 px — and the rest of the page (up to 50 messages) comes with the
 * interactive parts, the frame after: on a slow phone each bubble costs about 15–20 ms to render (20 rows
 * instead of 2 drew the newest message ~0.3 s later in bench:web), and the reader starts at the bottom.
 * The view stays at the bottom meanwhile (lib/follow-bottom.ts follows the list's growth), so nothing on
 * screen moves.
 */
const FIRST_ROWS = 14;

interface ChatThreadProps {
  conversationId: number;
  /** Admin view: no composer, no read receipts, no deleting. */
  readOnly?: boolean;
}

const NO_TYPIST: number[] = [];

function photoOf(m: Message): ViewerPhoto | null {
  if (m.deleted) return null;
  if (m.attachment?.kind === 'image')
    return {
      key: `m-${m.id}`,
      src: imageUrl(m.attachment.path),
      width: m.attachment.width,
      height: m.attachment.height,
    };
  if (!m.attachment && m.image) return { key: `m-${m.id}`, src: imageUrl(m.image) };
  return null;
}

export function ChatThread({ conversationId, readOnly = false }: ChatThreadProps) {
  const { t, i18n } = useTranslation();
  const user = useUser();
  const me = user?.id ?? 0;
  const isAdmin = user?.type === 0;
  const queryClient = useQueryClient();
  // The thread is held in the query cache (api/conversations.ts), kept live there by the pushes.
  const load = useThread(conversationId);
  const thread = load.data;
  const typists = useChat((s) => s.typing[conversationId] ?? NO_TYPIST);
  const media = useChatMedia(useShallow((s) => s.items.filter((i) => i.conversation_id === conversationId)));
  const pending = useRealtime(
    useShallow((s) =>
      s.outbox.filter(
        (e: OutboxEntry) => e.event === 'message:send' && Number(e.payload.conversation_id) === conversationId,
      ),
    ),
  );
  const scrollRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const lastReadSent = useRef(0);
  const [viewing, setViewing] = useState<number | null>(null);

  const messages = thread?.messages ?? [];
  const lastId = messages.length ? messages[messages.length - 1].id : 0;
  const conversation = thread?.conversation;
  const iAmSender = conversation ? conversation.sender.id === me : true;
  // the store's side answers with its saved replies (`/` in the composer, CONTRACT.md §8)
  const quickReplies = useQuickReplies(!readOnly && conversation !== undefined && !iAmSender);
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
  // Not before the connection is asked for: a thread shown from the cache (or fetched as the app starts)
  // can be on screen before the signed-in effects start it, and a write then would be refused and lost.
  const connectionAsked = useRealtime((s) => s.status !== 'idle');
  useEffect(() => {
    if (readOnly || !conversation || lastId === 0 || !visible || !connectionAsked) return;
    const myLastRead = iAmSender ? conversation.sender_last_read_id : conversation.receiver_last_read_id;
    const newestFromPeer = [...messages].reverse().find((m: Message) => m.user_id !== me)?.id ?? 0;
    if (newestFromPeer > Math.max(myLastRead, lastReadSent.current)) {
      lastReadSent.current = newestFromPeer;
      markRead(conversationId, newestFromPeer);
    }
  }, [readOnly, conversation, lastId, messages, me, iAmSender, conversationId, visible, connectionAsked]);

  // Pending writes that are not media on their way (those show from the media queue).
  const mediaIds = useMemo(() => new Set(media.map((m) => m.client_id)), [media]);
  // A write whose message is in the thread already (its push came before the outbox's acknowledgement)
  // is not drawn a second time while the outbox still holds it.
  const storedIds = useMemo(() => new Set(messages.map((m) => m.client_id)), [messages]);
  const pendingTexts = pending.filter((e) => !mediaIds.has(e.client_id) && !storedIds.has(e.client_id));
  const interactive = useAfterPaint(thread !== undefined);
  const rows = useMemo(() => buildRows(messages), [messages]);
  const shownRows = interactive ? rows : rows.slice(-FIRST_ROWS);
  // What is drawn: the rest of the first page coming in (FIRST_ROWS) keeps the view at the bottom too.
  const count = shownRows.length + pendingTexts.length + media.length;
  const newestMine =
    media.length > 0 ||
    pendingTexts.length > 0 ||
    (messages.length > 0 && messages[messages.length - 1].user_id === me);
  const newestKey = `${lastId}:${pendingTexts.length}:${media.length}`;
  const follow = useFollowBottom(scrollRef, listRef, count, newestKey, newestMine, thread !== undefined);

  // Older messages on demand; the distance from the bottom is kept so the view does not jump.
  const [loadingOlder, setLoadingOlder] = useState(false);
  const loadOlder = async () => {
    follow.keepPosition();
    setLoadingOlder(true);
    try {
      const before = messages.length;
      const after = await load.fetchNextPage();
      if ((after.data?.messages.length ?? before) === before) follow.cancelKeep();
    } catch (err) {
      follow.cancelKeep();
      notify.error(err);
    } finally {
      setLoadingOlder(false);
    }
  };

  // The notifications offer comes after I sent something here (never on page load).
  const [sentHere, setSentHere] = useState(false);
  // A text the API refused goes back into the composer; refused because the other side blocked me, the
  // thread says so where I write (known from the refusal: the block state is not asked for on every open).
  const [refused, setRefused] = useState<{ conversationId: number; id: number; text: string; blocked: boolean }>();
  const returned = refused?.conversationId === conversationId ? refused : undefined;
  const send = (text: string) => {
    // offered once the text is stored: not after a refusal (a block), where it would read as a reply to it
    sendText(queryClient, conversationId, text).then(
      () => setSentHere(true),
      (err: unknown) => {
        const blocked = (err as { code?: unknown }).code === 'blocked'; // an ApiError (lib/api-error.ts)
        setRefused((last) => ({ conversationId, id: (last?.id ?? 0) + 1, text, blocked }));
        if (!blocked) notify.error(err, t('chat.failed'));
      },
    );
  };
  const sendMedia = (files: NewMedia[], caption: string) => {
    setSentHere(true);
    queueMedia(conversationId, files, caption).catch((err: unknown) => notify.error(err, t('chat.failed')));
  };
  const remove = async (list: Message[]) => {
    if (!(await confirm({ title: t('thread.deleteConfirm'), destructive: true }))) return;
    try {
      for (const m of list) await deleteMessage(queryClient, m);
    } catch (err) {
      notify.error(err);
    }
  };

  const photos = useMemo(() => messages.map(photoOf).filter((p): p is ViewerPhoto => p !== null), [messages]);
  const openPhoto = (m: Message) => {
    const i = photos.findIndex((p) => p.key === `m-${m.id}`);
    if (i >= 0) setViewing(i);
  };
  const mineOf = (m: Message) => (readOnly ? m.user_id === conversation?.receiver.id : m.user_id === me);
  const deletable = (m: Message) => !m.deleted && ((!readOnly && m.user_id === me) || isAdmin);

  if (!thread) {
    const failure = failureOf(load);
    return failure ? <ErrorState error={failure} onRetry={() => void load.refetch()} /> : <LoadingState />;
  }

  const bubble = (m: Message) => (
    <MessageBubble
      key={m.id}
      // Read-only (the admin watching): the store's side at the end, each bubble named.
      mine={mineOf(m)}
      author={readOnly ? nameOf(m.user_id) : undefined}
      text={m.message}
      attachment={m.attachment}
      image={m.image}
      deleted={m.deleted}
      time={m.created_at}
      delivery={readOnly ? undefined : deliveryOf(m, peerLastRead, peerLastDelivered)}
      onOpenImage={() => openPhoto(m)}
      onDelete={deletable(m) && !m.card ? () => void remove([m]) : undefined}
      card={m.card}
      auto={m.auto}
      cardContext={
        conversation
          ? {
              storeId: conversation.store_id,
              storeName: conversation.store.name_store,
              buyer: !readOnly && iAmSender,
              fromBuyer: m.user_id === conversation.sender.id,
            }
          : undefined
      }
    />
  );

  const mediaBubble = (item: MediaItem) => (
    <MessageBubble
      key={item.client_id}
      mine
      text={item.caption ?? null}
      local={{
        ...item,
        // A failure that never reached the API is retried once back online: "will be sent", not an error.
        state: item.state === 'failed' && item.retryable ? 'waiting' : item.state,
        onRetry: () => retryMedia(item.client_id),
        onDiscard: () => cancelMedia(item.client_id),
      }}
      time={new Date(item.created_at).toISOString()}
      delivery={item.state === 'failed' && !item.retryable ? 'failed' : 'pending'}
    />
  );

  return (
    <ThreadInteractive.Provider value={interactive}>
      <Stack gap="1" flex="1" minH="0" h="100%" position="relative">
        <Box flex="1" minH="0" position="relative">
          <Box ref={scrollRef} h="100%" overflowY="auto" overscrollBehavior="contain" data-testid="thread-scroll">
            <Box
              as="ul"
              ref={listRef}
              display="flex"
              flexDirection="column"
              gap="2"
              p="2"
              minH="100%"
              justifyContent="flex-end"
              aria-label={t('chat.messages')}
              aria-live="polite"
              aria-relevant="additions"
            >
              {thread.hasMore && messages.length > 0 && shownRows.length === rows.length && (
                <Box as="li" listStyleType="none" alignSelf="center">
                  <Button size="xs" variant="outline" loading={loadingOlder} onClick={() => void loadOlder()}>
                    {t('chat.loadOlder')}
                  </Button>
                </Box>
              )}
              {messages.length === 0 && pendingTexts.length === 0 && media.length === 0 && (
                <Text as="li" listStyleType="none" color="fg.muted" textAlign="center" py="6">
                  {t('chat.noMessages')}
                </Text>
              )}
              {shownRows.map((row) =>
                row.type === 'day' ? (
                  <Box as="li" key={row.key} listStyleType="none" alignSelf="center" data-day>
                    <Text fontSize="xs" color="fg.muted" bg="bg.muted" px="3" py="0.5" rounded="full">
                      {dayLabel(row.date, i18n.language, {
                        today: t('thread.today'),
                        yesterday: t('thread.yesterday'),
                      })}
                    </Text>
                  </Box>
                ) : row.type === 'message' ? (
                  bubble(row.message)
                ) : (
                  <PhotoGroup
                    key={row.key}
                    messages={row.messages}
                    mine={mineOf(row.messages[0])}
                    author={readOnly ? nameOf(row.messages[0].user_id) : undefined}
                    delivery={
                      readOnly
                        ? undefined
                        : deliveryOf(row.messages[row.messages.length - 1], peerLastRead, peerLastDelivered)
                    }
                    onOpen={openPhoto}
                    onDelete={row.messages.every(deletable) ? () => void remove(row.messages) : undefined}
                  />
                ),
              )}
              {pendingTexts.map((e) => (
                <MessageBubble
                  key={e.client_id}
                  mine
                  text={typeof e.payload.message === 'string' ? e.payload.message : null}
                  time={new Date(e.created_at).toISOString()}
                  delivery={e.state === 'failed' ? 'failed' : 'pending'}
                />
              ))}
              {media.map(mediaBubble)}
            </Box>
          </Box>
          {follow.unseen && (
            <Button
              position="absolute"
              bottom="3"
              insetInlineStart="50%"
              transform="translateX(-50%)"
              _rtl={{ transform: 'translateX(50%)' }}
              size="sm"
              rounded="full"
              colorPalette="green"
              shadow="md"
              onClick={follow.toBottom}
            >
              {t('thread.newMessages')}
            </Button>
          )}
        </Box>
        <Text fontSize="sm" color="green.700" minH="5" px="2" aria-live="polite">
          {peerTyping ? `${peerName} ${t('chat.typing')}` : ''}
        </Text>
        {!readOnly && interactive && (
          <Suspense fallback={null}>
            <PushPrompt userId={me} armed={sentHere} />
          </Suspense>
        )}
        {!readOnly && returned?.blocked && (
          <Text role="status" fontSize="sm" color="red.700" px="3" pb="1">
            {t('chat.blocked')}
          </Text>
        )}
        {!readOnly && (
          <Box px="2" pb="2">
            {interactive ? (
              <Suspense fallback={<Box h={COMPOSER_HEIGHT} />}>
                <Composer
                  quickReplies={!iAmSender ? quickReplies.data : undefined}
                  onSend={send}
                  returned={returned}
                  onMedia={sendMedia}
                  onTyping={(typing) => useRealtime.getState().typing(conversationId, typing)}
                />
              </Suspense>
            ) : (
              <Box h={COMPOSER_HEIGHT} />
            )}
          </Box>
        )}
        {interactive && (
          <Suspense fallback={null}>
            <ImageViewer photos={photos} index={viewing} onIndex={setViewing} />
          </Suspense>
        )}
      </Stack>
    </ThreadInteractive.Provider>
  );
}

/** Photos sent together (one album): a grid in one bubble, each photo opening the viewer, each with its caption. */
function PhotoGroup({
  messages,
  mine,
  author,
  delivery,
  onOpen,
  onDelete,
}: {
  messages: Message[];
  mine: boolean;
  author?: string;
  delivery?: ReturnType<typeof deliveryOf>;
  onOpen: (m: Message) => void;
  /** Deletes the whole group (offered while every photo of it may be deleted). */
  onDelete?: () => void;
}) {
  const first = messages[0];
  const last = messages[messages.length - 1];
  return (
    <MessageBubble
      mine={mine}
      author={author}
      text={first.message}
      time={last.created_at}
      delivery={delivery}
      onDelete={onDelete}
    >
      <Box display="grid" gridTemplateColumns="repeat(2, minmax(0, 1fr))" gap="1" data-photo-group={messages.length}>
        {messages.map((m) =>
          m.attachment ? (
            <Box key={m.id} gridColumn={messages.length % 2 === 1 && m === last ? 'span 2' : undefined}>
              <ChatPhoto
                src={imageUrl(m.attachment.thumb ?? m.attachment.path)}
                width={messages.length % 2 === 1 && m === last ? 2 : 1}
                height={1}
                maxH="40"
                onOpen={() => onOpen(m)}
              />
              {m !== first && m.message && (
                <Text fontSize="sm" px="1" pt="1" dir="auto" whiteSpace="pre-wrap">
                  {m.message}
                </Text>
              )}
            </Box>
          ) : null,
        )}
      </Box>
    </MessageBubble>
  );
}
