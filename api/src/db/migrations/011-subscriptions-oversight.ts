/**
 * Subscriptions and admin oversight (CONTRACT.md §8):
 * - users carry their subscription — `sub_plan` (trial, monthly, yearly), `sub_ends_at`,
 *   `sub_grace_ends_at` (3 Damascus days later: expired from then on) — and `suspended` (the admin set
 *   status 1 by hand), `blocked_at` / `blocked_reason` (user/block) and `search_text` (the normalised
 *   name and phone, for user/getAll?q). `status` stays the stored, effective status: it follows the
 *   subscription (services/subscriptions.ts brings it up to date on read and every minute), so every
 *   query and ETag that reads it (store `available`, migration 008's users version) keeps working;
 * - conversations carry `blocked_by_sender` / `blocked_by_receiver` (conversation/block), read with
 *   the row message/create already loads;
 * - subscription_requests (one open per account: a partial unique index), subscription_payments
 *   (the receipts), subscription_reminders (one row per reminder sent: the claim that makes each
 *   reminder go once across API instances), reports and admin_audit.
 * Store accounts that exist now keep what their status meant: 0 → a monthly plan from today,
 * 2 → a 30-day trial from today, 1 → expired.
 */
import { addCalendar, normalizeArabic } from '@agrivet/shared';
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../create-db';

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it is at that version
type AnyDb = Kysely<any>;

// as search/search-text.ts userSearchText at this version
const userSearchText = (u: { name: string; phone: string }): string => normalizeArabic(`${u.name} ${u.phone}`);

export function subscriptionsOversightMigration(dialect: Dialect) {
  const ts = dialect === 'postgres' ? sql`timestamptz` : sql`text`;
  const idColumn = (table: ReturnType<AnyDb['schema']['createTable']>) =>
    dialect === 'postgres'
      ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema.alterTable('users').addColumn('sub_plan', 'text').execute();
      await db.schema.alterTable('users').addColumn('sub_ends_at', ts).execute();
      await db.schema.alterTable('users').addColumn('sub_grace_ends_at', ts).execute();
      await db.schema
        .alterTable('users')
        .addColumn('suspended', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('users').addColumn('blocked_at', ts).execute();
      await db.schema.alterTable('users').addColumn('blocked_reason', 'text').execute();
      await db.schema
        .alterTable('users')
        .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('users_sub_ends_at').on('users').column('sub_ends_at').execute();

      for (const column of ['blocked_by_sender', 'blocked_by_receiver']) {
        await db.schema
          .alterTable('conversations')
          .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
      }

      await idColumn(db.schema.createTable('subscription_requests'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('plan', 'text', (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('reference', 'text')
        .addColumn('state', 'text', (c) => c.notNull().defaultTo('open'))
        .addColumn('payment_id', 'integer')
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('closed_at', ts)
        .execute();
      await db.schema
        .createIndex('subscription_requests_one_open')
        .on('subscription_requests')
        .column('user_id')
        .unique()
        .where(sql.ref('state'), '=', 'open')
        .execute();
      await db.schema
        .createIndex('subscription_requests_state')
        .on('subscription_requests')
        .columns(['state', 'id'])
        .execute();

      await idColumn(db.schema.createTable('subscription_payments'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('plan', 'text', (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('amount_cents', 'integer', (c) => c.notNull())
        .addColumn('reference', 'text')
        .addColumn('request_id', 'integer')
        .addColumn('period_start', ts, (c) => c.notNull())
        .addColumn('period_end', ts, (c) => c.notNull())
        .addColumn('recorded_by', 'integer', (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('subscription_payments_user')
        .on('subscription_payments')
        .columns(['user_id', 'id'])
        .execute();
      await db.schema
        .createIndex('subscription_payments_created')
        .on('subscription_payments')
        .column('created_at')
        .execute();

      await db.schema
        .createTable('subscription_reminders')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        // the end it reminds of, as ISO text: a renewal moves the end, and its reminders start again
        .addColumn('ends_at', 'text', (c) => c.notNull())
        .addColumn('days', 'integer', (c) => c.notNull())
        .addColumn('sent_at', ts, (c) => c.notNull())
        .addPrimaryKeyConstraint('subscription_reminders_pk', ['user_id', 'ends_at', 'days'])
        .execute();

      await idColumn(db.schema.createTable('reports'))
        .addColumn('reporter_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('reported_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('conversation_id', 'integer', (c) => c.notNull().references('conversations.id').onDelete('cascade'))
        .addColumn('message_id', 'integer')
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('note', 'text')
        .addColumn('state', 'text', (c) => c.notNull().defaultTo('open'))
        .addColumn('action', 'text')
        .addColumn('resolved_by', 'integer')
        .addColumn('resolved_at', ts)
        .addColumn('created_at', ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('reports_state').on('reports').columns(['state', 'id']).execute();

      await idColumn(db.schema.createTable('admin_audit'))
        .addColumn('actor_id', 'integer', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('target_type', 'text', (c) => c.notNull())
        .addColumn('target_id', 'integer', (c) => c.notNull())
        .addColumn('detail', 'text')
        .addColumn('created_at', ts, (c) => c.notNull())
        .execute();

      // what existing store accounts' status meant (CONTRACT.md §8)
      const now = Date.now();
      const monthly = addCalendar(now, { months: 1 });
      const trial = addCalendar(now, { days: 30 });
      const expiredEnd = addCalendar(now, { days: -3 });
      const plans = [
        { status: 0, plan: 'monthly', ends: monthly, grace: addCalendar(monthly, { days: 3 }) },
        { status: 2, plan: 'trial', ends: trial, grace: addCalendar(trial, { days: 3 }) },
        { status: 1, plan: 'monthly', ends: expiredEnd, grace: new Date(now) },
      ];
      for (const p of plans) {
        await db
          .updateTable('users')
          .set({ sub_plan: p.plan, sub_ends_at: p.ends.toISOString(), sub_grace_ends_at: p.grace.toISOString() })
          .where('type', 'in', [1, 3])
          .where('status', '=', p.status)
          .execute();
      }

      // search_text for the users there are, in batches
      let after = 0;
      for (;;) {
        const rows: { id: number; name: string; phone: string }[] = await db
          .selectFrom('users')
          .select(['id', 'name', 'phone'])
          .where('id', '>', after)
          .orderBy('id')
          .limit(500)
          .execute();
        if (rows.length === 0) break;
        for (const r of rows) {
          await db
            .updateTable('users')
            .set({ search_text: userSearchText(r) })
            .where('id', '=', r.id)
            .execute();
        }
        after = rows[rows.length - 1].id;
      }
    },
    async down(db: AnyDb): Promise<void> {
      for (const table of [
        'admin_audit',
        'reports',
        'subscription_reminders',
        'subscription_payments',
        'subscription_requests',
      ]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
      await db.schema.dropIndex('users_sub_ends_at').ifExists().execute();
      for (const column of ['blocked_by_sender', 'blocked_by_receiver']) {
        await db.schema.alterTable('conversations').dropColumn(column).execute();
      }
      for (const column of [
        'sub_plan',
        'sub_ends_at',
        'sub_grace_ends_at',
        'suspended',
        'blocked_at',
        'blocked_reason',
        'search_text',
      ]) {
        await db.schema.alterTable('users').dropColumn(column).execute();
      }
    },
  };
}
