/**
 * A button that works before the page's code has run: the submit button of a GET form to /login with
 * `next` = this page plus `?{intent}={value}`. Once React has the page, a submit is `onSubmit` (the action
 * itself). Before that — a server-rendered page on a slow phone, whose code has not run yet —
 * the tap still goes somewhere: /login, which sends a signed-in user straight back with the intent (a
 * visitor after signing in), and the page acts on the intent. The form takes no room of its own
 * (`display: contents`): the button sits in its row. Used by «اطلب» (order-button.tsx) and «اسأل المتجر
 * عن هذا المنتج» (ask-about-product.tsx).
 */
import type { FormEvent, ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';

/** This page's path and query with `intent` set to `value` (where /login sends the user back). */
export function useIntentHref(intent: string, value: string | number): string {
  const { pathname, search } = useLocation();
  const back = new URLSearchParams(search);
  back.set(intent, String(value));
  return `${pathname}?${back}`;
}

export function IntentForm({ next, onSubmit, children }: { next: string; onSubmit: () => void; children: ReactNode }) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <form action={paths.login.getHref()} method="get" onSubmit={submit} style={{ display: 'contents' }}>
      <input type="hidden" name="next" value={next} />
      {children}
    </form>
  );
}
