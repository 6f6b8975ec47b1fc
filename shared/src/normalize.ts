/** Arabic search normalisation (CONTRACT.md §6) and Arabic-Indic digit handling. */

const ARABIC_INDIC = /[\u0660-\u0669]/g;
const EXTENDED_ARABIC_INDIC = /[\u06F0-\u06F9]/g;

/** Turns Arabic-Indic (٠-٩) and Eastern Arabic-Indic (۰-۹) digits into 0-9. */
export function toLatinDigits(input: string): string {
  return input
    .replace(ARABIC_INDIC, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(EXTENDED_ARABIC_INDIC, (d) => String(d.charCodeAt(0) - 0x06f0));
}

// Tashkeel (harakat, tanween, shadda, sukun, superscript alef, Quranic marks) and tatweel.
const DIACRITICS = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06DC\u06DF-\u06E8\u06EA-\u06ED\u0640]/g;

/**
 * Normalises text for search: case-folded, no tashkeel or tatweel, أ إ آ ٱ → ا, ة → ه, ى → ي,
 * ؤ → و, ئ → ي, Arabic-Indic digits → 0-9, runs of white space → one space, trimmed.
 * The same function normalises the stored text and the query.
 */
export function normalizeArabic(input: string): string {
  return toLatinDigits(input.normalize('NFC'))
    .replace(DIACRITICS, '')
    .replace(/[\u0622\u0623\u0625\u0671]/g, '\u0627')
    .replace(/\u0629/g, '\u0647')
    .replace(/\u0649/g, '\u064A')
    .replace(/\u0624/g, '\u0648')
    .replace(/\u0626/g, '\u064A')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * NUL and the C0/C1 control characters other than tab and line feed (CONTRACT.md §7 "Text"): refused
 * in every text field, query and id. A carriage return is refused too, except inside CRLF, which the
 * text fields turn into LF first (textareas posted as form data send CRLF).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: this pattern exists to find them
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;

export const hasControlCharacters = (text: string): boolean => CONTROL_CHARACTERS.test(text);

/**
 * Bidi embedding, override and isolate controls (U+202A–202E, U+2066–2069): removed from names and
 * titles so a name cannot be made to read as another. Messages keep them (and the marks U+200E/F,
 * U+061C), since they are rendered with dir="auto".
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

export const stripBidiControls = (text: string): string => text.replace(BIDI_CONTROLS, '');
