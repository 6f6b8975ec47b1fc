/**
 * One stored form for a Syrian phone (docs/decisions.md "Phone numbers"): the schemas now turn
 * `+963…`, `00963…` and `963…` into the national `0…` on the way in, so accounts registered before
 * with an international form are rewritten to it — else their owner could no longer sign in with the
 * number as it is typed now, and the same number could be registered a second time.
 * - users.phone → the canonical form, with the user's search text (user/getAll?q, migration 011) and
 *   the customer search of their conversations (the inbox, migration 012), which hold the phone;
 * - password_reset_requests.phone too (not unique: the open request is found again by its phone).
 * A user whose canonical phone already belongs to ANOTHER account is left as it is: the same number
 * registered twice before this fix (a second account for one person, or a number that changed
 * hands); merging or choosing between the two accounts is the admin's call, not a migration's. Such
 * an account still signs in with its phone typed exactly as stored (routes/auth.ts).
 * The rule is copied here as it is today, so that this migration does the same when the shared
 * schemas' rule changes later. Nothing to undo: `down` leaves the phones in their canonical form.
 */
import { normalizeArabic, toLatinDigits } from '@agrivet/shared';
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it is at that version
type AnyDb = Kysely<any>;

/** shared/src/schemas.ts `canonicalPhone` as of this migration. */
export function canonicalPhoneV15(input: string): string {
  const s = toLatinDigits(input).replace(
    /[\s\u002D\u2010-\u2015\u2212\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g,
    '',
  );
  const international = /^(?:\+|00)9630?(\d+)$/.exec(s) ?? /^9630?(\d{8,9})$/.exec(s);
  return international ? `0${international[1]}` : s;
}

/** Stored phones that may be in an international Syrian form (the schemas stored them cleaned). */
const INTERNATIONAL = ['+963%', '00963%', '963%'];

export function canonicalPhonesMigration() {
  return {
    async up(db: AnyDb): Promise<void> {
      const users: { id: number; name: string; phone: string }[] = await db
        .selectFrom('users')
        .select(['id', 'name', 'phone'])
        .where((eb) => eb.or(INTERNATIONAL.map((p) => eb('phone', 'like', p))))
        .orderBy('id')
        .execute();
      for (const u of users) {
        const phone = canonicalPhoneV15(u.phone);
        if (phone === u.phone) continue;
        // the canonical phone is another account's: left alone (see above)
        const taken = await db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirst();
        if (taken) continue;
        await db
          .updateTable('users')
          .set({ phone, search_text: normalizeArabic(`${u.name} ${phone}`) })
          .where('id', '=', u.id)
          .execute();
        await db
          .updateTable('conversations')
          .set({ customer_search: normalizeArabic(`${u.name} ${phone}`) })
          .where('sender_id', '=', u.id)
          .execute();
      }
      const requests: { phone: string }[] = await db
        .selectFrom('password_reset_requests')
        .select('phone')
        .distinct()
        .where((eb) => eb.or(INTERNATIONAL.map((p) => eb('phone', 'like', p))))
        .execute();
      for (const r of requests) {
        const phone = canonicalPhoneV15(r.phone);
        if (phone === r.phone) continue;
        await db.updateTable('password_reset_requests').set({ phone }).where('phone', '=', r.phone).execute();
      }
    },
    async down(): Promise<void> {
      // the international forms are not restored: the canonical one is the same number
    },
  };
}
