/**
 * Where the outbox keeps queued writes: in memory (Node, tests), or in localStorage for the browser —
 * one key per write (`{prefix}{client_id}`), so several tabs of one user never overwrite each other's
 * writes (each tab resumes the saved ones when it starts).
 */
import type { OutboxItem } from './types';

export interface OutboxStorage {
  /** Every saved write, oldest first. */
  load(): OutboxItem[];
  put(item: OutboxItem): void;
  remove(clientId: string): void;
}

export class MemoryOutboxStorage implements OutboxStorage {
  readonly items = new Map<string, OutboxItem>();
  load(): OutboxItem[] {
    return [...this.items.values()].sort((a, b) => a.queued_at - b.queued_at);
  }
  put(item: OutboxItem): void {
    this.items.set(item.client_id, { ...item });
  }
  remove(clientId: string): void {
    this.items.delete(clientId);
  }
}

export interface StorageLike {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Use one prefix per signed-in user (`agrivet:outbox:{userId}:`): a write is sent only with its author's token. */
export class LocalStorageOutboxStorage implements OutboxStorage {
  private readonly storage: StorageLike | undefined;

  constructor(
    private readonly prefix: string,
    storage?: StorageLike,
  ) {
    this.storage = storage ?? (globalThis as { localStorage?: StorageLike }).localStorage;
  }

  load(): OutboxItem[] {
    const items: OutboxItem[] = [];
    try {
      const s = this.storage;
      for (let i = 0; s && i < s.length; i++) {
        const key = s.key(i);
        if (!key?.startsWith(this.prefix)) continue;
        const item = JSON.parse(s.getItem(key) ?? 'null') as OutboxItem | null;
        if (item?.client_id && item.event) items.push(item);
      }
    } catch {
      // unreadable storage: nothing to resume
    }
    return items.sort((a, b) => a.queued_at - b.queued_at);
  }

  put(item: OutboxItem): void {
    try {
      this.storage?.setItem(this.prefix + item.client_id, JSON.stringify({ ...item, state: 'pending' }));
    } catch (err) {
      console.warn('outbox not persisted (storage full?)', err);
    }
  }

  remove(clientId: string): void {
    try {
      this.storage?.removeItem(this.prefix + clientId);
    } catch {
      // unavailable: nothing saved either
    }
  }
}
