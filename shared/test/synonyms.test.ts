/** Search synonyms (shared/src/synonyms.ts) on the §6 normaliser. */
import { describe, expect, it } from 'vitest';
import {
  expandSearchQuery,
  MAX_SEARCH_ALTERNATIVES,
  normalizeArabic,
  SYNONYM_GROUPS,
  searchAlternatives,
} from '../src';

describe('the synonym table', () => {
  const normalised = SYNONYM_GROUPS.map((group) => group.map(normalizeArabic));

  it('has a few dozen groups, each of at least two distinct spellings once normalised', () => {
    expect(SYNONYM_GROUPS.length).toBeGreaterThanOrEqual(30);
    for (const group of normalised) expect(new Set(group).size, group.join('/')).toBeGreaterThanOrEqual(2);
  });

  it('puts each word in one group only, every member at least 3 letters (the trigram index needs them)', () => {
    const seen = new Map<string, number>();
    normalised.forEach((group, index) => {
      for (const member of new Set(group)) {
        expect([...member.replace(/ /g, '')].length, member).toBeGreaterThanOrEqual(3);
        expect(seen.get(member), `${member} is in two groups`).toBeUndefined();
        seen.set(member, index);
      }
    });
  });

  it('holds the names farmers use', () => {
    const groupOf = (word: string) => normalised.find((g) => g.includes(normalizeArabic(word)));
    for (const [a, b] of [
      ['بندورة', 'طماطم'],
      ['بطاطا', 'بطاطس'],
      ['كوسا', 'كوسة'],
      ['فليفلة', 'فلفل'],
      ['ملفوف', 'كرنب'],
      ['بقرة', 'أبقار'],
      ['غنم', 'خراف'],
      ['دجاج', 'فراخ'],
      ['حمى', 'حرارة'],
      ['مضاد حيوي', 'انتيبيوتيك'],
      ['مبيد', 'مبيدات'],
    ]) {
      expect(groupOf(a), `${a}/${b}`).toBeDefined();
      expect(groupOf(a)).toBe(groupOf(b));
    }
  });
});

describe('searchAlternatives', () => {
  it('expands a word to every member of its group, the query first', () => {
    expect(searchAlternatives('طماطم')).toEqual(['طماطم', 'بندوره', 'طماطه']);
    expect(expandSearchQuery('بندورة')).toEqual(['بندوره', 'طماطم', 'طماطه']);
    expect(expandSearchQuery('بطاطس')).toEqual(['بطاطس', 'بطاطا']);
  });

  it('applies after the normaliser: tashkeel, hamza forms and ta marbuta do not matter', () => {
    expect(expandSearchQuery('طَمَاطِم')).toEqual(searchAlternatives('طماطم'));
    expect(expandSearchQuery('أغنام')).toContain('خراف');
    expect(expandSearchQuery('إبرة')).toEqual(['ابره', 'حقنه']);
  });

  it('keeps the other words; a prefixed word may be found with or without its prefix or article', () => {
    expect(expandSearchQuery('بذور البندورة')).toEqual(
      expect.arrayContaining(['بذور البندوره', 'بذور طماطم', 'بذور الطماطم', 'بذار البندوره', 'بذور بندوره']),
    );
    // وبطاطس contains بطاطس: the bare members find it
    expect(expandSearchQuery('وبطاطس')).toEqual(['بطاطا', 'بطاطس']);
    expect(expandSearchQuery('الطماطم')).toEqual(['بندوره', 'طماطم', 'طماطه']);
    const antibiotic = expandSearchQuery('المضاد الحيوي');
    expect(antibiotic).toEqual(
      expect.arrayContaining(['المضاد الحيوي', 'مضاد حيوي', 'انتيبيوتيك', 'صاد حيوي', 'الصاد الحيوي']),
    );
    expect(antibiotic.length).toBeLessThanOrEqual(MAX_SEARCH_ALTERNATIVES);
    expect(expandSearchQuery('مضاد حيوي للأغنام')).toEqual(
      expect.arrayContaining(['مضاد حيوي للخراف', 'مضاد حيوي خراف', 'صاد حيوي للاغنام', 'انتيبيوتيك للاغنام']),
    );
  });

  it('leaves out an alternative that contains another (the shorter finds it)', () => {
    // بقره contains بقر: a search for بقر finds بقرة as well
    expect(expandSearchQuery('بقرة')).toEqual(['بقر', 'ابقار']);
    expect(expandSearchQuery('مبيدات')).toEqual(['مبيد', 'دوا رش', 'دواء رش']);
  });

  it('changes nothing for a word without a group, a part of a word, or an empty query', () => {
    expect(expandSearchQuery('سماد عضوي')).toEqual(['سماد عضوي', 'اسمده عضوي']);
    expect(expandSearchQuery('زيتون')).toEqual(['زيتون']);
    expect(expandSearchQuery('طماط')).toEqual(['طماط']);
    expect(expandSearchQuery('بندورهات')).toEqual(['بندورهات']);
    expect(expandSearchQuery('  ')).toEqual([]);
  });

  it('a word with the article is found without it too («الزيتون» finds «غراس زيتون»); a short stem keeps it', () => {
    // the bare word alone: a substring search for it finds the word with its article as well
    expect(expandSearchQuery('الزيتون')).toEqual(['زيتون']);
    expect(expandSearchQuery('للزيتون')).toEqual(['زيتون']);
    expect(expandSearchQuery('تقليم الزيتون')).toEqual(['تقليم الزيتون', 'تقليم زيتون']);
    // a one-letter clitic is not taken off alone, nor an article before fewer than 3 letters
    expect(expandSearchQuery('بلدي')).toEqual(['بلدي']);
    expect(expandSearchQuery('الري')).toEqual(['الري']);
  });

  it('never gives more than MAX_SEARCH_ALTERNATIVES', () => {
    const many = expandSearchQuery('مضاد حيوي بازلاء يوسفي شتلة غنم دجاج');
    expect(many.length).toBeGreaterThan(1);
    expect(many.length).toBeLessThanOrEqual(MAX_SEARCH_ALTERNATIVES);
    expect(many[0]).toBe(normalizeArabic('مضاد حيوي بازلاء يوسفي شتلة غنم دجاج'));
  });
});
