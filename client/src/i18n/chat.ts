/**
 * The chat's strings (photos, voice notes, deletion, the thread, the offline banner, the
 * notifications prompt) joined to the app's catalogue when a screen that uses them loads — not with
 * the first screen (the landing route's JS budget). Import it (`import '@/i18n/chat'`) from any
 * component that uses `thread.*` or `live.*`.
 */
import { chatAr } from './chat-ar';
import { chatEn } from './chat-en';
import { i18n } from './index';

i18n.addResourceBundle('ar', 'translation', chatAr, true, false);
i18n.addResourceBundle('en', 'translation', chatEn, true, false);

export const CHAT_STRINGS = true;
