/**
 * Read-only first (issue 25): a thread opened cold shows its messages with the code that draws them, and
 * what the first paint does not need — the composer, the photo viewer, the notifications offer, the
 * bubbles' delete menu, the safety menu — is loaded right after, from the frame after the thread was
 * painted (each in its own lazy chunk, behind a placeholder of its size). On a slow link those chunks
 * would otherwise share the bandwidth with the thread's own code and data.
 */
import { createContext, useContext, useEffect, useState } from 'react';

/** True from the frame after `ready` first became true (then stays true). */
export function useAfterPaint(ready: boolean): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    if (!ready || after) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // rAF runs before the next paint; the timeout after it, once that frame is on screen.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setAfter(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [ready, after]);
  return after;
}

/** How an interactive part's placeholder is drawn (components/ui/thread-safety-slot.tsx). */
export { PLACEHOLDER_LOOK } from '@/components/ui/thread-safety-slot';

/** Whether the thread's interactive parts may load now (provided by ChatThread; true outside one). */
export const ThreadInteractive = createContext(true);
export const useThreadInteractive = () => useContext(ThreadInteractive);
