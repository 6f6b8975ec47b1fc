/** A thread header's connection line (the farmer's thread and the store's inbox). */
import { onlineManager } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@test/render';
import { useRealtime } from '@/stores/realtime';
import { ConnectionStatus } from '@/components/ui/connection-status';

afterEach(() => {
  onlineManager.setOnline(true);
  useRealtime.setState({ status: 'idle' });
});

describe('ConnectionStatus', () => {
  it('says connecting until the live connection is up, then online', () => {
    useRealtime.setState({ status: 'connecting' });
    renderWithProviders(<ConnectionStatus />);
    const line = screen.getByTestId('connection-status');
    expect(line).toHaveTextContent('جارٍ الاتصال…');
    act(() => useRealtime.setState({ status: 'online' }));
    expect(line).toHaveTextContent('أنت متصل: الرسائل تصل فوراً');
    expect(line).toHaveAttribute('data-status', 'online');
  });

  it('shows what it is given instead of «متصل» while online (the store’s hours in the farmer’s thread)', () => {
    useRealtime.setState({ status: 'online' });
    renderWithProviders(<ConnectionStatus online="مفتوح الآن" />);
    expect(screen.getByTestId('connection-status')).toHaveTextContent('مفتوح الآن');
  });

  it('says offline, and that messages go when the connection is back, when the browser is offline', () => {
    useRealtime.setState({ status: 'online' });
    renderWithProviders(<ConnectionStatus online="مفتوح الآن" />);
    act(() => onlineManager.setOnline(false));
    expect(screen.getByTestId('connection-status')).toHaveTextContent('غير متصل — ستُرسل رسائلك عند عودة الاتصال');
  });
});
