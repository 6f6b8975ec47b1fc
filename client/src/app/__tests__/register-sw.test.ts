import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadedFiles, registerServiceWorker, warmUp } from '@/app/register-sw';

function fakeServiceWorker(controller: object | null = null) {
  const register = vi.fn(async () => ({ scope: '/' }));
  const container = Object.assign(new EventTarget(), { register, controller });
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  return { register, container: container as unknown as ServiceWorkerContainer & EventTarget };
}

function fakeResources(names: string[]) {
  vi.spyOn(performance, 'getEntriesByType').mockReturnValue(names.map((name) => ({ name }) as PerformanceEntry));
}

function fakeSaveData(on: boolean) {
  Object.defineProperty(navigator, 'connection', { value: { saveData: on }, configurable: true });
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  Reflect.deleteProperty(navigator, 'connection');
});

describe('registerServiceWorker', () => {
  it('registers at once when the page has already loaded', () => {
    vi.stubEnv('PROD', true);
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete');
    const { register } = fakeServiceWorker();
    registerServiceWorker();
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  it('waits for the load event while the page is still loading', () => {
    vi.stubEnv('PROD', true);
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    const { register } = fakeServiceWorker();
    registerServiceWorker();
    expect(register).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));
    expect(register).toHaveBeenCalledTimes(1);
  });
});

describe('warmUp: what the page loaded before the worker, handed to it', () => {
  const origin = location.origin;

  it('lists the same-origin chunks, styles, fonts and images, not the API, pages or other sites', () => {
    fakeResources([
      `${origin}/assets/landing-1.js`,
      `${origin}/assets/index-2.css`,
      `${origin}/assets/landing-1.js`,
      `${origin}/images/logo.png`,
      `${origin}/icons/icon-192.png`,
      `${origin}/api/store/getAll`,
      `${origin}/storage/products/a.webp`,
      'https://elsewhere.example/assets/x.js',
    ]);
    expect(loadedFiles()).toEqual([
      '/assets/landing-1.js',
      '/assets/index-2.css',
      '/images/logo.png',
      '/icons/icon-192.png',
    ]);
  });

  it('fetches them through the worker once it controls the page', async () => {
    fakeResources([`${origin}/assets/landing-1.js`, `${origin}/images/logo.png`]);
    const fetched: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) => {
        fetched.push(path);
        return new Response('x');
      }),
    );
    const { container } = fakeServiceWorker(null);
    const done = warmUp(container);
    await Promise.resolve();
    expect(fetched).toEqual([]);
    container.dispatchEvent(new Event('controllerchange'));
    expect(await done).toBe(2);
    expect(fetched).toEqual(['/assets/landing-1.js', '/images/logo.png']);
  });

  it('fetches nothing under Save-Data, or when a worker controlled the page from the start', async () => {
    fakeResources([`${origin}/assets/landing-1.js`]);
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    fakeSaveData(true);
    expect(await warmUp(fakeServiceWorker(null).container)).toBe(0);
    fakeSaveData(false);
    expect(await warmUp(fakeServiceWorker({}).container)).toBe(0);
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
