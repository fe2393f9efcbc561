// Launches Debian's Chromium with the built extension, every github.com request going to the
// fake GitHub on `port`.
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { FAKE_HOSTS } from './fake-github.mjs';
import { REPO_ROOT } from './paths.mjs';

export const CHROMIUM = '/usr/bin/chromium';
export const EXTENSION_DIR = join(REPO_ROOT, 'dist', 'extension');

export function browserArgs(port) {
  return [
    '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
    '--disable-sync', '--no-first-run',
    `--host-resolver-rules=${FAKE_HOSTS.map((host) => `MAP ${host} 127.0.0.1:${port}`).join(', ')}`,
    // Playwright's ignoreHTTPSErrors does not cover the extension's service-worker fetches.
    '--ignore-certificate-errors',
  ];
}

/** Returns {context, serviceWorker, close}. */
export async function launchWithExtension({ port, viewport = { width: 1280, height: 900 } }) {
  if (!existsSync(join(EXTENSION_DIR, 'manifest.json'))) {
    throw new Error(`${EXTENSION_DIR} has no manifest.json: run \`node extension/build.mjs\` first`);
  }
  const userDataDir = mkdtempSync(join(tmpdir(), 'atom-review-profile-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    viewport,
    ignoreDefaultArgs: ['--disable-extensions'],
    args: [`--disable-extensions-except=${EXTENSION_DIR}`, `--load-extension=${EXTENSION_DIR}`, ...browserArgs(port)],
  });
  const serviceWorker = context.serviceWorkers()[0] ?? await context.waitForEvent('serviceworker');
  return {
    context,
    serviceWorker,
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
