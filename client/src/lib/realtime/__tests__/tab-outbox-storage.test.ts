/** Two tabs of one user share localStorage: neither overwrites the other's outbox; a closed tab's writes are adopted. */
import { RealtimeClient, serializeOutbox } from '@agrivet/realtime';
import { afterEach, describe, expect, it } from 'vitest';
import {
  findSavedWrite,
  isQueuedInAnyTab,
  ORPHAN_AFTER_MS,
  type StorageArea,
  TAB_ID_KEY,
  TabOutboxStorage,
} from '@/lib/realtime/tab-outbox-storage';
import { memoryStorageArea } from '@test/storage-area';

const opened: TabOutboxStorage[] = [];
function tab(session: StorageArea, now?: () => number) {
  const page = new EventTarget() as unknown as Window;
  const storage = new TabOutboxStorage(7, { session, page, now });
  opened.push(storage);
  const client = new RealtimeClient({ storage }); // never connected: writes stay queued
  return { storage, client, page };
}

const texts = (s: TabOutboxStorage) => s.load().map((i) => (i.payload as { message?: string }).message);

afterEach(() => {
  for (const s of opened.splice(0)) s.dispose();
});

describe('TabOutboxStorage', () => {
  it('two tabs of the same user keep their own queued writes', () => {
    const a = tab(memoryStorageArea());
    const b = tab(memoryStorageArea());
    expect(a.storage.key).not.toBe(b.storage.key);
    a.client.sendMessage({ conversation_id: 1, message: 'from A 1' });
    b.client.sendMessage({ conversation_id: 1, message: 'from B' });
    a.client.sendMessage({ conversation_id: 1, message: 'from A 2' });
    expect(texts(a.storage)).toEqual(['from A 1', 'from A 2']);
    expect(texts(b.storage)).toEqual(['from B']);
  });

  it('a reload keeps the tab id and its writes; a live tab does not adopt them', () => {
    const sessionA = memoryStorageArea();
    const a = tab(sessionA);
    a.client.sendMessage({ conversation_id: 1, message: 'queued before reload' });
    const b = tab(memoryStorageArea());
    b.client.sendMessage({ conversation_id: 1, message: 'B' });
    a.page.dispatchEvent(new Event('pagehide'));
    const reloaded = tab(sessionA);
    expect(reloaded.storage.tabId).toBe(a.storage.tabId);
    expect(reloaded.client.pending().map((i) => (i.payload as { message?: string }).message)).toEqual([
      'queued before reload',
    ]);
    expect(texts(b.storage)).toEqual(['B']);
  });

  it('a tab opened later adopts the writes of a closed tab and of a silent one, oldest first', () => {
    let clock = 1_000_000;
    const now = () => clock;
    const closed = tab(memoryStorageArea(), now);
    closed.client.sendMessage({ conversation_id: 1, message: 'closed tab' });
    closed.storage.dispose();
    clock += 1;
    const silent = tab(memoryStorageArea(), now);
    silent.client.sendMessage({ conversation_id: 1, message: 'silent tab' });
    clock += 1;
    const alive = tab(memoryStorageArea(), now);
    alive.client.sendMessage({ conversation_id: 1, message: 'live tab' });
    const silenced = silent.storage as unknown as { timer: ReturnType<typeof setInterval> | null };
    if (silenced.timer) clearInterval(silenced.timer);
    silenced.timer = null;

    clock += ORPHAN_AFTER_MS - 10; // the live tab beats, the silent one does not
    alive.storage.save(alive.storage.load());
    clock += 20;
    const fresh = tab(memoryStorageArea(), now);
    expect(fresh.client.pending().map((i) => (i.payload as { message?: string }).message)).toEqual([
      'closed tab',
      'silent tab',
    ]);
    expect(texts(alive.storage)).toEqual(['live tab']);
    expect(Object.keys(localStorage).filter((k) => k.startsWith('outbox:7:'))).toHaveLength(2);
  });

  it('adopts the pre-tab key outbox:{userId}', () => {
    localStorage.setItem(
      'outbox:7',
      serializeOutbox([
        {
          client_id: 'old',
          event: 'message:send',
          payload: { conversation_id: 1, message: 'legacy' },
          state: 'pending',
          attempts: 0,
          queued_at: 1,
        },
      ]),
    );
    const t = tab(memoryStorageArea());
    expect(t.client.pending().map((i) => i.client_id)).toEqual(['old']);
    expect(localStorage.getItem('outbox:7')).toBeNull();
  });

  it('a duplicated tab (sessionStorage copied) takes a new id while the original is alive', () => {
    const session = memoryStorageArea();
    const original = tab(session);
    const copy = memoryStorageArea();
    copy.setItem(TAB_ID_KEY, session.getItem(TAB_ID_KEY)!);
    const duplicate = tab(copy);
    expect(duplicate.storage.tabId).not.toBe(original.storage.tabId);
  });
});

describe("reading every tab's saved outbox (read only)", () => {
  it('finds a write queued in a live tab, a closed tab or the pre-tab key, and changes nothing', () => {
    const live = tab(memoryStorageArea());
    const closed = tab(memoryStorageArea());
    const { client_id: liveId } = live.client.sendMessage({ conversation_id: 1, message: 'live' }).item;
    const { client_id: closedId } = closed.client.sendMessage({ conversation_id: 1, message: 'closed' }).item;
    closed.storage.dispose();
    localStorage.setItem(
      'outbox:7',
      serializeOutbox([
        {
          client_id: 'old',
          event: 'order:create',
          payload: { store_id: 3 },
          state: 'pending',
          attempts: 0,
          queued_at: 1,
        },
      ] as never),
    );
    const before = JSON.stringify({ ...localStorage });
    expect(isQueuedInAnyTab(liveId)).toBe(true);
    expect(isQueuedInAnyTab(closedId)).toBe(true);
    expect(isQueuedInAnyTab('old')).toBe(true);
    expect(isQueuedInAnyTab('nowhere')).toBe(false);
    expect(findSavedWrite((i) => i.event === 'order:create')?.client_id).toBe('old');
    expect(JSON.stringify({ ...localStorage })).toBe(before);
  });

  it('skips unreadable keys and works without storage', () => {
    localStorage.setItem('outbox:7:broken', '{not json');
    expect(isQueuedInAnyTab('x')).toBe(false);
    expect(findSavedWrite(() => true, undefined)).toBeUndefined();
    expect(isQueuedInAnyTab('x', memoryStorageArea())).toBe(false);
  });
});
