// Headless Chromium for the end-to-end tests: Debian's package driven by playwright-core
// (docs/contract.md#the-page). Never a downloaded browser: the path can be changed with KIT_CHROMIUM, nothing else.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

export const CHROMIUM_PATH = process.env['KIT_CHROMIUM'] ?? '/usr/bin/chromium';

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/**
 * A fresh profile each time (playwright passes it as --user-data-dir), removed on close.
 * `bypassCSP` is for the accessibility tests only: they inject axe-core, which the page's
 * Content-Security-Policy (rightly) refuses. `phone`: a 390x844 touch screen (taps, touch events,
 * a mobile viewport), as a phone's browser is.
 */
export async function launchChromium(options: { bypassCSP?: boolean; phone?: boolean } = {}): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'kit-web-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: FLAGS,
    viewport: options.phone ? { width: 390, height: 844 } : { width: 1280, height: 860 },
    ...(options.phone ? { hasTouch: true, isMobile: true } : {}),
    ...(options.bypassCSP ? { bypassCSP: true } : {}),
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
