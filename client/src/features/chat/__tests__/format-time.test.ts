import { describe, expect, it } from 'vitest';
import { formatTime } from '@/features/chat/components/message-bubble';

describe('formatTime', () => {
  const at = '2026-11-27T09:05:00.000Z';

  it('reads as toLocaleTimeString did: Arabic words with Latin digits, or English', () => {
    for (const [lang, locale] of [
      ['ar', 'ar-SY-u-nu-latn'],
      ['en', 'en-GB'],
    ]) {
      expect(formatTime(at, lang)).toBe(
        new Date(at).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' }),
      );
    }
    expect(formatTime(at, 'ar')).toMatch(/\d\d:\d\d/);
  });

  it('keeps one formatter per language: switching back and forth gives each its own', () => {
    const ar = formatTime(at, 'ar');
    const en = formatTime(at, 'en');
    expect(formatTime(at, 'ar')).toBe(ar);
    expect(formatTime(at, 'en')).toBe(en);
    expect(ar).not.toBe(en);
  });
});
