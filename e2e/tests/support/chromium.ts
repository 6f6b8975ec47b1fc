/**
 * Which Chromium the e2e tests drive. Debian's headless shell (package chromium-headless-shell, the same
 * build as its Chromium without the browser's UI layers) when it is installed: measured here, the whole
 * suite 950 → 726 s and the browser process's CPU 52 → 31 s on dashboard-screens (docs/decisions.md). The full Chromium for
 * what the shell lacks — web push (the notifications offer) and the fake microphone — through
 * `launchFullChromium`, and for everything when the shell is missing. E2E_CHROMIUM overrides.
 */
import { existsSync } from 'node:fs';
import { type Browser, chromium } from '@playwright/test';

export const FULL_CHROMIUM = '/usr/bin/chromium';
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

export const testChromium = process.env.E2E_CHROMIUM ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The full Chromium of its own, with `extraArgs` after the suite's usual ones. */
export function launchFullChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: FULL_CHROMIUM, args: [...chromiumArgs, ...extraArgs] });
}
