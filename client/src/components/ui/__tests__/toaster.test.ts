import { describe, expect, it } from 'vitest';
import { planToast, toastId } from '@/components/ui/toast-plan';

describe('toasts that help (issue 14 item 9)', () => {
  it('identical toasts share one id (merged), different ones do not', () => {
    const a = planToast('error', 'فشل الطلب', 'رقم الهاتف أو كلمة المرور غير صحيحة', 6000);
    const b = planToast('error', 'فشل الطلب', 'رقم الهاتف أو كلمة المرور غير صحيحة', 6000);
    const c = planToast('error', 'فشل الطلب', 'محاولات كثيرة', 6000);
    expect(a.request.id).toBe(b.request.id);
    expect(c.request.id).not.toBe(a.request.id);
    expect(toastId('success', 'تم')).not.toBe(toastId('error', 'تم'));
  });

  it("a success clears the same action's earlier error toasts, not another action's", () => {
    // Actions of this test only: the plan's memory is the module's, shared with the files before this
    // one in the worker (vitest.config.ts), where real screens toasted 'login' errors.
    const wrong = planToast('error', 'فشل الطلب', 'كلمة المرور غير صحيحة', 6000, 'plan-test-login');
    const limited = planToast('error', 'فشل الطلب', 'محاولات كثيرة', 6000, 'plan-test-login');
    const other = planToast('error', 'فشل الطلب', 'تعذر الحفظ', 6000, 'plan-test-save-address');
    const done = planToast('success', 'تم تسجيل الدخول بنجاح', undefined, 3500, 'plan-test-login');
    expect(done.clear.sort()).toEqual([wrong.request.id, limited.request.id].sort());
    expect(done.clear).not.toContain(other.request.id);
    // Cleared once: a later success has nothing left to clear.
    expect(planToast('success', 'تم تسجيل الدخول بنجاح', undefined, 3500, 'plan-test-login').clear).toEqual([]);
    expect(planToast('success', 'تم', undefined, 3500, 'plan-test-save-address').clear).toEqual([other.request.id]);
  });
});
