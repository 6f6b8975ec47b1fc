/**
 * Message alerts (issue 21): a toast with the sender and the first words, and the optional sound —
 * off by default, kept per browser — played with it; never for one's own message.
 */
import type { Conversation, Message } from '@agrivet/shared';
import { QueryClient } from '@tanstack/react-query';
import type { NotifyOptions } from '@/components/ui/toaster';
import { afterEach, describe, expect, it, vi } from 'vitest';

type Handler = (payload: { message: Message }) => void;
const handlers: Handler[] = [];
vi.mock('@/stores/realtime', () => ({
  onRealtime: (_event: string, handler: Handler) => {
    handlers.push(handler);
    return () => handlers.splice(handlers.indexOf(handler), 1);
  },
}));
vi.mock('@/lib/audio', () => ({ playTones: vi.fn(), unlockAudioOnGesture: () => () => {} }));
vi.mock('@/components/ui/toaster', () => ({ notify: { info: vi.fn() } }));
vi.mock('@/lib/navigation', () => ({ navigateTo: vi.fn() }));

const { playTones } = await import('@/lib/audio');
const { notify } = await import('@/components/ui/toaster');
const { navigateTo } = await import('@/lib/navigation');
const { conversationKeys } = await import('@/api/conversations');
const { watchMessageAlerts } = await import('@/lib/message-alerts');
const { MESSAGE_SOUND_KEY, useMessageSound } = await import('@/stores/message-sound');
const { orderCardsToldElsewhere } = await import('@/lib/order-card-toasts');

const STORE_OWNER = 7;
const FARMER = 3;
const conversation = {
  id: 41,
  sender: { id: FARMER, name: 'سامر المزارع', image: null },
  receiver: { id: STORE_OWNER, name: 'عيادة', image: null },
  store_id: 2,
  store: { id: 2, name_store: 'عيادة الرحمة', image: null },
} as unknown as Conversation;

const message = (userId: number, text: string): Message =>
  ({
    id: Math.floor(Math.random() * 1e6),
    conversation_id: conversation.id,
    user_id: userId,
    message: text,
    image: null,
    attachment: null,
    deleted: false,
    client_id: null,
    card: null,
    auto: false,
    created_at: new Date().toISOString(),
  }) as Message;

afterEach(() => {
  handlers.length = 0;
  localStorage.clear();
  useMessageSound.setState({ on: false });
  vi.mocked(playTones).mockClear();
  vi.mocked(notify.info).mockClear();
});

describe('message alerts', () => {
  it('toasts the sender and first words; the sound is off by default and plays once switched on', () => {
    const client = new QueryClient();
    client.setQueryData(conversationKeys.mine, [conversation]);
    const stop = watchMessageAlerts(client, STORE_OWNER);
    expect(useMessageSound.getState().on).toBe(false);

    handlers[0]!({ message: message(FARMER, 'هل لديكم لقاح للأبقار؟') });
    expect(notify.info).toHaveBeenCalledWith(
      'سامر المزارع',
      expect.objectContaining({
        description: 'هل لديكم لقاح للأبقار؟',
        button: { label: 'فتح المحادثة', onClick: expect.any(Function) },
      }),
    );
    // its button opens the store's inbox on that conversation
    (vi.mocked(notify.info).mock.calls[0][1] as NotifyOptions).button?.onClick();
    expect(navigateTo).toHaveBeenLastCalledWith(`/dashboard/chats?c=${conversation.id}`);
    expect(playTones).not.toHaveBeenCalled();

    useMessageSound.getState().setOn(true);
    expect(localStorage.getItem(MESSAGE_SOUND_KEY)).toBe('on');
    handlers[0]!({ message: message(FARMER, 'مرحبا') });
    expect(playTones).toHaveBeenCalledTimes(1);
    // one's own message: no toast, no sound
    handlers[0]!({ message: message(STORE_OWNER, 'أهلاً') });
    expect(notify.info).toHaveBeenCalledTimes(2);
    expect(playTones).toHaveBeenCalledTimes(1);

    useMessageSound.getState().setOn(false);
    expect(localStorage.getItem(MESSAGE_SOUND_KEY)).toBe('off');
    handlers[0]!({ message: message(FARMER, 'هل من أحد؟') });
    expect(playTones).toHaveBeenCalledTimes(1);
    stop();
  });

  it("the farmer's toast opens the chat itself", () => {
    const client = new QueryClient();
    client.setQueryData(conversationKeys.mine, [conversation]);
    const stop = watchMessageAlerts(client, FARMER);
    handlers[0]!({ message: message(STORE_OWNER, 'نعم، متوفر') });
    expect(notify.info).toHaveBeenCalledWith('عيادة الرحمة', expect.objectContaining({ description: 'نعم، متوفر' }));
    (vi.mocked(notify.info).mock.calls[0][1] as NotifyOptions).button?.onClick();
    expect(navigateTo).toHaveBeenLastCalledWith(`/chat/${conversation.id}`);
    stop();
  });

  it('an order card told by its own toast gets no second one; other cards still do', () => {
    const client = new QueryClient();
    client.setQueryData(conversationKeys.mine, [conversation]);
    const stop = watchMessageAlerts(client, FARMER);
    const orderCard = (status: 0 | 1 | 2, stage: 'new' | 'accepted') =>
      ({
        ...message(STORE_OWNER, ''),
        message: null,
        card: { type: 'order', order_id: 9, status, stage, total: '5.00', cancelled_by: null, reason: null },
      }) as unknown as Message;
    // Nothing registered (say, a screen without the order toasts): the card is toasted.
    handlers[0]!({ message: orderCard(0, 'accepted') });
    expect(notify.info).toHaveBeenCalledTimes(1);
    // The buyer's status toast tells their orders' cards.
    const off = orderCardsToldElsewhere((_card, c, me) => c.sender.id === me);
    handlers[0]!({ message: orderCard(0, 'accepted') });
    handlers[0]!({ message: orderCard(1, 'accepted') });
    expect(notify.info).toHaveBeenCalledTimes(1);
    // A product card or a text is not an order's.
    handlers[0]!({
      message: { ...message(STORE_OWNER, ''), card: { type: 'product', product_id: 1 } } as unknown as Message,
    });
    handlers[0]!({ message: message(STORE_OWNER, 'وصل؟') });
    expect(notify.info).toHaveBeenCalledTimes(3);
    off();
    handlers[0]!({ message: orderCard(2, 'accepted') });
    expect(notify.info).toHaveBeenCalledTimes(4);
    stop();
  });
});
