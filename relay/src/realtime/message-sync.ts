/**
 * Exactly-once, in-order delivery of chat messages to the UI. Messages reach the client three ways —
 * live pushes (`message:new`), acknowledgements of its own sends, and re-sync fetches after a
 * (re)connect — and may come twice or interleaved. Per open conversation this keeps the ids seen;
 * while a conversation re-syncs, live messages wait in a buffer and are merged with the fetched
 * ones in id order. Re-sync asks for messages after the `overlap`-th newest id seen, so a push
 * that arrived out of order just before a disconnect cannot leave a gap.
 */
import type { Message } from '@agrivet/shared';

export interface MessageSyncOptions {
  /** Hands a message to the UI (called once per message id). */
  deliver(message: Message): void;
  /** How many of the newest seen ids a re-sync asks for again. */
  overlap?: number;
  /** How many ids to remember per conversation (older ones count as seen). */
  memory?: number;
}

type Phase = 'stale' | 'syncing' | 'live';

interface ConversationState {
  /** Every id ≤ floor counts as seen. */
  floor: number;
  /** Ids above the floor already delivered, ascending. */
  seen: number[];
  phase: Phase;
  buffer: Message[];
  generation: number;
}

/** A bounded "seen recently" set for messages of conversations that are not open. */
class RecentIds {
  private readonly set = new Set<number>();
  constructor(private readonly max: number) {}
  addIfNew(id: number): boolean {
    if (this.set.has(id)) return false;
    this.set.add(id);
    if (this.set.size > this.max) this.set.delete(this.set.values().next().value as number);
    return true;
  }
}

export class MessageSync {
  private readonly open = new Map<number, ConversationState>();
  private readonly others = new RecentIds(2_000);
  private readonly overlap: number;
  private readonly memory: number;

  constructor(private readonly options: MessageSyncOptions) {
    this.overlap = options.overlap ?? 20;
    this.memory = Math.max(options.memory ?? 500, this.overlap * 2);
  }

  /** Starts tracking a conversation; the UI already has every message up to lastMessageId. */
  openConversation(conversationId: number, lastMessageId = 0): void {
    if (this.open.has(conversationId)) return;
    this.open.set(conversationId, { floor: lastMessageId, seen: [], phase: 'stale', buffer: [], generation: 0 });
  }

  closeConversation(conversationId: number): void {
    this.open.delete(conversationId);
  }

  openConversations(): number[] {
    return [...this.open.keys()];
  }

  isOpen(conversationId: number): boolean {
    return this.open.has(conversationId);
  }

  /** The connection dropped: nothing is live any more. */
  markAllStale(): void {
    for (const st of this.open.values()) st.phase = 'stale';
  }

  /** A message from a push or an acknowledgement. */
  receive(message: Message): void {
    const st = this.open.get(message.conversation_id);
    if (!st) {
      if (this.others.addIfNew(message.id)) this.options.deliver(message);
      return;
    }
    if (st.phase === 'syncing') st.buffer.push(message);
    else this.accept(st, message);
  }

  /**
   * Begins a re-sync: from now on live messages are buffered. Returns the after_id to fetch from
   * and a token for finishSync.
   */
  beginSync(conversationId: number): { afterId: number; generation: number } | null {
    const st = this.open.get(conversationId);
    if (!st) return null;
    st.phase = 'syncing';
    st.generation += 1;
    const afterId = st.seen.length >= this.overlap ? st.seen[st.seen.length - this.overlap] : st.floor;
    return { afterId, generation: st.generation };
  }

  /** Adds fetched messages (a page; call again for the next) without ending the re-sync. */
  addFetched(conversationId: number, messages: readonly Message[]): void {
    const st = this.open.get(conversationId);
    if (st) st.buffer.push(...messages);
  }

  /** Ends a re-sync: delivers fetched and buffered messages once each, in id order, then goes live. */
  finishSync(conversationId: number, generation: number): void {
    const st = this.open.get(conversationId);
    if (!st || st.generation !== generation || st.phase !== 'syncing') return;
    const batch = st.buffer.sort((a, b) => a.id - b.id);
    st.buffer = [];
    for (const m of batch) this.accept(st, m);
    st.phase = 'live';
  }

  private accept(st: ConversationState, m: Message): void {
    if (m.id <= st.floor) return;
    const seen = st.seen;
    // Usually the newest: append; otherwise insert in place (binary search).
    if (seen.length === 0 || m.id > seen[seen.length - 1]) seen.push(m.id);
    else {
      let lo = 0;
      let hi = seen.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (seen[mid] < m.id) lo = mid + 1;
        else hi = mid;
      }
      if (seen[lo] === m.id) return;
      seen.splice(lo, 0, m.id);
    }
    if (seen.length > this.memory) st.floor = seen.splice(0, seen.length - this.memory).pop() ?? st.floor;
    this.options.deliver(m);
  }
}
