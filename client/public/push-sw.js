/**
 * Web Push in the service worker (CONTRACT.md §7), imported by the generated sw.js
 * (vite.config.ts workbox.importScripts). A push carries {type, title, body, url, tag} in Arabic:
 * it is shown as a notification — one per tag (a conversation's messages replace each other, with
 * renotify so the newest still alerts) — unless it is a message whose conversation is open in a
 * visible window of the app. A click focuses a window showing that url, or navigates one, or opens
 * one. Plain script (no modules: importScripts); the handlers are on self.agrivetPush for tests.
 */
((scope) => {
  const ICON = '/icons/icon-192.png';

  function readPayload(event) {
    if (!event.data) return null;
    try {
      const p = event.data.json();
      if (!p || typeof p.title !== 'string') return null;
      return p;
    } catch (_e) {
      return { type: 'message', title: 'أغريفت', body: event.data.text(), url: '/', tag: 'agrivet' };
    }
  }

  /** The conversation id an app url shows: /chat/12 or /dashboard/chats?c=12. */
  function conversationOf(url) {
    try {
      const u = new URL(url, scope.location.origin);
      const m = /^\/chat\/(\d+)\/?$/.exec(u.pathname);
      if (m) return m[1];
      if (u.pathname.replace(/\/$/, '') === '/dashboard/chats') return u.searchParams.get('c');
    } catch (_e) {
      return null;
    }
    return null;
  }

  function windows() {
    return scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  }

  function onPush(event) {
    const payload = readPayload(event);
    if (!payload) return Promise.resolve();
    const show = () =>
      scope.registration.showNotification(payload.title, {
        body: payload.body,
        tag: payload.tag,
        renotify: Boolean(payload.tag),
        icon: ICON,
        badge: ICON,
        lang: 'ar',
        dir: 'rtl',
        data: { url: payload.url || '/', type: payload.type },
      });
    if (payload.type !== 'message') return show();
    const conversation = conversationOf(payload.url || '');
    return windows().then((list) => {
      const open = list.some(
        (c) => c.visibilityState === 'visible' && conversation !== null && conversationOf(c.url) === conversation,
      );
      return open ? undefined : show();
    });
  }

  function onNotificationClick(event) {
    event.notification.close();
    const data = event.notification.data || {};
    const target = new URL(data.url || '/', scope.location.origin).href;
    return windows().then((list) => {
      const same = list.find((c) => c.url === target);
      if (same) return same.focus();
      const any = list.find((c) => 'navigate' in c);
      if (any) {
        return any.navigate(target).then((c) => (c || any).focus());
      }
      return scope.clients.openWindow(target);
    });
  }

  scope.agrivetPush = { onPush: onPush, onNotificationClick: onNotificationClick, conversationOf: conversationOf };
  scope.addEventListener('push', (event) => {
    event.waitUntil(onPush(event));
  });
  scope.addEventListener('notificationclick', (event) => {
    event.waitUntil(onNotificationClick(event));
  });
})(self);
