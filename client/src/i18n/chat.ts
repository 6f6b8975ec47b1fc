/**
 * The chat's strings (photos, voice notes, deletion, the thread, the offline banner, the
 * notifications prompt) joined to the app's catalogue when a screen that uses them loads — not with
 * the first screen (the landing route's JS budget). Import it (`import '@/i18n/chat'`) from any
 * component that uses `thread.*` or `live.*`.
 */
import { chatAr } from './chat-ar';
import { addStrings } from './index';

addStrings('chat', 'translation', chatAr, () => import('./chat-en').then((m) => m.chatEn));

export const CHAT_STRINGS = true;
