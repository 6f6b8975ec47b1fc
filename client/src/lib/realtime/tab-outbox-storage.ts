/**
 * The outbox of one browser tab in localStorage. Every tab keeps its own key
 * (`outbox:{userId}:{tabId}`, the tab id held in sessionStorage so a reload keeps it), so two tabs
 * of the same user never overwrite each other's queued writes. Each tab marks itself alive
 * (`outbox-alive:{userId}:{tabId}`, a timestamp refreshed every 15 s, 0 once the page is hidden
 * for good); on start a tab adopts the outboxes of tabs that are gone — closed, or silent for two
 * minutes (hidden tabs' timers may run only once a minute) — and the pre-tab key `outbox:{userId}`.
 * Items keep their client_id, so a write sent by two tabs is still stored once by the API.
 */
import { deserializeOutbox, LocalStorageOutboxStorage, type OutboxItem, type OutboxStorage } from '@agrivet/realtime';

export interface StorageArea {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const TAB_ID_KEY = 'agrivet:tab-id';
export const HEARTBEAT_MS = 15_000;
export const ORPHAN_AFTER_MS = 2 * 60_000;

const outboxPrefix = (userId: number) => `outbox:${userId}:`;
const aliveKey = (userId: number, tabId: string) => `outbox-alive:${userId}:${tabId}`;

function newTabId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

export interface TabOutboxOptions {
  local?: StorageArea;
  session?: StorageArea;
  now?: () => number;
  /** Listen to pagehide / pageshow on this target (default: window when present). */
  page?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

export class TabOutboxStorage implements OutboxStorage {
  readonly tabId: string;
  readonly key: string;
  private readonly local: StorageArea | undefined;
  private readonly inner: LocalStorageOutboxStorage;
  private readonly now: () => number;
  private timer: ReturnType<typeof setInterval> | null = null;
  private readonly onPageHide = () => this.mark(0);
  private readonly onPageShow = () => this.beat();
  private readonly page: TabOutboxOptions['page'];

  constructor(
    private readonly userId: number,
    options: TabOutboxOptions = {},
  ) {
    const g = globalThis as { localStorage?: StorageArea; sessionStorage?: StorageArea; window?: Window };
    this.local = options.local ?? g.localStorage;
    this.now = options.now ?? Date.now;
    this.tabId = this.claimTabId(options.session ?? g.sessionStorage);
    this.key = `${outboxPrefix(userId)}${this.tabId}`;
    this.inner = new LocalStorageOutboxStorage(this.key, this.local);
    this.beat();
    this.timer = setInterval(() => this.beat(), HEARTBEAT_MS);
    this.page = options.page ?? g.window;
    this.page?.addEventListener('pagehide', this.onPageHide);
    this.page?.addEventListener('pageshow', this.onPageShow);
  }

  /** This tab's items, plus those of tabs that are gone (their keys are removed). */
  load(): OutboxItem[] {
    const own = this.inner.load();
    const adopted = this.adoptOrphans();
    if (adopted.length === 0) return own;
    const seen = new Set(own.map((i) => i.client_id));
    const merged = [...own];
    for (const item of adopted) {
      if (seen.has(item.client_id)) continue;
      seen.add(item.client_id);
      merged.push(item);
    }
    merged.sort((a, b) => a.queued_at - b.queued_at);
    this.inner.save(merged);
    return merged;
  }

  save(items: readonly OutboxItem[]): void {
    this.inner.save(items);
    this.beat();
  }

  /** The connection closed: stop the heartbeat and leave the items for the next tab to adopt. */
  dispose(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.page?.removeEventListener('pagehide', this.onPageHide);
    this.page?.removeEventListener('pageshow', this.onPageShow);
    this.mark(0);
  }

  /**
   * The tab id from sessionStorage (a reload keeps it). A duplicated tab copies sessionStorage:
   * when the id's owner is still alive, take a new one.
   */
  private claimTabId(session: StorageArea | undefined): string {
    let id: string | null = null;
    try {
      id = session?.getItem(TAB_ID_KEY) ?? null;
    } catch {
      id = null;
    }
    if (id && this.aliveAt(id) > 0 && this.now() - this.aliveAt(id) < ORPHAN_AFTER_MS) id = null;
    if (!id) {
      id = newTabId();
      try {
        session?.setItem(TAB_ID_KEY, id);
      } catch {
        // no sessionStorage: a fresh id per page load (orphans are adopted on the next start)
      }
    }
    return id;
  }

  private aliveAt(tabId: string): number {
    try {
      return Number(this.local?.getItem(aliveKey(this.userId, tabId)) ?? 0) || 0;
    } catch {
      return 0;
    }
  }

  private beat(): void {
    this.mark(this.now());
  }

  private mark(at: number): void {
    try {
      this.local?.setItem(aliveKey(this.userId, this.tabId), String(at));
    } catch {
      // storage full or unavailable: adoption is then best effort
    }
  }

  private adoptOrphans(): OutboxItem[] {
    const local = this.local;
    if (!local) return [];
    const prefix = outboxPrefix(this.userId);
    const legacy = `outbox:${this.userId}`;
    const orphans: string[] = [];
    try {
      for (let i = 0; i < local.length; i++) {
        const key = local.key(i);
        if (key === null || key === this.key) continue;
        if (key === legacy) orphans.push(key);
        else if (key.startsWith(prefix)) {
          const at = this.aliveAt(key.slice(prefix.length));
          if (at === 0 || this.now() - at >= ORPHAN_AFTER_MS) orphans.push(key);
        }
      }
    } catch {
      return [];
    }
    const items: OutboxItem[] = [];
    for (const key of orphans) {
      try {
        const text = local.getItem(key);
        if (text) items.push(...deserializeOutbox(text));
        local.removeItem(key);
        if (key !== legacy) local.removeItem(aliveKey(this.userId, key.slice(prefix.length)));
      } catch {
        // unreadable: leave it
      }
    }
    return items;
  }
}

/**
 * Read only: the first write saved in any tab's outbox — of any user, tab alive or gone, and the
 * pre-tab key `outbox:{userId}` — that matches. Another tab's queued writes never reach this tab's
 * outbox while that tab lives, so "not in my outbox" does not mean "left every outbox".
 */
export function findSavedWrite(
  match: (item: OutboxItem) => boolean,
  local: StorageArea | undefined = (globalThis as { localStorage?: StorageArea }).localStorage,
  /** Skip saved outboxes whose text does not contain this (cheap pre-filter, e.g. a client_id). */
  hint?: string,
): OutboxItem | undefined {
  if (!local) return undefined;
  let keys: string[];
  try {
    keys = [];
    for (let i = 0; i < local.length; i++) {
      const key = local.key(i);
      if (key?.startsWith('outbox:')) keys.push(key);
    }
  } catch {
    return undefined;
  }
  for (const key of keys) {
    try {
      const text = local.getItem(key);
      if (!text || (hint !== undefined && !text.includes(hint))) continue;
      const found = deserializeOutbox(text).find(match);
      if (found) return found;
    } catch {
      // unreadable: skip it
    }
  }
  return undefined;
}

/** Read only: whether the write `clientId` is saved in any tab's outbox (see `findSavedWrite`). */
export function isQueuedInAnyTab(clientId: string, local?: StorageArea): boolean {
  return findSavedWrite((item) => item.client_id === clientId, local, clientId) !== undefined;
}
