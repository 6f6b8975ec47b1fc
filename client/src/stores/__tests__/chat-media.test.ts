import type { Upload } from '@agrivet/shared';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MediaStorage, QueuedMedia } from '@/lib/realtime/media-queue';
import {
  cancelMedia,
  queueMedia,
  retryMedia,
  startMediaQueue,
  stopMediaQueue,
  type Uploader,
  useChatMedia,
} from '@/stores/chat-media';
import { useRealtime } from '@/stores/realtime';

const originalWrite = useRealtime.getState().write;
let writes: { event: string; payload: Record<string, unknown>; clientId?: string }[] = [];
let settle: Map<string, { resolve: (m: unknown) => void; reject: (e: Error) => void }>;

beforeEach(() => {
  writes = [];
  settle = new Map();
  let urls = 0;
  globalThis.URL.createObjectURL = vi.fn(() => `blob:test/${++urls}`);
  globalThis.URL.revokeObjectURL = vi.fn();
  // The outbox (unit test): records the write and lets the test acknowledge or refuse it.
  useRealtime.setState({
    write: ((event: string, payload: Record<string, unknown>, clientId?: string) => {
      writes.push({ event, payload, clientId });
      const id = clientId ?? `gen-${writes.length}`;
      const result = new Promise((resolve, reject) => settle.set(id, { resolve, reject }));
      return { client_id: id, result };
    }) as never,
  });
});
afterEach(() => {
  stopMediaQueue();
  useRealtime.setState({ write: originalWrite });
});

/** The queue's storage in memory (IndexedDB in the browser). */
function memoryMediaStorage(): MediaStorage & { records: Map<string, QueuedMedia> } {
  const records = new Map<string, QueuedMedia>();
  return {
    records,
    all: async (userId) =>
      [...records.values()].filter((r) => r.user_id === userId).sort((a, b) => a.created_at - b.created_at),
    get: async (clientId) => records.get(clientId),
    put: async (record) => {
      records.set(record.client_id, { ...record });
    },
    remove: async (clientId) => {
      records.delete(clientId);
    },
  };
}

const flush = () => new Promise((r) => setTimeout(r, 0));
const blob = (text: string, type = 'image/webp') => new Blob([text], { type });
const uploadOf = (id: number): Upload => ({ upload_id: id, kind: 'image', path: `messages/${id}.webp?exp=1&sig=s` });

describe('chat media queue', () => {
  it('uploads queued photos in order, then sends each with its own client_id and upload_id (the caption on the first)', async () => {
    const storage = memoryMediaStorage();
    const uploaded: string[] = [];
    let next = 10;
    const upload: Uploader = async (b, _kind, onProgress) => {
      uploaded.push(await b.text());
      onProgress(0.5);
      return uploadOf(next++);
    };
    await startMediaQueue(null, 5, { storage, upload, isQueued: () => false });
    await queueMedia(
      4,
      [
        { kind: 'image', blob: blob('one'), width: 800, height: 600 },
        { kind: 'image', blob: blob('two') },
      ],
      ' صورة الورقة ',
    );
    // saved in the (IndexedDB) storage before anything is sent
    expect(storage.records.size).toBe(2);
    await flush();
    await flush();
    expect(uploaded).toEqual(['one', 'two']);
    const ids = useChatMedia.getState().items.map((i) => i.client_id);
    expect(writes).toEqual([
      {
        event: 'message:send',
        payload: { conversation_id: 4, upload_id: 10, message: 'صورة الورقة' },
        clientId: ids[0],
      },
      { event: 'message:send', payload: { conversation_id: 4, upload_id: 11 }, clientId: ids[1] },
    ]);
    expect(useChatMedia.getState().items.map((i) => i.state)).toEqual(['sending', 'sending']);
    // acknowledged: the file is forgotten
    settle.get(ids[0])?.resolve({ id: 1 });
    await flush();
    expect(useChatMedia.getState().items.map((i) => i.client_id)).toEqual([ids[1]]);
    expect([...storage.records.keys()]).toEqual([ids[1]]);
  });

  it('a failed upload is retried without picking the file again, by hand or on coming back online', async () => {
    const storage = memoryMediaStorage();
    let failures = 2;
    const seen: string[] = [];
    const upload: Uploader = async (b) => {
      seen.push(await b.text());
      if (failures-- > 0) throw Object.assign(new Error('لم يصل رد من الخادم'), { code: 'network' });
      return uploadOf(7);
    };
    await startMediaQueue(null, 5, { storage, upload, isQueued: () => false });
    await queueMedia(4, [{ kind: 'audio', blob: blob('voice', 'audio/webm'), duration_ms: 3000 }]);
    await flush();
    const [item] = useChatMedia.getState().items;
    expect(item).toMatchObject({ state: 'failed', error: 'لم يصل رد من الخادم', retryable: true, kind: 'audio' });
    retryMedia(item.client_id);
    await flush();
    expect(useChatMedia.getState().items[0].state).toBe('failed');
    onlineManager.setOnline(false);
    onlineManager.setOnline(true);
    await flush();
    await flush();
    expect(seen).toEqual(['voice', 'voice', 'voice']);
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatchObject({ payload: { upload_id: 7 }, clientId: item.client_id });
  });

  it('after a reload: an uploaded file is not uploaded again; one already in an outbox waits for it; the others are sent again with the same client_id', async () => {
    const storage = memoryMediaStorage();
    const base = { user_id: 5, conversation_id: 4, kind: 'image' as const, blob: blob('x') };
    const records: QueuedMedia[] = [
      { ...base, client_id: 'in-outbox', created_at: 1, upload: uploadOf(1) },
      { ...base, client_id: 'uploaded', created_at: 2, upload: uploadOf(2) },
      { ...base, client_id: 'not-uploaded', created_at: 3 },
      { ...base, client_id: 'other-account', created_at: 4, user_id: 9 },
    ];
    for (const r of records) await storage.put(r);
    const upload = vi.fn<Uploader>(async () => uploadOf(3));
    await startMediaQueue(null, 5, { storage, upload, isQueued: (id) => id === 'in-outbox' });
    await flush();
    await flush();
    expect(upload).toHaveBeenCalledTimes(1);
    expect(writes.map((w) => [w.clientId, w.payload.upload_id])).toEqual([
      ['uploaded', 2],
      ['not-uploaded', 3],
    ]);
    expect(useChatMedia.getState().items.map((i) => [i.client_id, i.state])).toEqual([
      ['in-outbox', 'sending'],
      ['uploaded', 'sending'],
      ['not-uploaded', 'sending'],
    ]);
    // the not-uploaded record now carries its upload (a second reload would not upload it again)
    expect(storage.records.get('not-uploaded')?.upload?.upload_id).toBe(3);
  });

  it('a refused message keeps the file for a retry that uploads it again; cancel forgets it', async () => {
    const storage = memoryMediaStorage();
    let n = 20;
    const upload = vi.fn<Uploader>(async () => uploadOf(n++));
    await startMediaQueue(null, 5, { storage, upload, isQueued: () => false });
    await queueMedia(4, [{ kind: 'image', blob: blob('p') }]);
    await flush();
    const id = useChatMedia.getState().items[0].client_id;
    settle.get(id)?.reject(new Error('الملف المرفق غير موجود أو انتهت صلاحيته، أعد رفعه'));
    await flush();
    expect(useChatMedia.getState().items[0]).toMatchObject({ state: 'failed', retryable: false });
    expect(storage.records.get(id)?.upload).toBeUndefined();
    retryMedia(id);
    await flush();
    await flush();
    expect(upload).toHaveBeenCalledTimes(2);
    expect(writes.map((w) => [w.clientId, w.payload.upload_id])).toEqual([
      [id, 20],
      [id, 21],
    ]);
    // in the outbox now: cancel does nothing; refused again then cancelled: gone
    cancelMedia(id);
    expect(useChatMedia.getState().items).toHaveLength(1);
    settle.get(id)?.reject(new Error('x'));
    await flush();
    cancelMedia(id);
    expect(useChatMedia.getState().items).toHaveLength(0);
    expect(storage.records.size).toBe(0);
  });

  it('another tab: a file it already uploaded is not uploaded again (the same client_id is sent)', async () => {
    const storage = memoryMediaStorage();
    const upload = vi.fn<Uploader>(async () => uploadOf(40));
    await startMediaQueue(null, 5, { storage, upload, isQueued: () => false });
    // this tab picks a file; before its turn comes, another tab uploads it (the saved record says so)
    const realPut = storage.put;
    let first = true;
    storage.put = async (record) => {
      await realPut(first ? { ...record, upload: uploadOf(39) } : record);
      first = false;
    };
    await queueMedia(4, [{ kind: 'image', blob: blob('shared') }]);
    await flush();
    await flush();
    expect(upload).not.toHaveBeenCalled();
    const id = useChatMedia.getState().items[0].client_id;
    expect(writes.map((w) => [w.clientId, w.payload.upload_id])).toEqual([[id, 39]]);
  });
});
