/**
 * Whether my message can still be deleted (CONTRACT.md §7: its author within 15 minutes), and a hook
 * that re-renders when that window closes, so the bubble's menu disappears on time.
 */
import { LIMITS } from '@agrivet/shared';
import { useEffect, useState } from 'react';

export function deletableFor(createdAt: string | null, now: number = Date.now()): number {
  if (!createdAt) return 0;
  const left = Date.parse(createdAt) + LIMITS.messageDeleteWindowMs - now;
  return Number.isFinite(left) ? Math.max(0, left) : 0;
}

export function useCanDelete(createdAt: string | null, enabled: boolean): boolean {
  const [, tick] = useState(0);
  const left = enabled ? deletableFor(createdAt) : 0;
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => tick((n) => n + 1), Math.min(left + 50, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [left]);
  return left > 0;
}
