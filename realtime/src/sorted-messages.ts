/** Messages kept sorted by id (ascending), without duplicates: the ordered view of one conversation. */
import type { Message } from '@agrivet/shared';

/** Inserts m in id order; false when a message with its id is already there. */
export function insertById(list: Message[], m: Message): boolean {
  // Usually the newest: append; otherwise insert in place (binary search).
  if (list.length === 0 || m.id > list[list.length - 1].id) {
    list.push(m);
    return true;
  }
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid].id < m.id) lo = mid + 1;
    else hi = mid;
  }
  if (list[lo]?.id === m.id) return false;
  list.splice(lo, 0, m);
  return true;
}
