import type { Message } from '@agrivet/shared';
import { describe, expect, it } from 'vitest';
import { createMessage } from '@test/factories';
import { buildRows, dayLabel } from '@/features/chat/lib/timeline';
import { deletableFor } from '@/features/chat/lib/delete-window';

const photo = (
  id: number,
  user: number,
  at: string,
  text: string | null = null,
  clientId: string | null = null,
): Message =>
  createMessage({
    id,
    user_id: user,
    message: text,
    created_at: at,
    client_id: clientId,
    attachment: { kind: 'image', path: `messages/${id}.webp?exp=1&sig=x`, width: 800, height: 600 },
  });

describe('thread rows', () => {
  it('puts a separator before each day and groups the photos sent together (one batch) only', () => {
    const rows = buildRows([
      createMessage({ id: 1, user_id: 5, created_at: '2026-11-20T09:00:00' }),
      photo(2, 5, '2026-11-21T09:00:00', 'الأوراق مصفرّة', 'b1~0'),
      photo(3, 5, '2026-11-21T09:00:10', null, 'b1~1'),
      photo(4, 5, '2026-11-21T09:00:20', 'والجذور', 'b1~2'),
      photo(5, 2, '2026-11-21T09:01:00', null, 'b1~3'), // another author
      photo(6, 5, '2026-11-21T09:30:00', null, 'b2~0'),
      { ...photo(7, 5, '2026-11-21T09:30:05', null, 'b2~1'), deleted: true, attachment: null },
    ]);
    expect(rows.map((r) => (r.type === 'photos' ? `photos:${r.messages.map((m) => m.id)}` : r.type))).toEqual([
      'day',
      'message',
      'day',
      'photos:2,3,4',
      'message',
      'message',
      'message',
    ]);
  });

  it('two photos sent apart stay apart, however close in time (issue 24)', () => {
    const rows = buildRows([
      photo(1, 5, '2026-11-21T09:00:00', 'الأولى', 'single-a'),
      photo(2, 5, '2026-11-21T09:00:35', null, 'single-b'),
      photo(3, 5, '2026-11-21T09:00:40', null, null), // an older client: no batch
    ]);
    expect(rows.filter((r) => r.type === 'message')).toHaveLength(3);
  });

  it('labels today and yesterday by name', () => {
    const now = new Date('2026-11-23T12:00:00');
    const words = { today: 'اليوم', yesterday: 'أمس' };
    expect(dayLabel('2026-11-23T08:00:00', 'ar', words, now)).toBe('اليوم');
    expect(dayLabel('2026-11-22T23:00:00', 'ar', words, now)).toBe('أمس');
    expect(dayLabel('2026-11-01T08:00:00', 'en', words, now)).toBe('1 November 2026');
  });
});

describe('delete window', () => {
  it('is open for 15 minutes after sending', () => {
    const sent = '2026-11-23T12:00:00.000Z';
    const at = (min: number) => Date.parse(sent) + min * 60_000;
    expect(deletableFor(sent, at(14))).toBe(60_000);
    expect(deletableFor(sent, at(15))).toBe(0);
    expect(deletableFor(null, at(0))).toBe(0);
  });
});
