import { describe, expect, it, vi } from 'vitest';
import { planSignIn, planToast, toastId } from '@/components/ui/toast-plan';
import { useSession } from '@/stores/session';

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

  it('signing in clears what the toasts told the visitor before it, successes aside', () => {
    planSignIn(); // what the files before this one in the worker left
    const prompt = planToast('info', 'يرجى تسجيل الدخول أولاً', undefined, 4500, undefined, false);
    const failed = planToast('error', 'فشل الطلب', 'كلمة المرور غير صحيحة', 6000, 'plan-test-visitor', false);
    planToast('success', 'تم تسجيل الخروج بنجاح', undefined, 3500, undefined, false);
    planToast('info', 'رسالة جديدة', undefined, 4500, undefined, true);
    expect(planSignIn().sort()).toEqual([prompt.request.id, failed.request.id].sort());
    expect(planSignIn()).toEqual([]);
  });

  it('«يرجى تسجيل الدخول أولاً» is dismissed once the visitor signed in; «تم تسجيل الدخول بنجاح» is not', async () => {
    const { present, toaster } = await import('@/components/ui/toaster-host');
    // the toaster is the module's, shared with the files before this one in the worker: toasts they left
    // would hold these back in its queue (at most 4 shown)
    toaster.remove();
    useSession.getState().clear();
    planSignIn();
    present('info', 'يرجى تسجيل الدخول أولاً', undefined, 4500);
    present('info', 'سجّل الدخول لتسأل المتجر عن هذا المنتج', undefined, 4500);
    const prompts = [
      toastId('info', 'يرجى تسجيل الدخول أولاً'),
      toastId('info', 'سجّل الدخول لتسأل المتجر عن هذا المنتج'),
    ];
    for (const id of prompts) expect(toaster.isVisible(id)).toBe(true);
    // (the toaster's store only marks a toast dismissed once its rendered machine has left: the call is the fact)
    const dismiss = vi.spyOn(toaster, 'dismiss');
    try {
      // login: the token first (api/auth.ts), then the form's success toast
      useSession.getState().setToken('plan-test-token');
      present('success', 'تم تسجيل الدخول بنجاح', { action: 'plan-test-login' }, 3500);
      expect(dismiss.mock.calls.map(([id]) => id).sort()).toEqual([...prompts].sort());
      expect(toaster.isVisible(toastId('success', 'تم تسجيل الدخول بنجاح'))).toBe(true);
      // signed in, a toast is not the visitor's: nothing is left for a later sign-in to clear
      present('info', 'رسالة جديدة', undefined, 4500);
      expect(planSignIn()).toEqual([]);
    } finally {
      dismiss.mockRestore();
      toaster.remove();
      useSession.getState().clear();
    }
  });
});
