/**
 * Runs a form's write with SPEC.md §8's feedback: a success toast, or an error toast ('فشل الطلب' or the
 * server's message) with the server's field messages shown on their fields. Resolves to the result or null.
 */
import { notify } from '@/components/ui/toaster';
import { i18n } from '@/i18n';
import { ApiError } from '@/lib/api-error';

/** Formik's helpers (method syntax: FormikHelpers<V> fits whatever V is). */
interface ErrorSink {
  setErrors(errors: Record<string, string>): void;
}

export async function saveWithFeedback<T>(
  run: () => Promise<T>,
  success: string,
  helpers?: ErrorSink,
): Promise<T | null> {
  try {
    const result = await run();
    notify.success(success);
    return result;
  } catch (err) {
    if (helpers && err instanceof ApiError && Object.keys(err.fields).length > 0) helpers.setErrors(err.fields);
    notify.error(err, i18n.t('errors.requestFailed'));
    return null;
  }
}
