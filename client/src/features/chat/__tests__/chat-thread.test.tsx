import type { ConversationWithMessages } from '@agrivet/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createConversation, createMessage, createUser } from '@test/factories';
import { renderWithProviders } from '@test/render';
import { receiveMessage } from '@/api/conversations';
import { useChat } from '@/stores/chat';
import { useSession } from '@/stores/session';
import { signInForTest } from '@test/session';
import { fakeApi, restoreApi } from '@test/fake-api';
import { ChatThread } from '@/features/chat/components/chat-thread';
import { useRealtime } from '@/stores/realtime';
import { MessageBubble } from '@/features/chat/components/message-bubble';

// jsdom has no ResizeObserver (the composer's autoresizing textarea uses one)
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

afterEach(() => {
  restoreApi();
  useSession.getState().clear();
  useChat.getState().reset();
});

const farmer = createUser({ id: 5 });
const base = createConversation({
  id: 4,
  sender: { id: 5, name: farmer.name, image: null },
  receiver: { id: 2, name: 'مالك الصيدلية', image: null },
  // the store has the farmer's messages up to 2 delivered and up to 1 read
  receiver_last_read_id: 1,
  receiver_last_delivered_id: 2,
});
const mine = (id: number) => createMessage({ id, user_id: 5, conversation_id: 4 });

describe('delivery ticks', () => {
  it('labels each state in Arabic: pending, sent, delivered, read, failed', () => {
    renderWithProviders(
      <ul>
        {(['pending', 'sent', 'delivered', 'read', 'failed'] as const).map((d) => (
          <MessageBubble key={d} mine text={d} time={null} delivery={d} />
        ))}
      </ul>,
    );
    for (const label of ['بانتظار الإرسال', 'أُرسلت', 'وصلت', 'قُرئت', 'تعذر الإرسال']) {
      expect(screen.getByRole('img', { name: label })).toBeInTheDocument();
    }
  });

  it('shows a photo on its way with its upload progress, and retry / discard after a failure', () => {
    const calls: string[] = [];
    const local = {
      kind: 'image' as const,
      url: 'blob:x',
      width: 800,
      height: 600,
      progress: 0.4,
      onRetry: () => calls.push('retry'),
      onDiscard: () => calls.push('discard'),
    };
    const uploading = renderWithProviders(
      <ul>
        <MessageBubble mine text={null} local={{ ...local, state: 'uploading' }} time={null} delivery="pending" />
      </ul>,
    );
    expect(screen.getByRole('status', { name: 'جارٍ الرفع 40٪' })).toBeInTheDocument();
    // the photo's box is reserved from its size before it loads
    expect(screen.getByRole('img', { name: 'صورة' })).toHaveAttribute('width', '800');
    uploading.unmount();
    renderWithProviders(
      <ul>
        <MessageBubble
          mine
          text={null}
          local={{ ...local, state: 'failed', error: 'تعذر رفع الملف' }}
          time={null}
          delivery="failed"
        />
      </ul>,
    );
    expect(screen.queryByRole('status')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    fireEvent.click(screen.getByRole('button', { name: 'تجاهل' }));
    expect(calls).toEqual(['retry', 'discard']);
  });
});

describe('chat thread', () => {
  it('ticks my messages from the peer’s pointers and loads older messages on demand', async () => {
    const latest: ConversationWithMessages = { ...base, messages: [mine(51), mine(52), mine(53)], has_more: true };
    const older: ConversationWithMessages = { ...base, messages: [mine(1), mine(2)], has_more: false };
    const requests = fakeApi((req) =>
      req.path === 'conversation/get/4'
        ? { data: latest }
        : req.path === 'conversation/get/4?before_id=51'
          ? { data: older }
          : undefined,
    );
    signInForTest({ token: 't', user: farmer });
    renderWithProviders(<ChatThread conversationId={4} />);
    const list = await screen.findByRole('list', { name: 'الرسائل' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .filter((li) => li.dataset.delivery === 'sent'),
    ).toHaveLength(3);
    fireEvent.click(within(list).getByRole('button', { name: 'عرض الرسائل الأقدم' }));
    await waitFor(() => expect(requests.some((r) => r.path === 'conversation/get/4?before_id=51')).toBe(true));
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('listitem')
          .filter((li) => li.dataset.delivery !== undefined)
          .map((li) => li.dataset.delivery),
      ).toEqual(['read', 'delivered', 'sent', 'sent', 'sent']),
    );
    // no older page left: the control is gone
    expect(within(list).queryByRole('button', { name: 'عرض الرسائل الأقدم' })).toBeNull();
  });

  it('draws the newest 14 messages first, then the rest of the page and the older-messages control', async () => {
    const page = Array.from({ length: 50 }, (_, i) =>
      createMessage({ id: i + 1, user_id: 2, conversation_id: 4, message: `رسالة رقم ${i + 1}` }),
    );
    fakeApi((req) =>
      req.path === 'conversation/get/4' ? { data: { ...base, messages: page, has_more: true } } : undefined,
    );
    // hold the frame after the first paint (features/chat/lib/after-paint.ts waits for it)
    const frames: FrameRequestCallback[] = [];
    const raf = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => {
      frames.push(cb);
      return frames.length;
    });
    try {
      signInForTest({ token: 't', user: farmer });
      renderWithProviders(<ChatThread conversationId={4} />);
      const list = await screen.findByRole('list', { name: 'الرسائل' });
      expect(within(list).getByText('رسالة رقم 50')).toBeInTheDocument();
      expect(within(list).getByText('رسالة رقم 37')).toBeInTheDocument();
      expect(within(list).queryByText('رسالة رقم 36')).toBeNull();
      expect(within(list).queryByRole('button', { name: 'عرض الرسائل الأقدم' })).toBeNull();
      act(() => {
        for (const cb of frames.splice(0)) cb(performance.now());
      });
    } finally {
      raf.mockRestore();
    }
    const list = screen.getByRole('list', { name: 'الرسائل' });
    expect(await within(list).findByText('رسالة رقم 1')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'عرض الرسائل الأقدم' })).toBeInTheDocument();
  });

  it('shows a message:new push applied to the cached thread, without a request', async () => {
    const latest: ConversationWithMessages = { ...base, messages: [mine(1)], has_more: false };
    const requests = fakeApi((req) => (req.path === 'conversation/get/4' ? { data: latest } : undefined));
    signInForTest({ token: 't', user: farmer });
    const { queryClient } = renderWithProviders(<ChatThread conversationId={4} />);
    const list = await screen.findByRole('list', { name: 'الرسائل' });
    act(() =>
      receiveMessage(queryClient, createMessage({ id: 2, user_id: 2, conversation_id: 4, message: 'وصلت الشحنة' })),
    );
    expect(await within(list).findByText('وصلت الشحنة')).toBeInTheDocument();
    expect(requests).toHaveLength(1);
  });

  it('a write whose message came by push before the outbox acknowledged it is drawn once', async () => {
    const latest: ConversationWithMessages = { ...base, messages: [mine(1)], has_more: false };
    fakeApi((req) => (req.path === 'conversation/get/4' ? { data: latest } : undefined));
    signInForTest({ token: 't', user: farmer });
    const { queryClient } = renderWithProviders(<ChatThread conversationId={4} />);
    const list = await screen.findByRole('list', { name: 'الرسائل' });
    const text = 'هل يتوفر سماد للزيتون؟';
    act(() =>
      useRealtime.setState({
        outbox: [
          {
            client_id: 'c-1',
            event: 'message:send',
            payload: { conversation_id: 4, message: text },
            state: 'pending',
            created_at: Date.now(),
          },
        ],
      }),
    );
    expect(await within(list).findAllByText(text)).toHaveLength(1);
    act(() =>
      receiveMessage(
        queryClient,
        createMessage({ id: 2, user_id: 5, conversation_id: 4, message: text, client_id: 'c-1' }),
      ),
    );
    await within(list).findByRole('img', { name: /أُرسلت|وصلت|قُرئت/ });
    expect(within(list).getAllByText(text)).toHaveLength(1);
    act(() => useRealtime.setState({ outbox: [] }));
  });
});
