/**
 * Web Push (CONTRACT.md §7): subscribe this browser with the API's VAPID key (GET push/key →
 * pushManager.subscribe → POST push/subscribe) and unsubscribe it at logout (POST push/unsubscribe,
 * then the browser's subscription). The service worker shows the notifications (public/push-sw.js,
 * imported by the generated sw.js). Whether the user was already asked is remembered per account
 * (localStorage `push-prompt:{userId}`), so the offer is made once.
 */
import { apiPaths, type PushKey } from '@agrivet/shared';
import { apiGet, apiPost } from './api-client';

export type PushOutcome = 'on' | 'denied' | 'unsupported' | 'failed';

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

/** base64url → the bytes pushManager.subscribe wants as applicationServerKey. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const text = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

const promptKey = (userId: number) => `push-prompt:${userId}`;

/** 'dismissed' | 'on' once the user answered the offer on this browser; null before. */
export function promptAnswer(userId: number): string | null {
  try {
    return localStorage.getItem(promptKey(userId));
  } catch {
    return null;
  }
}

export function rememberPromptAnswer(userId: number, answer: 'dismissed' | 'on'): void {
  try {
    localStorage.setItem(promptKey(userId), answer);
  } catch {
    // private mode: asked again next time
  }
}

/** The offer is worth making: supported, not decided in the browser, not answered before. */
export function shouldOfferPush(userId: number): boolean {
  return pushSupported() && Notification.permission === 'default' && promptAnswer(userId) === null;
}

const READY_TIMEOUT_MS = 10_000;

async function registration(): Promise<ServiceWorkerRegistration | null> {
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), READY_TIMEOUT_MS)),
  ]);
}

/** Asks for permission, subscribes with the API's key and registers the subscription with the API. */
export async function enablePush(): Promise<PushOutcome> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  try {
    const reg = await registration();
    if (!reg) return 'failed';
    const { public_key } = await apiGet<PushKey>(apiPaths.push.key);
    const subscription =
      (await reg.pushManager.getSubscription()) ??
      (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(public_key) }));
    await apiPost(apiPaths.push.subscribe, subscription.toJSON());
    return 'on';
  } catch (err) {
    console.warn('push subscription failed', err);
    return 'failed';
  }
}

/**
 * Logout: the API forgets this browser's subscription (while the token still works), then the browser
 * drops it. Best effort and bounded in time: logout never waits long for it.
 */
export async function disablePush(timeoutMs = 3_000): Promise<void> {
  if (!pushSupported()) return;
  const work = (async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    const subscription = await reg?.pushManager.getSubscription();
    if (!subscription) return;
    await apiPost(apiPaths.push.unsubscribe, { endpoint: subscription.endpoint }).catch(() => undefined);
    await subscription.unsubscribe().catch(() => false);
  })();
  await Promise.race([work.catch(() => undefined), new Promise((r) => setTimeout(r, timeoutMs))]);
}
