import { describe, expect, it } from 'vitest';
import { formatCalendarDay, formatDate } from '@/lib/format';

describe("dates in the Arabic UI (Western digits, the Levant's month names)", () => {
  it('an expected delivery day reads with its weekday, the day written wherever the phone is', () => {
    const ar = formatCalendarDay('2026-12-02', 'ar');
    expect(ar).toContain('الأربعاء');
    expect(ar).toContain('كانون الأول');
    expect(ar).toMatch(/\b2\b.*2026/);
    expect(ar).not.toMatch(/[\u0660-\u0669]/);
    expect(formatCalendarDay('2026-12-02', 'en')).toMatch(/Wednesday.*2 December 2026/);
    // not a day: shown as it came
    expect(formatCalendarDay('soon', 'ar')).toBe('soon');
  });

  it('a date in Arabic keeps Western digits', () => {
    expect(formatDate('2026-11-29T10:00:00.000Z', 'ar')).not.toMatch(/[\u0660-\u0669]/);
  });
});
