/**
 * Photos and voice notes on their way (CONTRACT.md §7): picked → compressed on the device → kept in
 * IndexedDB (lib/realtime/media-queue.ts) → `POST upload` with progress → `message:send {upload_id}`
 * through the outbox, with the client_id chosen when the file was picked. One file at a time, in the
 * order picked. A failed upload stays queued with its file: `retryMedia` (or coming back online, for
 * a failure that never reached the API) uploads it again without picking it again. After a reload the
 * queue resumes: a file already uploaded is not uploaded again; a message already in an outbox is
 * left to it (its result comes through onOutboxResult); otherwise the message is queued again with
 * the same client_id, which the API stores once.
 *
 * `items` is what the thread shows of them (object URLs of the files, progress, state); the record is
 * dropped once its message is stored (the thread then shows the API's message). Several tabs: a tab
 * reads the record again before uploading (another tab may have uploaded or sent it); a file two tabs
 * send is still one message (same client_id; a spare upload is swept by the API).
 */
import { newClientId } from '@agrivet/realtime/client-id';
import type { Message } from '@agrivet/shared';
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { create } from 'zustand';
import { receiveMessage } from '@/api/conversations';
import { type Uploader, uploadFile } from '@/api/uploads';
import { type ApiError, isClientErrorCode } from '@/lib/api-error';
import { idbMediaStorage, type MediaStorage, type QueuedMedia } from '@/lib/realtime/media-queue';
import { isWriteSaved, onOutboxResult, useRealtime } from './realtime';

export type { Uploader };

/** Between an album's batch and a photo's place in it, in client_ids (`{batch}~{i}`). */
export const ALBUM_SEPARATOR = '~';

export type MediaItemState = 'uploading' | 'failed' | 'sending';

/** A queued file as the thread shows it: its record without the bytes, the upload and the account. */
export interface MediaItem extends Omit<QueuedMedia, 'blob' | 'upload' | 'user_id'> {
  /** Object URL of the file on this device. */
  url: string;
  state: MediaItemState;
  /** Upload progress 0..1. */
  progress: number;
  /** Why it failed, in the UI language. */
  error?: string;
  /** The failure never reached the API (network, time-out): retried by itself once back online. */
  retryable?: boolean;
}

/** A file to send, compressed already. */
export type NewMedia = Pick<QueuedMedia, 'kind' | 'blob' | 'width' | 'height' | 'duration_ms'>;

interface ChatMediaState {
  items: MediaItem[];
}

export const useChatMedia = create<ChatMediaState>(() => ({ items: [] }));

interface Runtime {
  userId: number;
  client: QueryClient | null;
  storage: MediaStorage;
  upload: Uploader;
  isQueued: (clientId: string) => boolean;
  records: Map<string, QueuedMedia>;
  chain: Promise<void>;
  stops: (() => void)[];
}

let rt: Runtime | null = null;

function patch(clientId: string, change: Partial<MediaItem>): void {
  useChatMedia.setState((s) => ({
    items: s.items.map((i) => (i.client_id === clientId ? { ...i, ...change } : i)),
  }));
}

function toItem({ blob, upload, user_id, ...shown }: QueuedMedia, state: MediaItemState): MediaItem {
  return { ...shown, url: URL.createObjectURL(blob), state, progress: state === 'sending' ? 1 : 0 };
}

function dropItem(clientId: string): void {
  const item = useChatMedia.getState().items.find((i) => i.client_id === clientId);
  if (item) URL.revokeObjectURL(item.url);
  useChatMedia.setState((s) => ({ items: s.items.filter((i) => i.client_id !== clientId) }));
}

/** Its message was stored (here or, `elsewhere`, by another tab): forget the file. */
function finish(r: Runtime, clientId: string, elsewhere = false): void {
  if (!r.records.delete(clientId)) return;
  if (!elsewhere) void r.storage.remove(clientId).catch(() => undefined);
  dropItem(clientId);
}

function fail(clientId: string, error: string | undefined, retryable: boolean): void {
  patch(clientId, { state: 'failed', error, retryable, progress: 0 });
}

function schedule(r: Runtime, clientId: string): void {
  r.chain = r.chain.then(() => process(r, clientId)).catch((err) => console.error('chat media', err));
}

async function process(r: Runtime, clientId: string): Promise<void> {
  const record = r.records.get(clientId);
  if (!record || rt !== r) return;
  if (!record.upload) {
    // Another tab of this browser may have uploaded it (or sent it) since this one loaded the queue.
    const saved = await r.storage.get(clientId).catch(() => record);
    if (!saved) return finish(r, clientId, true);
    if (saved.upload) record.upload = saved.upload;
  }
  if (!record.upload) {
    patch(clientId, { state: 'uploading', progress: 0, error: undefined, retryable: undefined });
    try {
      record.upload = await r.upload(record.blob, record.kind, (progress) => patch(clientId, { progress }));
    } catch (err) {
      const e = err as Partial<ApiError>;
      fail(clientId, e.message, e.code !== undefined && isClientErrorCode(e.code));
      return;
    }
    // Cancelled meanwhile: the unused upload is swept by the API after 24 h.
    if (!r.records.has(clientId) || rt !== r) return;
    await r.storage.put(record).catch(() => undefined);
  }
  send(r, record);
}

function send(r: Runtime, record: QueuedMedia): void {
  const clientId = record.client_id;
  if (!record.upload) return;
  patch(clientId, { state: 'sending', progress: 1, error: undefined });
  const { result } = useRealtime.getState().write(
    'message:send',
    {
      conversation_id: record.conversation_id,
      upload_id: record.upload.upload_id,
      ...(record.caption ? { message: record.caption } : {}),
    },
    clientId,
  );
  result.then(
    (message: Message) => {
      if (r.client) receiveMessage(r.client, message);
      finish(r, clientId);
    },
    (err: unknown) => refused(r, clientId, err instanceof Error ? err.message : undefined),
  );
}

/** The message was refused (or could not be queued): upload the file again on retry. */
function refused(r: Runtime, clientId: string, error: string | undefined): void {
  const record = r.records.get(clientId);
  if (!record) return;
  record.upload = undefined;
  void r.storage.put(record).catch(() => undefined);
  fail(clientId, error, false);
}

export interface StartOptions {
  storage?: MediaStorage;
  upload?: Uploader;
  isQueued?: (clientId: string) => boolean;
}

/**
 * Starts this account's queue (app/signed-in-effects.tsx, once per session): loads what waits in
 * IndexedDB and resumes it. Returns the stop function (sign-out: the files stay for this account).
 */
export async function startMediaQueue(
  client: QueryClient | null,
  userId: number,
  options: StartOptions = {},
): Promise<() => void> {
  stopMediaQueue();
  const r: Runtime = {
    userId,
    client,
    storage: options.storage ?? idbMediaStorage,
    upload: options.upload ?? uploadFile,
    isQueued: options.isQueued ?? ((id) => isWriteSaved(userId, id)),
    records: new Map(),
    chain: Promise.resolve(),
    stops: [],
  };
  rt = r;
  r.stops.push(
    onOutboxResult((clientId, outcome, { result, error }) => {
      if (!r.records.has(clientId)) return;
      if (outcome === 'sent') {
        if (r.client && result) receiveMessage(r.client, result as Message);
        finish(r, clientId);
      } else refused(r, clientId, error);
    }),
    // Back online: a failure that never reached the API is tried again.
    onlineManager.subscribe((online) => {
      if (!online) return;
      for (const item of useChatMedia.getState().items) {
        if (item.state === 'failed' && item.retryable) schedule(r, item.client_id);
      }
    }),
  );
  let saved: QueuedMedia[] = [];
  try {
    saved = await r.storage.all(userId);
  } catch (err) {
    console.warn('chat media: IndexedDB unavailable', err);
  }
  if (rt !== r) return () => undefined;
  const items: MediaItem[] = [];
  for (const record of saved) {
    r.records.set(record.client_id, record);
    const waiting = record.upload !== undefined && r.isQueued(record.client_id);
    items.push(toItem(record, waiting ? 'sending' : 'uploading'));
    if (!waiting) schedule(r, record.client_id);
  }
  useChatMedia.setState((s) => ({ items: [...s.items, ...items] }));
  return () => {
    if (rt === r) stopMediaQueue();
  };
}

export function stopMediaQueue(): void {
  const r = rt;
  rt = null;
  if (!r) return;
  for (const stop of r.stops) stop();
  for (const item of useChatMedia.getState().items) URL.revokeObjectURL(item.url);
  useChatMedia.setState({ items: [] });
}

/**
 * Queues files for one conversation, in order; the caption goes with the first. Resolves once they
 * are saved (IndexedDB; in memory only when it is unavailable) and their upload is scheduled.
 */
export async function queueMedia(conversationId: number, files: NewMedia[], caption?: string): Promise<void> {
  const r = rt;
  if (!r) throw new Error('chat media queue not started');
  const now = Date.now();
  const text = caption?.trim();
  // Photos sent together carry one batch in their client_ids (`{batch}~{i}`): the thread shows them as
  // one album (features/chat/lib/timeline.ts); a photo sent on its own never joins another's.
  const batch = files.length > 1 ? newClientId() : null;
  const records: QueuedMedia[] = files.map((f, i) => ({
    client_id: batch ? `${batch}${ALBUM_SEPARATOR}${i}` : newClientId(),
    user_id: r.userId,
    conversation_id: conversationId,
    kind: f.kind,
    blob: f.blob,
    width: f.width,
    height: f.height,
    duration_ms: f.duration_ms,
    caption: i === 0 && text ? text : undefined,
    created_at: now + i,
  }));
  for (const record of records) {
    r.records.set(record.client_id, record);
    await r.storage.put(record).catch((err) => console.warn('chat media not saved (IndexedDB)', err));
  }
  useChatMedia.setState((s) => ({ items: [...s.items, ...records.map((rec) => toItem(rec, 'uploading'))] }));
  for (const record of records) schedule(r, record.client_id);
}

/** Upload a failed file again (no new pick), then send it. */
export function retryMedia(clientId: string): void {
  const r = rt;
  const item = useChatMedia.getState().items.find((i) => i.client_id === clientId);
  if (!r || !item || item.state !== 'failed') return;
  patch(clientId, { state: 'uploading', progress: 0, error: undefined });
  schedule(r, clientId);
}

/** Give up a file that is not in the outbox yet (uploading or failed). */
export function cancelMedia(clientId: string): void {
  const r = rt;
  const item = useChatMedia.getState().items.find((i) => i.client_id === clientId);
  if (!r || !item || item.state === 'sending') return;
  r.records.delete(clientId);
  void r.storage.remove(clientId).catch(() => undefined);
  dropItem(clientId);
}
