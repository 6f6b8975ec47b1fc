import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from '@/app/register-sw';

function fakeServiceWorker() {
  const register = vi.fn(async () => ({ scope: '/' }));
  Object.defineProperty(navigator, 'serviceWorker', { value: { register }, configurable: true });
  return register;
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('registerServiceWorker', () => {
  it('registers at once when the app starts after the load event (a server-rendered page)', () => {
    vi.stubEnv('PROD', true);
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete');
    const register = fakeServiceWorker();
    registerServiceWorker();
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  it('waits for the load event while the page is still loading', () => {
    vi.stubEnv('PROD', true);
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    const register = fakeServiceWorker();
    registerServiceWorker();
    expect(register).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));
    expect(register).toHaveBeenCalledTimes(1);
  });
});
