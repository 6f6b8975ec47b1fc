/** Two tabs of one user share localStorage: neither overwrites the other's outbox; a closed tab's writes are adopted. */
import { RealtimeClient, serializeOutbox } from '@agrivet/relay/realtime';
import { afterEach, describe, expect, it } from 'vitest';
import {
  findSavedWrite,
  isQueuedInAnyTab,
  ORPHAN_AFTER_MS,
  type StorageArea,
  TAB_ID_KEY,
  TabOutboxStorage,
} from '../tab-outbox-storage';

/** A tab's own sessionStorage. */
function sessionArea(): StorageArea {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

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
    const a = tab(sessionArea());
    const b = tab(sessionArea());
    expect(a.storage.key).not.toBe(b.storage.key);
    a.client.sendMessage({ conversation_id: 1, message: 'from A 1' });
    b.client.sendMessage({ conversation_id: 1, message: 'from B' });
    a.client.sendMessage({ conversation_id: 1, message: 'from A 2' });
    expect(texts(a.storage)).toEqual(['from A 1', 'from A 2']);
    expect(texts(b.storage)).toEqual(['from B']);
  });

  it('a reload keeps the tab id and its writes; a live tab does not adopt them', () => {
    const sessionA = sessionArea();
    const a = tab(sessionA);
    a.client.sendMessage({ conversation_id: 1, message: 'queued before reload' });
    const b = tab(sessionArea());
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
    const closed = tab(sessionArea(), now);
    closed.client.sendMessage({ conversation_id: 1, message: 'closed tab' });
    closed.storage.dispose();
    clock += 1;
    const silent = tab(sessionArea(), now);
    silent.client.sendMessage({ conversation_id: 1, message: 'silent tab' });
    clock += 1;
    const alive = tab(sessionArea(), now);
    alive.client.sendMessage({ conversation_id: 1, message: 'live tab' });
    const silenced = silent.storage as unknown as { timer: ReturnType<typeof setInterval> | null };
    if (silenced.timer) clearInterval(silenced.timer);
    silenced.timer = null;

    clock += ORPHAN_AFTER_MS - 10; // the live tab beats, the silent one does not
    alive.storage.save(alive.storage.load());
    clock += 20;
    const fresh = tab(sessionArea(), now);
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
    const t = tab(sessionArea());
    expect(t.client.pending().map((i) => i.client_id)).toEqual(['old']);
    expect(localStorage.getItem('outbox:7')).toBeNull();
  });

  it('a duplicated tab (sessionStorage copied) takes a new id while the original is alive', () => {
    const session = sessionArea();
    const original = tab(session);
    const copy = sessionArea();
    copy.setItem(TAB_ID_KEY, session.getItem(TAB_ID_KEY)!);
    const duplicate = tab(copy);
    expect(duplicate.storage.tabId).not.toBe(original.storage.tabId);
  });
});

describe("reading every tab's saved outbox (read only)", () => {
  it('finds a write queued in a live tab, a closed tab or the pre-tab key, and changes nothing', () => {
    const live = tab(sessionArea());
    const closed = tab(sessionArea());
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
    expect(isQueuedInAnyTab('x', sessionArea())).toBe(false);
  });
});
