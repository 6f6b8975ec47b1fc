/** Subscription requests and payments, audit rows and reports as the API promises them (CONTRACT.md §8). */
import {
  type AuditEntry,
  formatCents,
  type PaidPlan,
  type PaymentMethod,
  type Report,
  type ReportMessage,
  type SubscriptionPayment,
  type SubscriptionRequest,
} from '@agrivet/shared';
import { toIso } from './common';
import { parseCard } from './message';

type Ts = string | Date;

interface AccountColumns {
  user_id: number;
  user_name: string;
  user_phone: string;
  store_name: string | null;
}

const account = (r: AccountColumns) => ({
  id: r.user_id,
  name: r.user_name,
  phone: r.user_phone,
  store_name: r.store_name ?? null,
});

export interface RequestRow extends AccountColumns {
  id: number;
  plan: string;
  method: string;
  reference: string | null;
  state: string;
  payment_id: number | null;
  created_at: Ts;
  closed_at: Ts | null;
}

export const presentRequest = (r: RequestRow): SubscriptionRequest => ({
  id: r.id,
  user: account(r),
  plan: r.plan as PaidPlan,
  method: r.method as PaymentMethod,
  reference: r.reference,
  state: r.state === 'open' ? 'open' : 'closed',
  payment_id: r.payment_id,
  created_at: toIso(r.created_at),
  closed_at: r.closed_at === null ? null : toIso(r.closed_at),
});

export interface PaymentRow extends AccountColumns {
  id: number;
  plan: string;
  method: string;
  amount_cents: number;
  reference: string | null;
  request_id: number | null;
  period_start: Ts;
  period_end: Ts;
  recorded_by: number;
  recorder_name: string | null;
  created_at: Ts;
}

/** `AGV-<year of the payment>-<id, 6 digits>`: unique with the id, readable over the phone. */
export const receiptNo = (id: number, createdAt: Ts): string =>
  `AGV-${toIso(createdAt).slice(0, 4)}-${String(id).padStart(6, '0')}`;

export const presentPayment = (r: PaymentRow): SubscriptionPayment => ({
  id: r.id,
  receipt_no: receiptNo(r.id, r.created_at),
  user: account(r),
  plan: r.plan as PaidPlan,
  method: r.method as PaymentMethod,
  amount_cents: Number(r.amount_cents),
  amount: formatCents(Number(r.amount_cents)),
  reference: r.reference,
  request_id: r.request_id,
  period_start: toIso(r.period_start),
  period_end: toIso(r.period_end),
  recorded_by: { id: r.recorded_by, name: r.recorder_name ?? '' },
  created_at: toIso(r.created_at),
});

export interface AuditRow {
  id: number;
  actor_id: number;
  actor_name: string | null;
  action: string;
  target_type: string;
  target_id: number;
  detail: string | null;
  created_at: Ts;
}

function parseDetail(text: string | null): Record<string, unknown> | null {
  if (text === null) return null;
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export const presentAudit = (r: AuditRow): AuditEntry => ({
  id: r.id,
  actor: { id: r.actor_id, name: r.actor_name ?? '' },
  action: r.action,
  target_type: r.target_type as AuditEntry['target_type'],
  target_id: r.target_id,
  at: toIso(r.created_at),
  detail: parseDetail(r.detail),
});

export interface ReportMessageRow {
  id: number;
  user_id: number;
  message: string | null;
  image: string | null;
  attachment: string | null;
  card: string | null;
  deleted_at: Ts | null;
  created_at: Ts;
}

export const presentReportMessage = (m: ReportMessageRow): ReportMessage => {
  const deleted = m.deleted_at !== null;
  let kind: ReportMessage['attachment_kind'] = null;
  if (!deleted && m.attachment) kind = m.attachment.includes('"audio"') ? 'audio' : 'image';
  else if (!deleted && m.image) kind = 'image';
  return {
    id: m.id,
    user_id: m.user_id,
    message: deleted ? null : m.message,
    attachment_kind: kind,
    card: deleted ? null : parseCard(m.card),
    deleted,
    created_at: toIso(m.created_at),
  };
};

export interface ReportRow {
  id: number;
  reporter_id: number;
  reporter_name: string;
  reporter_phone: string;
  reported_user_id: number;
  reported_name: string;
  reported_phone: string;
  reported_type: number;
  reported_blocked_at: Ts | null;
  conversation_id: number;
  message_id: number | null;
  reason: string;
  note: string | null;
  state: string;
  action: string | null;
  resolved_at: Ts | null;
  created_at: Ts;
}

export const presentReport = (r: ReportRow, messages: ReportMessageRow[]): Report => {
  const context = messages.map(presentReportMessage);
  return {
    id: r.id,
    reporter_id: r.reporter_id,
    conversation_id: r.conversation_id,
    message_id: r.message_id,
    reason: r.reason as Report['reason'],
    note: r.note,
    state: r.state === 'open' ? 'open' : 'closed',
    created_at: toIso(r.created_at),
    reporter: { id: r.reporter_id, name: r.reporter_name, phone: r.reporter_phone },
    reported_user: {
      id: r.reported_user_id,
      name: r.reported_name,
      phone: r.reported_phone,
      type: r.reported_type,
      blocked: r.reported_blocked_at !== null,
    },
    message: r.message_id === null ? null : (context.find((m) => m.id === r.message_id) ?? null),
    context,
    action: (r.action as Report['action']) ?? null,
    resolved_at: r.resolved_at === null ? null : toIso(r.resolved_at),
  };
};
