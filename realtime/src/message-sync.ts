/**
 * Exactly-once, in-order delivery of chat messages to the UI. Messages reach the client three ways —
 * live pushes (`message:new`), acknowledgements of its own sends, and re-sync fetches (after a
 * (re)connect and periodically) — and may come twice or interleaved, and pushes relayed by
 * different relays may arrive out of id order. Per open conversation this keeps the messages
 * delivered, sorted by id (the ordered view, `messages()`):
 * - live messages wait `reorderMs` (counted from the first one waiting) and are then delivered
 *   sorted, so pushes that overtook each other reach the UI in id order;
 * - while a conversation re-syncs, live messages wait in the re-sync buffer and are merged with
 *   the fetched ones in id order;
 * - a re-sync after a (re)connect asks for messages after the `overlap`-th newest id seen, so a
 *   push that arrived out of order just before a disconnect cannot leave a gap; a periodic
 *   catch-up (the connection stayed up) only asks after the newest id seen when the previous
 *   re-sync began (3 back at most), so it re-fetches little on a slow link.
 * A message later than the window (e.g. one a dead relay never pushed, found by a re-sync) is still
 * delivered once, after newer ones; `messages()` always lists everything in id order.
 */
import type { Message } from '@agrivet/shared';
import { insertById } from './sorted-messages';

export interface MessageSyncOptions {
  /** Hands a message to the UI (called once per message id). */
  deliver(message: Message): void;
  /** How many of the newest seen ids a re-sync asks for again (default 20). */
  overlap?: number;
  /** How many messages to remember per conversation (older ids count as seen; default 500). */
  memory?: number;
  /** How long live messages wait to be put in id order (ms; default 0 = delivered at once). */
  reorderMs?: number;
}

type Phase = 'stale' | 'syncing' | 'live';

interface ConversationState {
  /** Every id ≤ floor counts as seen. */
  floor: number;
  /** Messages above the floor already delivered, ascending by id. */
  seen: Message[];
  phase: Phase;
  /** Fetched and live messages waiting for the end of a re-sync. */
  buffer: Message[];
  generation: number;
  /** Live messages waiting for the reorder window. */
  held: Message[];
  heldTimer: ReturnType<typeof setTimeout> | null;
  /** The newest id seen when the last completed re-sync began: anything missed before is fetched. */
  checked: number;
  /** The newest id seen when the running re-sync began. */
  checking: number;
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
  private readonly reorderMs: number;

  constructor(private readonly options: MessageSyncOptions) {
    this.overlap = options.overlap ?? 20;
    this.memory = Math.max(options.memory ?? 500, this.overlap * 2);
    this.reorderMs = options.reorderMs ?? 0;
  }

  /** Starts tracking a conversation; the UI already has every message up to lastMessageId. */
  openConversation(conversationId: number, lastMessageId = 0): void {
    if (this.open.has(conversationId)) return;
    this.open.set(conversationId, {
      floor: lastMessageId,
      seen: [],
      phase: 'stale',
      buffer: [],
      generation: 0,
      held: [],
      heldTimer: null,
      checked: lastMessageId,
      checking: lastMessageId,
    });
  }

  closeConversation(conversationId: number): void {
    const st = this.open.get(conversationId);
    if (st?.heldTimer) clearTimeout(st.heldTimer);
    this.open.delete(conversationId);
  }

  openConversations(): number[] {
    return [...this.open.keys()];
  }

  isOpen(conversationId: number): boolean {
    return this.open.has(conversationId);
  }

  /** Open and neither re-syncing nor waiting for one after a disconnect. */
  isLive(conversationId: number): boolean {
    return this.open.get(conversationId)?.phase === 'live';
  }

  /**
   * The ordered view: the messages delivered since the conversation was opened (the newest
   * `memory` of them), ascending by id, each once.
   */
  messages(conversationId: number): readonly Message[] {
    return [...(this.open.get(conversationId)?.seen ?? [])];
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
    else if (this.reorderMs <= 0) this.accept(st, message);
    else this.hold(st, message);
  }

  /**
   * Begins a re-sync: from now on live messages are buffered. Returns the after_id to fetch from
   * and a token for finishSync. 'reconnect': after the `overlap`-th newest id seen; 'catch-up'
   * (periodic, the connection stayed up): after the newest id seen when the last completed re-sync
   * began, or the 3rd-newest if lower.
   */
  beginSync(
    conversationId: number,
    mode: 'reconnect' | 'catch-up' = 'reconnect',
  ): { afterId: number; generation: number } | null {
    const st = this.open.get(conversationId);
    if (!st) return null;
    st.phase = 'syncing';
    st.generation += 1;
    this.takeHeld(st, st.buffer);
    const back = (n: number) => (st.seen.length >= n ? st.seen[st.seen.length - n].id : st.floor);
    st.checking = back(1);
    const afterId = mode === 'catch-up' ? Math.max(st.floor, Math.min(st.checked, back(3))) : back(this.overlap);
    return { afterId, generation: st.generation };
  }

  /** Adds fetched messages (a page; call again for the next) without ending the re-sync. */
  addFetched(conversationId: number, messages: readonly Message[]): void {
    const st = this.open.get(conversationId);
    if (st) st.buffer.push(...messages);
  }

  /**
   * Ends a re-sync — completed, or given up (a periodic catch-up that failed: the next one asks
   * from the same point): delivers fetched and buffered messages once each, in id order, then goes live.
   */
  finishSync(conversationId: number, generation: number, completed = true): void {
    const st = this.open.get(conversationId);
    if (!st || st.generation !== generation || st.phase !== 'syncing') return;
    if (completed) st.checked = Math.max(st.checked, st.checking);
    const batch = st.buffer.sort((a, b) => a.id - b.id);
    st.buffer = [];
    for (const m of batch) this.accept(st, m);
    st.phase = 'live';
  }

  private hold(st: ConversationState, m: Message): void {
    st.held.push(m);
    st.heldTimer ??= setTimeout(() => {
      st.heldTimer = null;
      const batch: Message[] = [];
      this.takeHeld(st, batch);
      for (const held of batch.sort((a, b) => a.id - b.id)) this.accept(st, held);
    }, this.reorderMs);
  }

  /** Moves the messages waiting for the reorder window into `into`. */
  private takeHeld(st: ConversationState, into: Message[]): void {
    if (st.heldTimer) clearTimeout(st.heldTimer);
    st.heldTimer = null;
    into.push(...st.held);
    st.held = [];
  }

  private accept(st: ConversationState, m: Message): void {
    if (m.id <= st.floor) return;
    if (!insertById(st.seen, m)) return;
    if (st.seen.length > this.memory) {
      const dropped = st.seen.splice(0, st.seen.length - this.memory);
      st.floor = dropped[dropped.length - 1].id;
    }
    this.options.deliver(m);
  }
}
