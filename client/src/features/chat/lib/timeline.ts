/**
 * The thread's rows: day separators between days, and photos sent together in one go (one album: their
 * client_ids share a batch, `{batch}~{i}`, stores/chat-media.ts) gathered into one group, as messengers
 * show them. Photos sent apart stay apart, whatever their timing; each keeps its own caption.
 */
import type { Message } from '@agrivet/shared';
import { dateLocale } from '@/lib/format';

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

/** The album a photo was sent in (null: sent on its own, or by an older client). */
export function albumOf(m: Message): string | null {
  const id = m.client_id ?? '';
  const at = id.lastIndexOf('~');
  return isPhoto(m) && at > 0 ? `${m.user_id}:${id.slice(0, at)}` : null;
}

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
    const album = albumOf(m);
    if (group && album !== null && albumOf(group[0]) === album) {
      group.push(m);
      const row = rows[rows.length - 1];
      if (row.type === 'message')
        rows[rows.length - 1] = { type: 'photos', key: `g-${row.message.id}`, messages: group };
      continue;
    }
    group = album !== null ? [m] : null;
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
