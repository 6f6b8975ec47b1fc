import type { StorageArea } from '@/lib/realtime/tab-outbox-storage';

/** An in-memory Storage (a tab's own sessionStorage in the multi-tab tests). */
export function memoryStorageArea(): StorageArea {
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
