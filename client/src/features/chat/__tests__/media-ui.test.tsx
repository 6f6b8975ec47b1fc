import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@test/render';
import { MessageBubble } from '@/features/chat/components/message-bubble';
import { PhotoPreview } from '@/features/chat/components/photo-preview';
import { VoicePlayer } from '@/features/chat/components/voice-player';

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

beforeEach(() => {
  globalThis.URL.createObjectURL = vi.fn(() => 'blob:test');
  globalThis.URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.useRealTimers());

const file = (name: string) => new File(['x'], name, { type: 'image/jpeg', lastModified: 1 });

describe('photo preview', () => {
  it('shows the photos picked, removes one, and sends the rest with the caption', () => {
    const onSend = vi.fn();
    const onCancel = vi.fn();
    renderWithProviders(
      <PhotoPreview files={[file('a.jpg'), file('b.jpg'), file('c.jpg')]} onCancel={onCancel} onSend={onSend} />,
    );
    expect(screen.getByRole('heading', { name: '3 صور' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'إزالة الصورة 2' }));
    expect(screen.getByRole('heading', { name: 'صورتان' })).toBeInTheDocument();
    expect(screen.getAllByRole('img').map((i) => i.getAttribute('alt'))).toEqual(['a.jpg', 'c.jpg']);
    fireEvent.change(screen.getByRole('textbox', { name: 'أضف تعليقاً…' }), { target: { value: ' بقع على الأوراق ' } });
    fireEvent.click(screen.getByRole('button', { name: 'إرسال' }));
    expect(onSend).toHaveBeenCalledTimes(1);
    const [sent, caption] = onSend.mock.calls[0];
    expect((sent as File[]).map((f) => f.name)).toEqual(['a.jpg', 'c.jpg']);
    expect(caption).toBe('بقع على الأوراق');
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('cancel closes it without sending', () => {
    const onSend = vi.fn();
    const onCancel = vi.fn();
    renderWithProviders(<PhotoPreview files={[file('a.jpg')]} onCancel={onCancel} onSend={onSend} />);
    fireEvent.click(screen.getByRole('button', { name: 'إلغاء' }));
    expect(onCancel).toHaveBeenCalled();
    expect(onSend).not.toHaveBeenCalled();
  });
});

describe('voice player', () => {
  it('plays and pauses with a labelled button and shows the duration and progress', () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      this.dispatchEvent(new Event('play'));
      return Promise.resolve();
    });
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
      this.dispatchEvent(new Event('pause'));
    });
    vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockReturnValue(true);
    renderWithProviders(<VoicePlayer src="/storage/voice/a.mp3?exp=1&sig=s" durationMs={3012} />);
    expect(screen.getByTestId('voice-time')).toHaveTextContent('0:03');
    const bar = screen.getByRole('progressbar', { name: 'تقدم التشغيل' });
    expect(bar).toHaveAttribute('aria-valuemax', '3');
    fireEvent.click(screen.getByRole('button', { name: 'تشغيل الرسالة الصوتية' }));
    expect(play).toHaveBeenCalled();
    const audio = document.querySelector('audio') as HTMLAudioElement;
    Object.defineProperty(audio, 'currentTime', { value: 1.5, configurable: true });
    act(() => {
      audio.dispatchEvent(new Event('timeupdate'));
    });
    expect(bar).toHaveAttribute('aria-valuenow', '2');
    expect(screen.getByTestId('voice-time')).toHaveTextContent('0:02 / 0:03');
    vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockReturnValue(false);
    fireEvent.click(screen.getByRole('button', { name: 'إيقاف مؤقت' }));
    expect(pause).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'تشغيل الرسالة الصوتية' })).toBeInTheDocument();
    vi.restoreAllMocks();
  });
});

describe('delete menu', () => {
  it('is offered on my message for 15 minutes, then disappears by itself', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2026-11-23T12:14:00.000Z'));
    const onDelete = vi.fn();
    renderWithProviders(
      <ul>
        <MessageBubble mine text="رسالة" time="2026-11-23T12:00:00.000Z" delivery="sent" onDelete={onDelete} />
      </ul>,
    );
    expect(screen.getByRole('button', { name: 'خيارات الرسالة' })).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(61_000);
    });
    expect(screen.queryByRole('button', { name: 'خيارات الرسالة' })).toBeNull();
  });

  it('a deleted message shows "تم حذف هذه الرسالة" without its text, photo or menu', () => {
    renderWithProviders(
      <ul>
        <MessageBubble
          mine
          deleted
          text={null}
          attachment={null}
          time={new Date().toISOString()}
          delivery="sent"
          onDelete={() => {}}
        />
      </ul>,
    );
    expect(screen.getByText('تم حذف هذه الرسالة')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'خيارات الرسالة' })).toBeNull();
  });
});
