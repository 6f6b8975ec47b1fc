/**
 * The <head> of a server-rendered page: its own title, description, canonical URL, Open Graph and
 * Twitter tags (a store's page: its name, province and picture; an article: its title and picture),
 * built from the data the page was rendered with. Pure functions: entry-server.tsx calls them, tests too.
 * The titles come from lib/page-title.ts, which the pages use in the browser too.
 */
import { imageUrl } from '@/lib/images';

export interface PageHead {
  title: string;
  description: string;
  /** Path and query of the canonical URL (the origin is added). */
  canonical: string;
  /** A stored image path, or null for the app's icon. */
  image: string | null;
  type: 'website' | 'article';
  /** e.g. 'noindex, follow' for search results. */
  robots?: string;
}

export const SITE_NAME = 'أغريفت';
export const SITE_DESCRIPTION = 'سوق زراعي وبيطري: صيدليات زراعية، عيادات بيطرية ومشاتل في كل المحافظات السورية';
const DEFAULT_IMAGE = '/icons/icon-512.png';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A description of at most ~160 characters, cut at a word, on one line. */
export function summary(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trim()}…`;
}

/** The tags, one per line; `origin` is e.g. https://agrivet.example (no trailing slash). */
export function headTags(head: PageHead, origin: string): string {
  const url = `${origin}${head.canonical}`;
  const image = `${origin}${head.image ? imageUrl(head.image) : DEFAULT_IMAGE}`;
  const meta = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    ...(head.robots ? [meta('name', 'robots', head.robots)] : []),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:locale', 'ar_SY'),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', image),
  ].join('\n    ');
}
