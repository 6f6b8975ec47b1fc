/**
 * The service worker's push handlers (public/push-sw.js, the very file sw.js imports), run against a
 * fake service-worker scope: registration.showNotification and clients are recorded.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { base64UrlToBytes } from '@/lib/push';

// vitest runs the client project from client/
const source = readFileSync(
  path.resolve(process.cwd().endsWith('client') ? '' : 'client', 'public/push-sw.js'),
  'utf8',
);

interface FakeClient {
  url: string;
  visibilityState: 'visible' | 'hidden';
  focused?: boolean;
  navigated?: string;
  focus: () => Promise<FakeClient>;
  navigate: (url: string) => Promise<FakeClient>;
}

function fakeClient(url: string, visibilityState: 'visible' | 'hidden' = 'visible'): FakeClient {
  const c: FakeClient = {
    url,
    visibilityState,
    focus: async () => {
      c.focused = true;
      return c;
    },
    navigate: async (to) => {
      c.navigated = to;
      c.url = to;
      return c;
    },
  };
  return c;
}

function loadWorker(windows: FakeClient[]) {
  const shown: { title: string; options: NotificationOptions & { renotify?: boolean } }[] = [];
  const opened: string[] = [];
  const listeners: Record<string, (e: unknown) => void> = {};
  const scope = {
    location: { origin: 'https://agrivet.example' },
    registration: {
      showNotification: async (title: string, options: NotificationOptions) => {
        shown.push({ title, options });
      },
    },
    clients: {
      matchAll: async (q: unknown) => {
        expect(q).toEqual({ type: 'window', includeUncontrolled: true });
        return windows;
      },
      openWindow: async (url: string) => {
        opened.push(url);
        return null;
      },
    },
    addEventListener: (type: string, fn: (e: unknown) => void) => {
      listeners[type] = fn;
    },
  } as Record<string, unknown>;
  new Function('self', source)(scope);
  const api = scope.agrivetPush as {
    onPush: (e: unknown) => Promise<void>;
    onNotificationClick: (e: unknown) => Promise<unknown>;
  };
  return { api, shown, opened, listeners };
}

const pushEvent = (payload: unknown) => ({
  data: { json: () => payload, text: () => JSON.stringify(payload) },
});
const message = { type: 'message', title: 'صيدلية الأمل', body: 'صورة', url: '/chat/12', tag: 'conversation-12' };

describe('service worker: push', () => {
  it('shows an Arabic notification with its tag (renotify) and the url to open', async () => {
    const { api, shown, listeners } = loadWorker([]);
    expect(Object.keys(listeners).sort()).toEqual(['notificationclick', 'push']);
    await api.onPush(pushEvent(message));
    expect(shown).toEqual([
      {
        title: 'صيدلية الأمل',
        options: expect.objectContaining({
          body: 'صورة',
          tag: 'conversation-12',
          renotify: true,
          lang: 'ar',
          dir: 'rtl',
          data: { url: '/chat/12', type: 'message' },
        }),
      },
    ]);
  });

  it('skips a message whose conversation is open in a visible window (the thread or the dashboard)', async () => {
    for (const url of ['https://agrivet.example/chat/12', 'https://agrivet.example/dashboard/chats?c=12']) {
      const { api, shown } = loadWorker([fakeClient(url)]);
      await api.onPush(pushEvent(message));
      expect(shown).toHaveLength(0);
    }
    // hidden, or another conversation: shown
    for (const client of [
      fakeClient('https://agrivet.example/chat/12', 'hidden'),
      fakeClient('https://agrivet.example/chat/13'),
    ]) {
      const { api, shown } = loadWorker([client]);
      await api.onPush(pushEvent(message));
      expect(shown).toHaveLength(1);
    }
  });

  it('always shows order notifications', async () => {
    const { api, shown } = loadWorker([fakeClient('https://agrivet.example/myorders')]);
    await api.onPush(
      pushEvent({
        type: 'order:status',
        title: 'تحديث حالة طلبك',
        body: 'الطلب رقم 12: مكتمل',
        url: '/myorders',
        tag: 'order-12',
      }),
    );
    expect(shown.map((s) => s.title)).toEqual(['تحديث حالة طلبك']);
  });
});

describe('service worker: notification click', () => {
  const click = (url: string) => {
    const closed: boolean[] = [];
    return { closed, event: { notification: { data: { url }, close: () => closed.push(true) } } };
  };

  it('focuses a window already showing the url', async () => {
    const there = fakeClient('https://agrivet.example/chat/12', 'hidden');
    const other = fakeClient('https://agrivet.example/');
    const { api, opened } = loadWorker([other, there]);
    const { event, closed } = click('/chat/12');
    await api.onNotificationClick(event);
    expect(closed).toEqual([true]);
    expect(there.focused).toBe(true);
    expect(other.navigated).toBeUndefined();
    expect(opened).toEqual([]);
  });

  it('navigates another window of the app there, or opens one', async () => {
    const other = fakeClient('https://agrivet.example/leaf');
    const one = loadWorker([other]);
    await one.api.onNotificationClick(click('/order/details?id=12').event);
    expect(other.navigated).toBe('https://agrivet.example/order/details?id=12');
    expect(other.focused).toBe(true);

    const none = loadWorker([]);
    await none.api.onNotificationClick(click('/myorders').event);
    expect(none.opened).toEqual(['https://agrivet.example/myorders']);
  });
});

describe('push key', () => {
  it('decodes the base64url VAPID key to its 65 bytes', () => {
    const key = `BJ8${'A'.repeat(84)}`;
    const bytes = base64UrlToBytes(key);
    expect(bytes.length).toBe(65);
    expect(bytes[0]).toBe(4);
  });
});
