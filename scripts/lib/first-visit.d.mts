import type { Browser, BrowserContext, Page } from 'playwright-core';

export interface FirstVisit {
  /** Bytes downloaded in all (bodies as sent plus headers). */
  bytes: number;
  /** Requests that downloaded something. */
  requests: number;
  /** Of `bytes`, what the service worker fetched itself (precache). */
  workerBytes: number;
  rows: { url: string; bytes: number; worker: boolean }[];
  /** The visited page and its context, still open (the caller closes the context). */
  page: Page;
  context: BrowserContext;
}

export function measureFirstVisit(
  browser: Browser,
  url: string,
  options?: {
    saveData?: boolean;
    viewport?: { width: number; height: number };
    poll?: (fn: () => Promise<boolean>) => Promise<void>;
  },
): Promise<FirstVisit>;
