/**
 * Photos and voice notes waiting to be sent, kept in IndexedDB (idb-keyval, database
 * `agrivet-media`) — never in localStorage: a few photos would fill its quota, and base64 grows them
 * by a third. Each record holds the compressed file as a Blob, the `client_id` its message will be
 * sent with (chosen when the file was picked, kept across reloads: the API stores one message per
 * client_id) and, once `POST upload` answered, the upload, so a reload never uploads it again.
 * stores/chat-media.ts drives the queue; this file only keeps it.
 */
import type { AttachmentKind, Upload } from '@agrivet/shared';
import { createStore, del, get, set, values } from 'idb-keyval';

export interface QueuedMedia {
  client_id: string;
  /** The account that picked it: another account signing in on this browser never sends it. */
  user_id: number;
  conversation_id: number;
  kind: AttachmentKind;
  blob: Blob;
  width?: number;
  height?: number;
  duration_ms?: number;
  /** The caption (the first photo of a batch carries it). */
  caption?: string;
  /** Epoch ms when it was picked: the queue's order. */
  created_at: number;
  /** The stored upload once `POST upload` answered (used by one message within 24 h). */
  upload?: Upload;
}

/** Where queued media live: IndexedDB (the unit tests give a Map instead). */
export interface MediaStorage {
  /** This account's records, oldest first. */
  all(userId: number): Promise<QueuedMedia[]>;
  get(clientId: string): Promise<QueuedMedia | undefined>;
  put(record: QueuedMedia): Promise<void>;
  remove(clientId: string): Promise<void>;
}

let store: ReturnType<typeof createStore> | null = null;
const idb = () => {
  store ??= createStore('agrivet-media', 'queue');
  return store;
};

export const idbMediaStorage: MediaStorage = {
  all: async (userId) =>
    (await values<QueuedMedia>(idb()))
      .filter((r) => r && r.user_id === userId)
      .sort((a, b) => a.created_at - b.created_at),
  get: (clientId) => get<QueuedMedia>(clientId, idb()),
  put: (record) => set(record.client_id, record, idb()),
  remove: (clientId) => del(clientId, idb()),
};
