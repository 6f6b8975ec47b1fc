/**
 * Conversations (CONTRACT.md §3, §4, §8): one key per endpoint, its queryOptions, the read and delivered
 * receipts (conversation/update through the outbox), and the live pushes applied to the cache. Used by
 * the chat feature, the top bar's badge and the dashboard's chat screens alike.
 *
 * - `conversationKeys.mine` — GET conversation/get-My-Conv: my conversations, newest activity first;
 * - `conversationKeys.all(page)` — GET conversation/getAll (admin), paged;
 * - `conversationKeys.thread(id)` — GET conversation/get/{id}: an infinite query, newest page first, older
 *   pages with `before_id` (`useThread`). Message ids order a thread.
 *
 * Live: `message:new`, `message:deleted` and `conversation:read` are applied with setQueryData
 * (bindChatToRealtime). After a reconnect an open thread is re-synced by its join alone (the relay's GET
 * carries after_id, stores/realtime.ts); the list is refetched once; threads not on screen are only
 * marked stale.
 */
import { apiPaths, type Conversation, type ConversationWithMessages, type Message, type Paged } from '@agrivet/shared';
import {
  type InfiniteData,
  infiniteQueryOptions,
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { getUser } from '@/api/auth';
import { announceReconnected } from '@/lib/back-online';
import { queryClient as appQueryClient, applyPushed, queryCacheRestored, scope } from '@/lib/query-client';
import { useChat } from '@/stores/chat';
import { isConversationOpen, onJoin, onRealtime, useRealtime } from '@/stores/realtime';

export const conversationKeys = {
  all: [scope.account, 'conversations'] as const,
  mine: [scope.account, 'conversations', 'mine'] as const,
  list: (page: number) => [scope.account, 'conversations', 'list', page] as const,
  threads: [scope.account, 'conversations', 'thread'] as const,
  thread: (id: number) => [scope.account, 'conversations', 'thread', id] as const,
  /** POST conversation/create for a store (the /chat/store/{id} page): outside `all`, never refetched by it. */
  start: (storeId: number) => [scope.account, 'conversation-start', storeId] as const,
};

/** The thread's pages as the cache holds them: [newest page, older page, …]; the param is `before_id`. */
export type ThreadData = InfiniteData<ConversationWithMessages, number | undefined>;

/** One conversation with the messages held of it, oldest first. */
export interface Thread {
  conversation: Conversation;
  messages: Message[];
  /** Older messages exist before the first one held. */
  hasMore: boolean;
}

const byId = (a: Message, b: Message) => a.id - b.id;
const apiClient = () => import('@/lib/api-client');

// ---- queries --------------------------------------------------------------------------------

/** GET conversation/get-My-Conv; what arrived while this device was away is acknowledged as delivered. */
async function fetchMine(client: QueryClient, signal: AbortSignal): Promise<Conversation[]> {
  const { apiGet } = await apiClient();
  const list = await apiGet<Conversation[] | { data: Conversation[] }>(
    apiPaths.conversation.getMine,
    undefined,
    signal,
  );
  const conversations = Array.isArray(list) ? list : list.data;
  const me = getUser()?.id;
  for (const c of conversations) {
    if (c.last_message && c.last_message.user_id !== me) acknowledgeDelivery(client, c.id, c.last_message.id, c);
  }
  return conversations;
}

/** My conversations, newest activity first; live through the pushes (refetched once after a reconnect). */
export const myConversationsQueryOptions = () =>
  queryOptions({
    queryKey: conversationKeys.mine,
    queryFn: ({ client, signal }) => fetchMine(client, signal),
    staleTime: 15_000,
    refetchOnReconnect: false,
  });

/** Admin: every conversation, newest activity first, paged. */
export const allConversationsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: conversationKeys.list(page),
    queryFn: async ({ signal }) =>
      (await apiClient()).apiGet<Paged<Conversation>>(apiPaths.conversation.getAll, { page_number: page }, signal),
    placeholderData: keepPreviousData,
  });

/** One conversation: its newest page, then older ones on demand (`fetchNextPage`). Live while held. */
export const threadQueryOptions = (id: number) =>
  infiniteQueryOptions({
    queryKey: conversationKeys.thread(id),
    queryFn: async ({ pageParam, signal }) =>
      (await apiClient()).apiGet<ConversationWithMessages>(
        pageParam ? `${apiPaths.conversation.get(id)}?before_id=${pageParam}` : apiPaths.conversation.get(id),
        undefined,
        signal,
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => (page.has_more && page.messages.length > 0 ? page.messages[0].id : undefined),
    // Kept current by the pushes and, after a reconnect, by the join's re-sync (or marked stale).
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnReconnect: false,
  });

/**
 * Starts loading a thread's newest page into the app's cache (a signed-in screen opened cold). A thread
 * the saved copy brought back (lib/query-client.ts) is shown from it first and revalidated when the
 * screen mounts it: asking now would only race the screen's first render for the same answer.
 */
export async function prefetchThread(id: number): Promise<void> {
  if (!Number.isInteger(id) || id <= 0) return;
  await queryCacheRestored();
  if (appQueryClient.getQueryData(conversationKeys.thread(id)) !== undefined) return;
  return appQueryClient.prefetchInfiniteQuery(threadQueryOptions(id));
}

/** The thread as one list, oldest first. */
export function threadOf(data: ThreadData): Thread {
  const [newest] = data.pages;
  const { messages: _, has_more: __, ...conversation } = newest;
  const messages = data.pages.length === 1 ? newest.messages : [...data.pages].reverse().flatMap((p) => p.messages);
  return { conversation, messages, hasMore: data.pages[data.pages.length - 1].has_more };
}

/** The thread on screen: `data` is a Thread; `fetchNextPage` loads the page before the oldest message. */
export const useThread = (id: number) => useInfiniteQuery({ ...threadQueryOptions(id), select: threadOf });

/** Only the conversation of a thread (the same query, one request). */
export const useThreadConversation = (id: number) =>
  useInfiniteQuery({ ...threadQueryOptions(id), select: (d: ThreadData) => threadOf(d).conversation }).data;

export const useMyConversations = (enabled = true) => useQuery({ ...myConversationsQueryOptions(), enabled });
export const useAllConversations = (page: number) => useQuery(allConversationsQueryOptions(page));

/** Total unread messages (the badges). */
export const unreadTotal = (conversations: Conversation[]): number =>
  conversations.reduce((n, c) => n + Math.max(c.unread_count, 0), 0);

/** The unread badge's count; `enabled` false (an account that cannot chat) asks nothing. */
export function useUnreadTotal(enabled: boolean): number {
  const { data } = useQuery({ ...myConversationsQueryOptions(), enabled, select: unreadTotal });
  return enabled ? (data ?? 0) : 0;
}

// ---- the cache ------------------------------------------------------------------------------

/**
 * Applies a push to what the cache holds of its conversation now, and again once any request for the
 * thread or the list under way has settled: that answer may predate the push (lib/query-client.ts
 * `reapplyAfterFetch`). `apply` reads what is held each time and is idempotent.
 */
function applyPush(client: QueryClient, id: number, apply: () => void): void {
  applyPushed(client, [conversationKeys.thread(id), conversationKeys.mine], apply);
}

/** Applies `change` to the thread's conversation (every page carries it; the newest page counts). */
function updateThread(client: QueryClient, id: number, change: (data: ThreadData) => ThreadData): void {
  client.setQueryData<ThreadData>(conversationKeys.thread(id), (data) => (data ? change(data) : data));
}

function withConversation(data: ThreadData, c: Conversation): ThreadData {
  const [newest, ...older] = data.pages;
  return { ...data, pages: [{ ...newest, ...c, messages: newest.messages, has_more: newest.has_more }, ...older] };
}

/** Adds messages to a thread (each once, by id; a known one is replaced where it is). */
function mergeIntoThread(data: ThreadData, incoming: readonly Message[]): ThreadData {
  const fresh = new Map(incoming.map((m) => [m.id, m]));
  const pages = data.pages.map((p) => {
    if (!p.messages.some((m) => fresh.has(m.id))) return p;
    return {
      ...p,
      messages: p.messages.map((m) => {
        const next = fresh.get(m.id);
        fresh.delete(m.id);
        return next ?? m;
      }),
    };
  });
  if (fresh.size === 0) return { ...data, pages };
  const [newest, ...older] = pages;
  return { ...data, pages: [{ ...newest, messages: [...newest.messages, ...fresh.values()].sort(byId) }, ...older] };
}

interface Pointers {
  read?: number;
  delivered?: number;
}

function applyPointers(c: Conversation, userId: number, p: Pointers): Conversation {
  const side = userId === c.sender.id ? 'sender' : userId === c.receiver.id ? 'receiver' : null;
  if (side === null) return c;
  const readKey = side === 'sender' ? 'sender_last_read_id' : 'receiver_last_read_id';
  const deliveredKey = side === 'sender' ? 'sender_last_delivered_id' : 'receiver_last_delivered_id';
  const read = Math.max(c[readKey] ?? 0, p.read ?? 0);
  const delivered = Math.max(c[deliveredKey] ?? 0, p.delivered ?? 0, read);
  if (read === c[readKey] && delivered === c[deliveredKey]) return c;
  return { ...c, [readKey]: read, [deliveredKey]: delivered };
}

/**
 * Where a message's author's pointers go when it arrives — the API's rule: each pointer moves to the
 * message only over the author's own messages (no message of the other participant between the pointer
 * and it). A pointer stays when this device cannot tell: never a false tick; refetches bring the API's.
 */
function authorPointers(c: Conversation, message: Message, held: Thread | undefined): Pointers {
  const author = message.user_id;
  const side = author === c.sender.id ? 'sender' : author === c.receiver.id ? 'receiver' : null;
  if (side === null) return {};
  const messages = held?.messages ?? [];
  const known = c.last_message ? [...messages, c.last_message] : messages;
  const canMove = (pointer: number): boolean => {
    if (pointer >= message.id) return false;
    const between = known.filter((m) => m.id > pointer && m.id < message.id);
    if (between.some((m) => m.user_id !== author)) return false;
    if (!held) return between.length === 0;
    return !held.hasMore || (messages.length > 0 && messages[0].id <= pointer);
  };
  const read = (side === 'sender' ? c.sender_last_read_id : c.receiver_last_read_id) ?? 0;
  const delivered = Math.max(
    read,
    (side === 'sender' ? c.sender_last_delivered_id : c.receiver_last_delivered_id) ?? 0,
  );
  return { read: canMove(read) ? message.id : undefined, delivered: canMove(delivered) ? message.id : undefined };
}

const heldThread = (client: QueryClient, id: number): Thread | undefined => {
  const data = client.getQueryData<ThreadData>(conversationKeys.thread(id));
  return data ? threadOf(data) : undefined;
};

/** The conversation as this device holds it (its thread's copy first, else the list's row). */
function heldConversation(client: QueryClient, id: number): Conversation | undefined {
  return (
    heldThread(client, id)?.conversation ??
    client.getQueryData<Conversation[]>(conversationKeys.mine)?.find((c) => c.id === id)
  );
}

/** A participant's pointers moved (they only move forward; read implies delivered). */
export function applyReadPointers(
  client: QueryClient,
  conversationId: number,
  userId: number,
  lastReadId: number,
  lastDeliveredId?: number,
): void {
  const p: Pointers = { read: lastReadId, delivered: lastDeliveredId };
  applyPush(client, conversationId, () => {
    updateThread(client, conversationId, (data) => {
      const c = threadOf(data).conversation;
      const moved = applyPointers(c, userId, p);
      return moved === c ? data : withConversation(data, moved);
    });
    client.setQueryData<Conversation[]>(conversationKeys.mine, (list) =>
      list?.map((c) => (c.id === conversationId ? applyPointers(c, userId, p) : c)),
    );
  });
}

/**
 * A message stored by the API (a `message:new` push, a re-sync, or the answer to our own send): added
 * once to its thread, its conversation moved to the top of the list with the new last message and
 * unread count; a conversation the list does not have yet makes the list refetch.
 */
export function receiveMessage(client: QueryClient, message: Message): void {
  const me = getUser()?.id;
  const id = message.conversation_id;
  applyPush(client, id, () => putMessage(client, message, me));
  const typing = useChat.getState().typing[id];
  if (typing?.includes(message.user_id)) useChat.getState().setTyping(id, message.user_id, false);
  if (message.user_id !== me) acknowledgeDelivery(client, id, message.id);
}

/** receiveMessage's change to the cache; again, it changes nothing more (a list row already at it stays put). */
function putMessage(client: QueryClient, message: Message, me: number | undefined): void {
  const id = message.conversation_id;
  const thread = heldThread(client, id);
  if (thread) {
    updateThread(client, id, (data) => {
      const held = threadOf(data);
      const c = held.conversation;
      const moved = applyPointers(c, message.user_id, authorPointers(c, message, held));
      const merged = mergeIntoThread(data, [message]);
      return moved === c ? merged : withConversation(merged, moved);
    });
  }
  const list = client.getQueryData<Conversation[]>(conversationKeys.mine);
  if (!list) return;
  const known = list.find((c) => c.id === id);
  if (!known) {
    void client.invalidateQueries({ queryKey: conversationKeys.mine });
    return;
  }
  const authorMoved = applyPointers(known, message.user_id, authorPointers(known, message, thread));
  if (known.last_message !== null && known.last_message.id >= message.id) {
    if (authorMoved !== known)
      client.setQueryData<Conversation[]>(
        conversationKeys.mine,
        list.map((c) => (c.id === id ? authorMoved : c)),
      );
    return;
  }
  const isNewUnread = message.user_id !== me && useChat.getState().activeId !== id;
  const updated: Conversation = {
    ...authorMoved,
    last_message: message,
    updated_at: message.created_at,
    unread_count: known.unread_count + (isNewUnread ? 1 : 0),
  };
  client.setQueryData<Conversation[]>(conversationKeys.mine, [updated, ...list.filter((c) => c.id !== id)]);
}

/** What a deleted message keeps: its place, author and time (CONTRACT.md §7 message/delete). */
const asDeleted = (m: Message): Message =>
  m.deleted ? m : { ...m, deleted: true, message: null, image: null, attachment: null };

/** A message was deleted (the push, or our own delete): shown as deleted in its thread and the list. */
export function applyDeleted(client: QueryClient, conversationId: number, messageId: number): void {
  applyPush(client, conversationId, () => {
    updateThread(client, conversationId, (data) => {
      const m = threadOf(data).messages.find((x) => x.id === messageId);
      return m && !m.deleted ? mergeIntoThread(data, [asDeleted(m)]) : data;
    });
    client.setQueryData<Conversation[]>(conversationKeys.mine, (list) =>
      list?.some((c) => c.id === conversationId && c.last_message?.id === messageId && !c.last_message.deleted)
        ? list.map((c) =>
            c.id === conversationId && c.last_message ? { ...c, last_message: asDeleted(c.last_message) } : c,
          )
        : list,
    );
  });
}

/** The thread on screen (null: none); its unread count is cleared in the list. */
export function setActiveConversation(client: QueryClient, id: number | null): void {
  useChat.setState({ activeId: id });
  if (id === null) return;
  client.setQueryData<Conversation[]>(conversationKeys.mine, (list) =>
    list?.map((c) => (c.id === id && c.unread_count !== 0 ? { ...c, unread_count: 0 } : c)),
  );
}

// ---- receipts (conversation/update through the outbox) --------------------------------------

/** Delivered receipts of a burst of messages go out as one. */
const DELIVERED_DEBOUNCE_MS = 150;
/** conversation id → highest message id waiting for its delivered receipt. */
const pendingDelivered = new Map<number, number>();
/** conversation id → highest delivered receipt already written. */
const deliveredSent = new Map<number, number>();
let deliveredTimer: ReturnType<typeof setTimeout> | null = null;

const isVisible = () => typeof document === 'undefined' || document.visibilityState === 'visible';

function myDelivered(c: Conversation, me: number): number {
  const d =
    me === c.sender.id ? c.sender_last_delivered_id : me === c.receiver.id ? c.receiver_last_delivered_id : undefined;
  const r = me === c.sender.id ? c.sender_last_read_id : c.receiver_last_read_id;
  return Math.max(d ?? 0, r ?? 0);
}

/** Marks messages read up to `messageId` (the thread on screen). */
export function markRead(conversationId: number, messageId: number): void {
  useRealtime
    .getState()
    .write('conversation:read', { conversation_id: conversationId, last_read_message_id: messageId })
    .result.catch(() => undefined);
}

function flushDelivered(client: QueryClient): void {
  deliveredTimer = null;
  const me = getUser()?.id;
  for (const [conversationId, id] of pendingDelivered) {
    pendingDelivered.delete(conversationId);
    if ((deliveredSent.get(conversationId) ?? 0) >= id) continue;
    deliveredSent.set(conversationId, id);
    if (me !== undefined) applyReadPointers(client, conversationId, me, 0, id);
    useRealtime
      .getState()
      .write('conversation:read', { conversation_id: conversationId, last_delivered_message_id: id })
      .result.catch(() => undefined);
  }
}

/**
 * A message of the other side reached this device: acknowledge delivery, unless its thread is on screen
 * and visible (the thread sends the read receipt, which implies delivered). Only a participant does.
 */
function acknowledgeDelivery(client: QueryClient, conversationId: number, messageId: number, known?: Conversation) {
  const me = getUser()?.id;
  if (me === undefined) return;
  if (useChat.getState().activeId === conversationId && isVisible()) return;
  const c = known ?? heldConversation(client, conversationId);
  if (!c || (c.sender.id !== me && c.receiver.id !== me)) return;
  if (myDelivered(c, me) >= messageId) return;
  if ((pendingDelivered.get(conversationId) ?? 0) >= messageId) return;
  pendingDelivered.set(conversationId, messageId);
  deliveredTimer ??= setTimeout(() => flushDelivered(client), DELIVERED_DEBOUNCE_MS);
}

/** Sign-out: forget the receipts of the previous account. */
export function resetReceipts(): void {
  if (deliveredTimer) clearTimeout(deliveredTimer);
  deliveredTimer = null;
  pendingDelivered.clear();
  deliveredSent.clear();
}

// ---- live -----------------------------------------------------------------------------------

/** Refetch a list where shown; a first fetch still under way is restarted (it may predate what the socket missed). */
async function refetchList(client: QueryClient, queryKey: readonly unknown[]): Promise<void> {
  await client.cancelQueries({ queryKey, predicate: (q) => q.state.data === undefined });
  await client.invalidateQueries({ queryKey });
}

/**
 * Wires the pushes into the cache (once per session, app/signed-in-effects.tsx). After a reconnect (not
 * the first connection): the list is refetched, threads not on screen are marked stale; the threads on
 * screen re-sync through their join (one request each). The first connection refetches the list only
 * when it was loaded before the socket could hear pushes.
 */
export function bindChatToRealtime(client: QueryClient): () => void {
  let everOnline = useRealtime.getState().status === 'online';
  const offStatus = useRealtime.subscribe((state, previous) => {
    if (state.status === previous.status) return;
    if (state.status === 'online') {
      announceReconnected(); // load errors on screen retry by themselves (ErrorState)
      const lists = [conversationKeys.mine, conversationKeys.list(1)];
      if (everOnline || lists.some((queryKey) => client.getQueryState(queryKey) !== undefined)) {
        for (const queryKey of lists) void refetchList(client, queryKey);
      }
      if (everOnline) {
        void client.invalidateQueries({
          queryKey: conversationKeys.threads,
          refetchType: 'none',
          predicate: (q) => !isConversationOpen(Number(q.queryKey[3])),
        });
      }
      everOnline = true;
    } else if (state.status === 'idle') {
      everOnline = false; // signed out or a new session: its first connection is not a reconnect
    }
  });
  const offs = [
    offStatus,
    onRealtime('message:new', ({ message }) => receiveMessage(client, message)),
    onRealtime('message:deleted', ({ conversation_id, message_id }) =>
      applyDeleted(client, conversation_id, message_id),
    ),
    onRealtime('typing', ({ conversation_id, user_id, typing }) =>
      useChat.getState().setTyping(conversation_id, user_id, typing),
    ),
    onRealtime('conversation:read', ({ conversation_id, user_id, last_read_message_id, last_delivered_message_id }) =>
      applyReadPointers(client, conversation_id, user_id, last_read_message_id, last_delivered_message_id),
    ),
    onRealtime('conversation:updated', () => {
      void client.invalidateQueries({ queryKey: conversationKeys.all, predicate: (q) => q.queryKey[2] !== 'thread' });
    }),
    // A join's answer carries both sides' current pointers (the messages it brought came as message:new).
    onJoin((id, response) => {
      if (!('data' in response) || response.status !== 200) return;
      const { messages: _, has_more: __, ...c } = response.data;
      for (const user of [c.sender.id, c.receiver.id]) {
        const side = user === c.sender.id ? 'sender' : 'receiver';
        applyReadPointers(client, id, user, c[`${side}_last_read_id`], c[`${side}_last_delivered_id`]);
      }
    }),
  ];
  return () => {
    for (const off of offs) off();
  };
}

// ---- writes ---------------------------------------------------------------------------------

export interface StartConversationInput {
  /** The caller (the API takes the caller when absent). */
  sender_id?: number;
  /** The store's owner (checked when given). */
  receiver_id?: number;
  store_id: number;
}

/**
 * POST conversation/create — idempotent: returns the existing conversation with this store. The api
 * client (axios) loads on the first click, not with the store list. The store lists say which stores
 * the viewer already chats with: refetch them (storeKeys.all) after a new one.
 */
export async function startConversation(input: StartConversationInput): Promise<Conversation> {
  const { apiPost } = await apiClient();
  return apiPost<Conversation>(apiPaths.conversation.create, input);
}

/** The /chat/store/{id} page's one POST conversation/create, as a query: not retried, not kept. */
export const startConversationQueryOptions = (storeId: number) =>
  queryOptions({
    queryKey: conversationKeys.start(storeId),
    queryFn: () => startConversation({ store_id: storeId }),
    enabled: Number.isInteger(storeId) && storeId > 0,
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });

/** POST conversation/delete/{id} (admin): the conversation and its messages go (an audit row is kept). */
export const deleteConversation = async (id: number) => {
  const { apiPost } = await apiClient();
  return apiPost<{ id: number }>(apiPaths.conversation.delete(id), {});
};

export function useDeleteConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteConversation,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: conversationKeys.thread(id) });
      void queryClient.invalidateQueries({ queryKey: conversationKeys.all });
    },
  });
}
