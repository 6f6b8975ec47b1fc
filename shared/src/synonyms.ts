/**
 * Search synonyms: the Syrian (Levantine) names farmers use beside the standard or other dialects'
 * names for the same crop, animal, disease or medicine. A query is expanded after §6's normalisation
 * (CONTRACT.md §6): each word (or run of words) that names a member of a group may be any member of
 * that group, with or without the query's prefix (و, ب, ال …), so «طماطم» also finds بندورة and
 * «البطاطس» also finds بطاطا. The stored text stays as it is. Groups hold only real equivalents: a word that means something else in another dialect
 * (خوخ: plum in Syria, peach in Egypt; لبن: yoghurt or milk) has no group.
 */
import { normalizeArabic } from './normalize';

/** The groups as written (normalised at load). Every member has at least 3 letters once normalised. */
export const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  // vegetables and crops
  ['بندورة', 'طماطم', 'طماطة'],
  ['بطاطا', 'بطاطس'],
  ['كوسا', 'كوسة', 'كوسى'],
  ['باذنجان', 'بتنجان', 'باتنجان'],
  ['فليفلة', 'فلفل'],
  ['ملفوف', 'كرنب'],
  ['بازلاء', 'بازيلا', 'بازيلاء', 'بسلة', 'بزاليا'],
  ['فاصولياء', 'فاصوليا'],
  ['بامية', 'بامياء'],
  ['شمندر', 'بنجر'],
  ['فريز', 'فراولة', 'فراولا'],
  ['إجاص', 'انجاص', 'كمثرى'],
  ['يوسفي', 'يوسف أفندي', 'مندلينا', 'مندرين', 'كلمنتينا'],
  ['شمام', 'بطيخ أصفر'],
  ['نعنع', 'نعناع'],
  ['قمح', 'حنطة'],
  ['بذار', 'بذور', 'بذر', 'تقاوي'],
  ['شتلة', 'شتلات', 'شتول', 'أشتال', 'غراس', 'غرسة'],
  // animals
  ['بقرة', 'بقر', 'أبقار'],
  ['غنم', 'أغنام', 'خراف', 'خروف', 'خاروف', 'نعاج', 'نعجة'],
  ['دجاج', 'دجاجة', 'فراخ', 'فروج', 'دواجن'],
  ['ماعز', 'معز', 'معزة', 'عنز', 'عنزة'],
  ['صوص', 'صيصان', 'كتكوت', 'كتاكيت'],
  ['حبش', 'ديك رومي', 'ديك حبش'],
  ['حمار', 'حمير'],
  ['قطة', 'قطط', 'بسينة'],
  // diseases and complaints
  ['حمى', 'حرارة', 'سخونة'],
  ['سعال', 'كحة', 'قحة'],
  ['زكام', 'رشح'],
  ['نفاخ', 'انتفاخ'],
  ['نيوكاسل', 'نيوكاسيل', 'نيوكسل'],
  ['عنكبوت أحمر', 'أكاروس'],
  // medicines and inputs
  ['مضاد حيوي', 'مضادات حيوية', 'صاد حيوي', 'صادات حيوية', 'انتيبيوتيك', 'أنتي بيوتيك', 'antibiotic'],
  ['مبيد', 'مبيدات', 'دوا رش', 'دواء رش'],
  ['طارد ديدان', 'طارد للديدان', 'مضاد ديدان', 'مضاد للديدان'],
  ['لقاح', 'لقاحات', 'مطعوم', 'تحصين'],
  ['إبرة', 'حقنة'],
  ['دواء', 'أدوية'],
  ['مطهر', 'معقم', 'مطهرات', 'معقمات'],
  ['سماد', 'أسمدة'],
  ['علف', 'أعلاف'],
  ['جرار', 'تراكتور', 'تركتور'],
];

/** Prefixes a word may carry in a query (conjunction, preposition, article), longest first. */
const CLITICS = ['وال', 'بال', 'فال', 'كال', 'لل', 'ال', 'و', 'ب', 'ل', 'ف', 'ك'];
const ARTICLE = 'ال';

/** At most this many alternatives for one query (the query itself first). */
export const MAX_SEARCH_ALTERNATIVES = 16;

/** Each group normalised: its members as word lists. */
const GROUPS: readonly (readonly string[][])[] = SYNONYM_GROUPS.map((group) =>
  [...new Set(group.map((member) => normalizeArabic(member)))].map((member) => member.split(' ')),
);

/** The groups a member's first (normalised) word starts, to find a match quickly. */
const BY_FIRST_WORD = new Map<string, { group: number; words: string[] }[]>();
GROUPS.forEach((group, index) => {
  for (const words of group) {
    const list = BY_FIRST_WORD.get(words[0]) ?? [];
    list.push({ group: index, words });
    // longest member first: «ديك حبش» before a one-word «ديك» would be
    list.sort((a, b) => b.words.length - a.words.length);
    BY_FIRST_WORD.set(words[0], list);
  }
});

/** A query word split into its clitic prefix and the rest that may be a member's word. */
function stems(word: string): { prefix: string; stem: string }[] {
  const out = [{ prefix: '', stem: word }];
  for (const clitic of CLITICS) {
    if (word.startsWith(clitic) && word.length - clitic.length >= 3) {
      out.push({ prefix: clitic, stem: word.slice(clitic.length) });
    }
  }
  return out;
}

/** The definite article with what may stand before it; a single-letter clitic is not taken off alone (بذور). */
const ARTICLES = ['وال', 'بال', 'فال', 'كال', 'لل', 'ال'];

/**
 * A word that is no synonym: itself, and without its article when one is there («الزيتون» → «زيتون»),
 * so a query with the article finds a name written without it (a substring search for «زيتون» finds
 * «الزيتون» too). At least 3 letters stay.
 */
function plainWord(word: string): Segment {
  const article = ARTICLES.find((a) => word.startsWith(a) && word.length - a.length >= 3);
  return { length: 1, options: article ? [word, word.slice(article.length)] : [word] };
}

/** Whether a later query word is `expected` itself or with the article. */
const sameWord = (word: string, expected: string) => word === expected || word === ARTICLE + expected;

interface Segment {
  /** The words of the query this segment covers. */
  length: number;
  /** The segment's spellings, its own first. */
  options: string[];
}

/** The synonym match starting at `words[at]`, or null. */
function matchAt(words: string[], at: number): Segment | null {
  for (const { prefix, stem } of stems(words[at])) {
    for (const candidate of BY_FIRST_WORD.get(stem) ?? []) {
      const n = candidate.words.length;
      if (at + n > words.length) continue;
      let matches = true;
      for (let k = 1; k < n; k++) if (!sameWord(words[at + k], candidate.words[k])) matches = false;
      if (!matches) continue;
      const definite = prefix.endsWith(ARTICLE);
      const own = words.slice(at, at + n).join(' ');
      const members = GROUPS[candidate.group];
      // the members as they are (the stored text may lack the query's prefix or article), then with them
      const bare = members.map((member) => member.join(' '));
      const prefixed =
        prefix === ''
          ? []
          : members.map((member) =>
              member.map((word, k) => (k === 0 ? prefix + word : definite ? ARTICLE + word : word)).join(' '),
            );
      const spellings = [...new Set([own, ...bare, ...prefixed])];
      return { length: n, options: spellings };
    }
  }
  return null;
}

/**
 * The alternatives a normalised query (normalizeArabic) is searched for: the query first, then the
 * same query with each synonym swapped for the other members of its group (at most
 * MAX_SEARCH_ALTERNATIVES in all). An alternative that contains another one is left out, since a
 * substring search for the shorter finds it anyway (so the query itself may be left out too).
 */
export function searchAlternatives(normalisedQuery: string): string[] {
  if (normalisedQuery === '') return [];
  const words = normalisedQuery.split(' ');
  const segments: Segment[] = [];
  for (let at = 0; at < words.length; ) {
    const segment = matchAt(words, at) ?? plainWord(words[at]);
    segments.push(segment);
    at += segment.length;
  }
  // the query, then every spelling that changes one segment, then two, … up to the limit
  const variants: string[] = [];
  const build = (choice: number[], from: number, changes: number): void => {
    if (variants.length >= MAX_SEARCH_ALTERNATIVES) return;
    if (changes === 0) {
      variants.push(segments.map((s, i) => s.options[choice[i]]).join(' '));
      return;
    }
    for (let i = from; i < segments.length; i++) {
      for (let o = 1; o < segments[i].options.length; o++) {
        choice[i] = o;
        build(choice, i + 1, changes - 1);
        choice[i] = 0;
      }
    }
  };
  for (let changes = 0; changes <= segments.length; changes++)
    build(
      segments.map(() => 0),
      0,
      changes,
    );
  const unique = [...new Set(variants)];
  return unique.filter((v, i) => !unique.some((other, j) => j !== i && v.includes(other)));
}

/** normalizeArabic then searchAlternatives: what a raw query is searched for. */
export const expandSearchQuery = (raw: string): string[] => searchAlternatives(normalizeArabic(raw));
