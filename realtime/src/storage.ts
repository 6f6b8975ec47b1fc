/**
 * Where the outbox keeps queued writes. In memory for Node and tests; in localStorage for the
 * browser, so a reload does not lose writes made offline. Image bytes are stored as base64.
 */
import type { OutboxItem } from './types';

export interface OutboxStorage {
  load(): OutboxItem[];
  save(items: readonly OutboxItem[]): void;
}

export class MemoryOutboxStorage implements OutboxStorage {
  private items: OutboxItem[] = [];
  load(): OutboxItem[] {
    return [...this.items];
  }
  save(items: readonly OutboxItem[]): void {
    this.items = [...items];
  }
}

interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

function fromBase64(b64: string): Uint8Array {
  const s = atob(b64);
  const bytes = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) bytes[i] = s.charCodeAt(i);
  return bytes;
}

export function serializeOutbox(items: readonly OutboxItem[]): string {
  return JSON.stringify(items, (_key, value: unknown) => {
    if (value instanceof Uint8Array) return { $bytes: toBase64(value) };
    if (value instanceof ArrayBuffer) return { $bytes: toBase64(new Uint8Array(value)) };
    return value;
  });
}

export function deserializeOutbox(text: string): OutboxItem[] {
  const parsed: unknown = JSON.parse(text, (_key, value: unknown) =>
    typeof value === 'object' && value !== null && typeof (value as { $bytes?: unknown }).$bytes === 'string'
      ? fromBase64((value as { $bytes: string }).$bytes)
      : value,
  );
  return Array.isArray(parsed) ? (parsed as OutboxItem[]) : [];
}

/**
 * Keeps the outbox under one localStorage key — use one key per signed-in user
 * (`agrivet:outbox:${user.id}`), so a write queued by one account is never sent with another's token.
 * When the quota is exceeded (large images), the items stay queued in memory only.
 */
export class LocalStorageOutboxStorage implements OutboxStorage {
  private readonly storage: StorageLike | undefined;

  constructor(
    private readonly key: string,
    storage?: StorageLike,
  ) {
    this.storage = storage ?? (globalThis as { localStorage?: StorageLike }).localStorage;
  }

  load(): OutboxItem[] {
    try {
      const text = this.storage?.getItem(this.key);
      return text ? deserializeOutbox(text) : [];
    } catch {
      return [];
    }
  }

  save(items: readonly OutboxItem[]): void {
    if (!this.storage) return;
    try {
      if (items.length === 0) this.storage.removeItem(this.key);
      else this.storage.setItem(this.key, serializeOutbox(items));
    } catch (err) {
      console.warn('outbox not persisted (storage full?)', err);
    }
  }
}
