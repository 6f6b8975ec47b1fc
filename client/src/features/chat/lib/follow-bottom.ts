/**
 * Keeping a chat thread at its newest message (the bottom) the way messengers do: it opens at the
 * bottom and stays there while images load and new messages arrive — unless the reader scrolled up,
 * then new messages raise a "new messages ↓" pill instead of moving the view. "Load older" keeps the
 * reading position (distance from the bottom).
 */
import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** Closer than this to the bottom counts as "at the bottom". */
export const NEAR_BOTTOM_PX = 80;

export function distanceFromBottom(el: Pick<HTMLElement, 'scrollHeight' | 'scrollTop' | 'clientHeight'>): number {
  return el.scrollHeight - el.scrollTop - el.clientHeight;
}

/** What to do when the number of messages changed. */
export function onNewContent(state: {
  following: boolean;
  mineNewest: boolean;
  added: boolean;
}): 'scroll' | 'pill' | 'none' {
  if (state.following || state.mineNewest) return 'scroll';
  return state.added ? 'pill' : 'none';
}

export interface FollowBottom {
  /** Show the "new messages" pill. */
  unseen: boolean;
  /** Jump to the newest message (the pill's action). */
  toBottom: () => void;
  /** Call before loading older messages: their arrival keeps the reading position. */
  keepPosition: () => void;
  /** Forget a keepPosition that added nothing. */
  cancelKeep: () => void;
}

/**
 * `scroller`: the scrolling element; `content`: the element inside that grows (observed for size
 * changes: images loading, the typing line). `count`: messages shown; `newestId` the newest one's id
 * (older pages change count, not newestId); `mineNewest`: I wrote the newest (my own send always
 * scrolls).
 */
export function useFollowBottom(
  scroller: RefObject<HTMLElement | null>,
  content: RefObject<HTMLElement | null>,
  count: number,
  newestId: number | string,
  mineNewest: boolean,
  /** The elements are on screen (the thread loaded): listeners attach then. */
  ready = true,
): FollowBottom {
  const following = useRef(true);
  const keep = useRef<number | null>(null);
  const previousNewest = useRef(newestId);
  const [unseen, setUnseen] = useState(false);

  const toBottom = useCallback(() => {
    const el = scroller.current;
    following.current = true;
    setUnseen(false);
    if (el) el.scrollTop = el.scrollHeight;
  }, [scroller]);

  // The reader's position decides whether we follow.
  // biome-ignore lint/correctness/useExhaustiveDependencies: attach once the elements exist (ready).
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const onScroll = () => {
      following.current = distanceFromBottom(el) <= NEAR_BOTTOM_PX;
      if (following.current) setUnseen(false);
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, [scroller, ready]);

  // Images loading (sizes unknown) and other growth, and the window itself getting shorter (the composer
  // or the bars above arriving after the first paint: the newest message was left half hidden under
  // them): stay at the bottom when following.
  // biome-ignore lint/correctness/useExhaustiveDependencies: attach once the elements exist (ready).
  useEffect(() => {
    const el = scroller.current;
    const inner = content.current;
    if (!el || !inner || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (following.current && keep.current === null) el.scrollTop = el.scrollHeight;
    });
    observer.observe(inner);
    observer.observe(el);
    return () => observer.disconnect();
  }, [scroller, content, ready]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the messages shown change.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (keep.current !== null) {
      el.scrollTop = el.scrollHeight - keep.current;
      keep.current = null;
      previousNewest.current = newestId;
      return;
    }
    const added = newestId !== previousNewest.current;
    previousNewest.current = newestId;
    const action = onNewContent({ following: following.current, mineNewest: added && mineNewest, added });
    if (action === 'scroll') toBottom();
    else if (action === 'pill') setUnseen(true);
  }, [count, newestId]);

  return {
    unseen,
    toBottom,
    keepPosition: () => {
      const el = scroller.current;
      keep.current = el ? el.scrollHeight - el.scrollTop : null;
    },
    cancelKeep: () => {
      keep.current = null;
    },
  };
}
