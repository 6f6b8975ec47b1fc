/**
 * The thread's rows: day separators between days, and consecutive photos of one author (within
 * five minutes, none deleted, text only on the first) gathered into one group, as messengers show them.
 */
import type { Message } from '@agrivet/shared';
import { dateLocale } from '@/lib/format';

export const GROUP_GAP_MS = 5 * 60_000;

export type Row =
  | { type: 'day'; key: string; date: string }
  | { type: 'message'; key: string; message: Message }
  | { type: 'photos'; key: string; messages: Message[] };

/** The local calendar day of an ISO time, as YYYY-MM-DD. */
export function dayOf(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

const isPhoto = (m: Message) => !m.deleted && m.attachment?.kind === 'image';

export function buildRows(messages: readonly Message[]): Row[] {
  const rows: Row[] = [];
  let day = '';
  let group: Message[] | null = null;
  for (const m of messages) {
    const d = dayOf(m.created_at);
    if (d !== day) {
      day = d;
      group = null;
      rows.push({ type: 'day', key: `day-${d}`, date: m.created_at });
    }
    const last = group?.[group.length - 1];
    if (
      group &&
      last &&
      isPhoto(m) &&
      !m.message &&
      m.user_id === last.user_id &&
      Date.parse(m.created_at) - Date.parse(last.created_at) <= GROUP_GAP_MS
    ) {
      group.push(m);
      const row = rows[rows.length - 1];
      if (row.type === 'message')
        rows[rows.length - 1] = { type: 'photos', key: `g-${row.message.id}`, messages: group };
      continue;
    }
    group = isPhoto(m) ? [m] : null;
    rows.push({ type: 'message', key: `m-${m.id}`, message: m });
  }
  return rows;
}

/** "اليوم" / "أمس" / the date, for a day separator. */
export function dayLabel(
  iso: string,
  lang: string,
  words: { today: string; yesterday: string },
  now = new Date(),
): string {
  const day = dayOf(iso);
  if (day === dayOf(now.toISOString())) return words.today;
  const y = new Date(now);
  y.setDate(y.getDate() - 1);
  if (day === dayOf(y.toISOString())) return words.yesterday;
  return new Date(iso).toLocaleDateString(dateLocale(lang), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
}
