import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, setLang } from '@/i18n';
import { OVERSIGHT_NS } from '@/features/dashboard/lib/i18n';
import { auditDetailParts } from '@/features/dashboard/lib/audit-detail';

const ar = i18n.getFixedT('ar', OVERSIGHT_NS);
const en = i18n.getFixedT('en', OVERSIGHT_NS);

// the English catalogue loads when English is chosen
beforeAll(async () => {
  await setLang('en');
  await setLang('ar');
});

describe('the audit log in words (what each admin action records)', () => {
  it('a payment: the plan, the method, the amount in dollars and the paid-until day, in Arabic', () => {
    const parts = auditDetailParts(
      { user_id: 3, plan: 'monthly', method: 'cash', amount_cents: 500, period_end: '2027-12-29T11:41:27.911Z' },
      ar,
      'ar',
    );
    expect(parts).toEqual([
      'الحساب: #3',
      'الباقة: شهري',
      'طريقة الدفع: نقداً',
      'المبلغ: 5.00 $',
      expect.stringMatching(/^مدفوع حتى: .*2027/),
    ]);
    expect(parts.join(' ')).not.toMatch(/[a-z_]{3,}/);
  });

  it('a report handled: its action by name, the reported account, and no empty message reference', () => {
    expect(auditDetailParts({ action: 'dismiss', reported_user_id: 3, message_id: null }, ar, 'ar')).toEqual([
      'الإجراء: تم التجاهل',
      'الحساب المبلَّغ عنه: #3',
    ]);
  });

  it("a status change names both statuses; a block's reason is shown as written", () => {
    expect(auditDetailParts({ from: 0, to: 1 }, ar, 'ar')).toEqual(['الحالة: من «فعّال» إلى «معطّل»']);
    expect(auditDetailParts({ reason: 'رسائل مسيئة' }, ar, 'ar')).toEqual(['السبب: رسائل مسيئة']);
    expect(auditDetailParts({ verified: true }, en, 'en')).toEqual(['Verified: yes']);
  });

  it('nothing recorded is hidden: an unknown key is shown as it came; no detail is no parts', () => {
    expect(auditDetailParts({ conversation_id: 6, extra: { a: 1 } }, ar, 'ar')).toEqual([
      'المحادثة: #6',
      'extra: {"a":1}',
    ]);
    expect(auditDetailParts(null, ar, 'ar')).toEqual([]);
  });
});
