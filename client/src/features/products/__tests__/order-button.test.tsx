import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectIntentForm } from '@test/intent-form';
import { renderWithProviders } from '@test/render';
import { OrderButton } from '@/features/products/components/order-button';

describe('OrderButton («اطلب»)', () => {
  it('is a submit button of a GET form to /login, back to this page with ?order={id}: a tap before the code runs goes somewhere', () => {
    renderWithProviders(
      <OrderButton productId={42} onOrder={() => {}}>
        اطلب
      </OrderButton>,
      { route: '/products/3?q=x' },
    );
    expectIntentForm(screen.getByRole('button', { name: 'اطلب' }), '/products/3?q=x&order=42');
  });

  it('once React has it, a tap is the order flow and the page stays', async () => {
    const onOrder = vi.fn();
    renderWithProviders(
      <OrderButton productId={42} onOrder={onOrder}>
        اطلب
      </OrderButton>,
      { route: '/product/42' },
    );
    const submitted = vi.fn();
    const listener = (e: Event) => submitted(e.defaultPrevented);
    window.addEventListener('submit', listener);
    try {
      await userEvent.setup().click(screen.getByRole('button', { name: 'اطلب' }));
    } finally {
      window.removeEventListener('submit', listener);
    }
    expect(onOrder).toHaveBeenCalledTimes(1);
    expect(submitted).toHaveBeenCalledWith(true); // the form's own navigation was stopped
  });
});
