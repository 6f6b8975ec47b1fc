/** Build-time configuration, read and checked once. */
const DEFAULT_SUPPORT_PHONE = '+963900000000';

const raw = import.meta.env.VITE_SUPPORT_PHONE;
const supportPhone = typeof raw === 'string' && /^\+?\d{7,15}$/.test(raw.trim()) ? raw.trim() : DEFAULT_SUPPORT_PHONE;

export const env = {
  /** Fallback support number when the API does not expose one (footer, /forget-password). */
  supportPhone,
  /** Origin of the relay (same origin as the page; /socket.io is proxied in dev). */
  socketOrigin: typeof window === 'undefined' ? 'http://localhost' : window.location.origin,
} as const;

/** WhatsApp link to a phone number ("+963 900…" → https://wa.me/963900…). */
export const messagingLink = (phone: string): string => `https://wa.me/${phone.replace(/[^\d]/g, '')}`;
