/**
 * Configuration, read and checked once: the support number comes from the page (the server writes
 * its SUPPORT_PHONE setting into `<meta name="agrivet-support-phone">`), else from VITE_SUPPORT_PHONE
 * at build time (`npm run dev`), else the default.
 */
const DEFAULT_SUPPORT_PHONE = '+963900000000';

const isPhone = (value: unknown): value is string => typeof value === 'string' && /^\+?\d{7,15}$/.test(value.trim());

function readSupportPhone(): string {
  // On the server (app/ssr/) the renderer sets the same setting it writes into the page's meta tag.
  const served =
    typeof document === 'undefined'
      ? (globalThis as { __agrivetSupportPhone?: string }).__agrivetSupportPhone
      : document.querySelector<HTMLMetaElement>('meta[name="agrivet-support-phone"]')?.content;
  if (isPhone(served)) return served.trim();
  const built = import.meta.env.VITE_SUPPORT_PHONE;
  return isPhone(built) ? built.trim() : DEFAULT_SUPPORT_PHONE;
}

const supportPhone = readSupportPhone();

export const env = {
  /** The messaging number of the footer and /forget-password (SUPPORT_PHONE). */
  supportPhone,
  /** Origin of the relay (same origin as the page; /socket.io is proxied in dev). */
  socketOrigin: typeof window === 'undefined' ? 'http://localhost' : window.location.origin,
} as const;

/** WhatsApp link to a phone number ("+963 900…" → https://wa.me/963900…). */
export const messagingLink = (phone: string): string => `https://wa.me/${phone.replace(/[^\d]/g, '')}`;
