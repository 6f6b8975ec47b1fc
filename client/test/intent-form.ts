/** Asserts a button is the submit of an intent form (components/ui/intent-form.tsx): a GET to /login with `next`. */
import { expect } from 'vitest';

export function expectIntentForm(button: HTMLElement, next: string): void {
  expect(button).toHaveAttribute('type', 'submit');
  const form = button.closest('form');
  expect(form).toHaveAttribute('action', '/login');
  expect(form).toHaveAttribute('method', 'get');
  expect(Object.fromEntries(new FormData(form as HTMLFormElement))).toEqual({ next });
}
