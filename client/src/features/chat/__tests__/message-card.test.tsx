import type { MessageCard } from '@agrivet/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@test/render';
import { MessageCardView } from '@/features/chat/components/message-card';

const context = { storeId: 2, storeName: 'صيدلية الربيع', buyer: true };

describe('a card in the chat shows its price as every screen does', () => {
  it('an order card: «24.90 $» in a left-to-right isolate, not «$ 24.90» in the Arabic line', () => {
    const card: MessageCard = {
      type: 'order',
      order_id: 6,
      status: 0,
      stage: 'new',
      total: '24.90',
      cancelled_by: null,
      reason: null,
    };
    renderWithProviders(<MessageCardView card={card} context={context} />);
    const total = screen.getByTestId('order-card-total').querySelector('bdi');
    expect(total).toHaveAttribute('dir', 'ltr');
    expect(total).toHaveTextContent(/^24\.90 \$$/);
  });

  it('a product card: «7.50 $» the same way', () => {
    const card: MessageCard = { type: 'product', product_id: 1, name: 'مبيد فطري نحاسي', price: '7.5', image: null };
    renderWithProviders(<MessageCardView card={card} context={context} />);
    const price = screen.getByTestId('product-card-price').querySelector('bdi');
    expect(price).toHaveAttribute('dir', 'ltr');
    expect(price).toHaveTextContent(/^7\.50 \$$/);
  });
});
