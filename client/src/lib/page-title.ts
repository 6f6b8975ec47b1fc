/**
 * The browser tab's title of each public page, built the same way by the server (the <title> of the HTML
 * it renders: app/ssr/prefetch.ts) and by the page in the browser (`usePageTitle`): after hydration, after
 * a client-side navigation from one page to another, and after the service worker served the shell
 * (index.html, with the site's title) for a page opened again. In Arabic, the UI's default and the
 * server's only language, both give the same string; an English reader gets it in English.
 *
 * `t` is i18next's (i18n/ar.ts: the site's name and tagline, and the glue of a list's title: " في
 * {province}", " — صفحة 2"). The landing sets its own (the site's title).
 */
import { useEffect } from 'react';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The landing's title, and the shell's (index.html): «أغريفت — سوق زراعي وبيطري». */
export const siteTitle = (t: Translate): string => `${t('app.name')} — ${t('app.tagline')}`;

/** A page's own title, then the site's name: «مبيد فطري نحاسي — صيدلية الربيع الزراعية — أغريفت». */
export const pageTitle = (t: Translate, name: string): string => `${name} — ${t('app.name')}`;

/**
 * A list's title: its name, the province it is filtered to and its page after the first
 * («المشاتل في السويداء — صفحة 2 — أغريفت»).
 */
export function listTitle(t: Translate, name: string, page: number, where?: string | null): string {
  const named = where ? t('pageTitle.in', { name, where }) : name;
  return pageTitle(t, page > 1 ? t('pageTitle.page', { title: named, page }) : named);
}

/** A store's page: «صيدلية الربيع الزراعية — دمشق — أغريفت» (`where`: its province, in the UI's language). */
export const storeTitle = (t: Translate, store: { name_store: string }, where: string): string =>
  pageTitle(t, `${store.name_store} — ${where}`);

/** A product's page: «مبيد فطري نحاسي — صيدلية الربيع الزراعية — أغريفت». */
export const productTitle = (t: Translate, product: { name: string; store: { name_store: string } }): string =>
  pageTitle(t, `${product.name} — ${product.store.name_store}`);

/** The search page, with its words or without. */
export const searchTitle = (t: Translate, q: string): string =>
  pageTitle(t, q ? t('search.title', { q }) : t('nav.search'));

/** The title of a missing page (an unknown address, a store, product or article that does not exist). */
export const notFoundTitle = (t: Translate): string => pageTitle(t, t('errors.notFound'));

/**
 * Sets the tab's title while the page is on screen; null or undefined (its data still loading) leaves the
 * current one. Signed in, lib/message-alerts.ts puts the unread count back in front of it ("(3) …").
 */
export function usePageTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
