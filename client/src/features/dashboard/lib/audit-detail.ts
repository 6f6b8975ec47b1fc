/**
 * The audit log's "details" column in words: each key an admin action records (api/src/routes/*:
 * recordAudit) gets its label and its value in the reader's language — a plan's and a method's names,
 * an amount in dollars, a date in the stores' time zone, a status's name, `#id` for a reference.
 * A key this list does not know yet is shown as it came, so nothing recorded is hidden.
 */
import {
  type PaymentMethod,
  type PaidPlan,
  paymentMethodLabels,
  planLabels,
  type ReportAction,
  type UserStatus,
  userStatusLabels,
} from '@agrivet/shared';
import type { TFunction } from 'i18next';
import { centsText, formatDay } from './oversight-format';

type Lang = 'ar' | 'en';

/** Keys shown as a reference to another item: label key in `audit.fields`. */
const REFERENCES: Record<string, string> = {
  user_id: 'account',
  reported_user_id: 'reportedUser',
  message_id: 'message',
  conversation_id: 'conversation',
  sender_id: 'sender',
  receiver_id: 'receiver',
  store_id: 'store',
};

export function auditDetailParts(detail: Record<string, unknown> | null, t: TFunction, lang: Lang): string[] {
  if (!detail) return [];
  const parts: string[] = [];
  const field = (key: string, value: string) =>
    parts.push(t('audit.field', { label: t(`audit.fields.${key}`), value }));
  for (const [key, value] of Object.entries(detail)) {
    if (value === null || value === undefined || value === '') continue;
    if (key in REFERENCES && typeof value === 'number') field(REFERENCES[key], `#${value}`);
    else if (key === 'reason') field('reason', String(value));
    else if (key === 'plan') field('plan', planLabels[lang][value as PaidPlan] ?? String(value));
    else if (key === 'method') field('method', paymentMethodLabels[lang][value as PaymentMethod] ?? String(value));
    else if (key === 'amount_cents' && typeof value === 'number') field('amount', `${centsText(value)} $`);
    else if (key === 'period_end' && typeof value === 'string') field('periodEnd', formatDay(value, lang));
    else if (key === 'action')
      field('action', t(`reports.actions.${value as ReportAction}`, { defaultValue: String(value) }));
    else if (key === 'verified') field('verified', t(value ? 'audit.yes' : 'audit.no'));
    else if (key === 'from' || key === 'to') {
      if (key === 'from' && 'to' in detail) {
        const name = (s: unknown) => userStatusLabels[lang][s as UserStatus] ?? String(s);
        field('status', t('audit.change', { from: name(value), to: name(detail.to) }));
      }
    } else parts.push(`${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`);
  }
  return parts;
}
