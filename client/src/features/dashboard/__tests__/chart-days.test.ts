/** The statistics' day labels: Western digits, day then month, no direction marks (docs/decisions.md, "Digits"). */
import { describe, expect, it } from 'vitest';
import { perDay, shortDay } from '@/features/dashboard/lib/chart-days';

const ARABIC_INDIC = /[\u0660-\u0669\u06F0-\u06F9]/;
const DIRECTION_MARKS = /[\u200E\u200F\u061C]/;

describe('the day under a column of the statistics', () => {
  it('reads «29/11» (day, then month) in Arabic as in English, with nothing that reorders it', () => {
    expect(shortDay('2026-11-29')).toBe('29/11');
    expect(shortDay('2026-01-05')).toBe('5/1');
    for (const lang of ['ar', 'en'] as const) {
      const [day] = perDay([{ date: '2026-11-29', count: 2 }], lang);
      expect(day.short).toBe('29/11');
      expect(day.short).not.toMatch(DIRECTION_MARKS);
      expect(day.label).toContain('29');
      expect(day.label).not.toMatch(ARABIC_INDIC);
      expect(day.value).toBe(2);
    }
  });
});
