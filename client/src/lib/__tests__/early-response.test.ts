import { readFileSync } from 'node:fs';
import path from 'node:path';
import { apiPaths, type Paged, type Store } from '@agrivet/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient } from '../../../test/render';
import { getStoresByCity, useStoresByCity } from '../../features/stores/api/get-stores-by-city';
import { storeKeys } from '../../features/stores/api/keys';
import { earlyUrl, takeEarlyData, takeEarlyResponse } from '../early-response';
import { imageUrl } from '../images';

/** The inline script of index.html that starts the first list page before the app's code arrives. */
const html = readFileSync(path.resolve(__dirname, '../../../index.html'), 'utf8');
const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n');

const page = (stores: Partial<Store>[]): Paged<Store> =>
  ({ current_page: 1, last_page: 1, per_page: 12, total: stores.length, data: stores }) as unknown as Paged<Store>;

function runInlineScript(url: string, answer: unknown, token?: string) {
  window.history.replaceState(null, '', url);
  if (token) localStorage.setItem('token', token);
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(answer)));
  vi.stubGlobal('fetch', fetchMock);
  new Function(inline)();
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.__agrivetEarly = undefined;
  localStorage.clear();
  for (const link of document.head.querySelectorAll('link[rel="preload"]')) link.remove();
  window.history.replaceState(null, '', '/');
});

describe("index.html's early request for the store lists", () => {
  it('asks for the same URL the list asks for, with the token, and preloads the first two thumbnails', async () => {
    const stores = [
      { id: 1, image: 'stores/a1.webp' },
      { id: 2, image: null },
      { id: 3, image: 'stores/c3.webp' },
    ];
    const fetchMock = runInlineScript('/bone?city=9&page=2', { status: 200, data: page(stores) }, 'tok123');
    const expected = earlyUrl(apiPaths.store.getByCity, { type: 1, page_number: 2, city: 9 });
    expect(expected).toBe('/api/store/get-By-city?type=1&page_number=2&city=9');
    expect(fetchMock).toHaveBeenCalledWith(expected, {
      headers: { Accept: 'application/json', Authorization: 'Bearer tok123' },
    });
    const data = await takeEarlyResponse<Paged<Store>>(expected);
    expect(data?.data.map((s) => s.id)).toEqual([1, 2, 3]);
    // Only the first two stores; the second has no picture.
    const preloads = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')];
    expect(preloads.map((l) => l.getAttribute('href'))).toEqual([imageUrl('stores/a1.webp', true)]);
  });

  it('the list screen takes the early answer once, without a second request', async () => {
    runInlineScript('/leaf', { status: 200, data: page([{ id: 7, image: null }]) });
    const first = await getStoresByCity({ type: 0, page: 1, city: null });
    expect(first.data[0].id).toBe(7);
    expect(window.__agrivetEarly).toBeUndefined();
  });

  it('ignores other pages, bad query values and an answer for another URL', async () => {
    expect(runInlineScript('/blog', {})).not.toHaveBeenCalled();
    runInlineScript('/farm?city=abc&page=-3', { status: 200, data: page([]) });
    expect(window.__agrivetEarly?.url).toBe('/api/store/get-By-city?type=3&page_number=1');
    expect(await takeEarlyResponse(earlyUrl(apiPaths.store.getByCity, { type: 3, page_number: 2 }))).toBeNull();
  });

  it('a failed or refused early request leaves the list to ask the API itself', async () => {
    runInlineScript('/leaf', { status: 500, error: { message: 'خطأ' } });
    expect(await takeEarlyResponse(earlyUrl(apiPaths.store.getByCity, { type: 0, page_number: 1 }))).toBeNull();

    window.history.replaceState(null, '', '/leaf');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    new Function(inline)();
    expect(await takeEarlyResponse(earlyUrl(apiPaths.store.getByCity, { type: 0, page_number: 1 }))).toBeNull();
  });
});

describe('takeEarlyData (the first render of a list)', () => {
  it('gives the answer once it has arrived, once, and nothing for another URL', async () => {
    const answer = { status: 200, data: page([{ id: 7, image: null }]) };
    runInlineScript('/leaf', answer);
    const url = earlyUrl(apiPaths.store.getByCity, { type: 0, page_number: 1, city: null });
    expect(takeEarlyData(earlyUrl(apiPaths.store.getByCity, { type: 1, page_number: 1, city: null }))).toBeNull();
    await window.__agrivetEarly?.response;
    expect(takeEarlyData<Paged<Store>>(url)?.data.map((s) => s.id)).toEqual([7]);
    expect(takeEarlyData(url)).toBeNull();
    expect(await takeEarlyResponse(url)).toBeNull();
  });

  it('gives nothing before the answer arrived (the list then awaits it) or for a failure', async () => {
    runInlineScript('/leaf', { status: 500, error: { message: 'x' } });
    const url = earlyUrl(apiPaths.store.getByCity, { type: 0, page_number: 1, city: null });
    expect(takeEarlyData(url)).toBeNull();
    await window.__agrivetEarly?.response;
    expect(takeEarlyData(url)).toBeNull();
  });
});

describe('the early answer seeds the query cache', () => {
  it('the store list shows it in its first render, without a request of its own', async () => {
    runInlineScript('/leaf?city=4', { status: 200, data: page([{ id: 7, image: null, name_store: 'صيدلية الربيع' }]) });
    await window.__agrivetEarly?.response;
    const client = createTestQueryClient();
    const fetchMock = vi.mocked(fetch);
    const names: (string | undefined)[] = [];
    function FirstRender() {
      const query = useStoresByCity({ type: 0, page: 1, city: 4 });
      names.push(query.data?.data[0]?.name_store);
      return null;
    }
    render(createElement(QueryClientProvider, { client }, createElement(FirstRender)));
    expect(names[0]).toBe('صيدلية الربيع');
    expect(client.getQueryState(storeKeys.byCity({ type: 0, page: 1, city: 4 }))?.fetchStatus).toBe('idle');
    // only the inline script's own request went out
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(window.__agrivetEarly).toBeUndefined();
  });
});
