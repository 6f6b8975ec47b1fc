/**
 * The admin's audit log (CONTRACT.md §8, GET admin/audit): every admin action — a status set, a store
 * verified, an account blocked, a message or conversation deleted, a payment recorded, a report
 * resolved — is one admin_audit row, written in the action's own transaction where it has one.
 */
import type { AuditEntry } from '@agrivet/shared';
import type { Kysely, Transaction } from 'kysely';
import { nowIso } from '../db/time';
import type { Database } from '../db/types';

export type AuditAction =
  | 'user.status'
  | 'user.block'
  | 'user.unblock'
  | 'store.verify'
  | 'message.delete'
  | 'conversation.delete'
  | 'subscription.payment'
  | 'report.resolve';

export interface AuditRecord {
  actorId: number;
  action: AuditAction;
  targetType: AuditEntry['target_type'];
  targetId: number;
  detail?: Record<string, unknown> | null;
}

export async function recordAudit(db: Kysely<Database> | Transaction<Database>, a: AuditRecord): Promise<void> {
  await db
    .insertInto('admin_audit')
    .values({
      actor_id: a.actorId,
      action: a.action,
      target_type: a.targetType,
      target_id: a.targetId,
      detail: a.detail ? JSON.stringify(a.detail) : null,
      created_at: nowIso(),
    })
    .execute();
}
