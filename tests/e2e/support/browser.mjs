// Launches Debian's Chromium with the built extension, every github.com request going to the
// fake GitHub on `port`.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { FAKE_HOSTS } from './fake-github.mjs';
import { REPO_ROOT } from './paths.mjs';
import { assertRequestsAllowed } from './request-audit.mjs';

export const CHROMIUM = '/usr/bin/chromium';
export const EXTENSION_DIR = join(REPO_ROOT, 'dist', 'extension');

export function browserArgs(port) {
  return [
    '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
    '--disable-sync', '--no-first-run',
    // Every other host does not resolve: nothing leaves the machine, and a request elsewhere
    // (recorded, then failing at once) breaks the audit.
    `--host-resolver-rules=${[...FAKE_HOSTS.map((host) => `MAP ${host} 127.0.0.1:${port}`), 'MAP * ~NOTFOUND'].join(', ')}`,
    // Playwright's ignoreHTTPSErrors does not cover the extension's service-worker fetches.
    '--ignore-certificate-errors',
  ];
}

// Every request a page (with its content scripts) or the extension's service worker makes, as the
// fake server records them (fake-github.mjs): a request to another host never reaches the server,
// so the browser's side is audited too. The browser's own traffic (updates, sign-in) is neither.
function recordRequests(context) {
  const requests = [];
  context.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol !== 'https:' && url.protocol !== 'http:' && url.protocol !== 'ws:' && url.protocol !== 'wss:') return;
    requests.push({ host: url.hostname, path: url.pathname, method: request.method(), origin: request.headers().origin ?? null });
  });
  return requests;
}

/**
 * Returns {context, serviceWorker, requests, close} and what the helpers shared with Firefox use
 * (support/firefox.mjs gives the same): newPage(), openExtensionPage(path), localItems() (what
 * the extension's storage.local holds). close() fails when a request breaks the audit.
 * `extensionDir`: the built extension, or a copy of it (support/enterprise-extension.mjs).
 */
export async function launchWithExtension({ port, viewport = { width: 1280, height: 900 }, extensionDir = EXTENSION_DIR }) {
  if (!existsSync(join(extensionDir, 'manifest.json'))) {
    throw new Error(`${extensionDir} has no manifest.json: run \`node extension/build.mjs\` first`);
  }
  const userDataDir = mkdtempSync(join(tmpdir(), 'atom-review-profile-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    viewport,
    ignoreDefaultArgs: ['--disable-extensions'],
    args: [`--disable-extensions-except=${extensionDir}`, `--load-extension=${extensionDir}`, ...browserArgs(port)],
  });
  const requests = recordRequests(context);
  const serviceWorker = context.serviceWorkers()[0] ?? await context.waitForEvent('serviceworker');
  const extensionOrigin = `chrome-extension://${new URL(serviceWorker.url()).host}`;
  return {
    context,
    serviceWorker,
    requests,
    extensionOrigin,
    newPage: () => context.newPage(),
    async openExtensionPage(path) {
      const page = await context.newPage();
      await page.goto(`${extensionOrigin}/${path}`);
      return page;
    },
    localItems: () => serviceWorker.evaluate(() => chrome.storage.local.get(null)),
    // The file the page downloads when `trigger()` runs: {name, text}.
    async nextDownload(page, trigger) {
      const [download] = await Promise.all([page.waitForEvent('download'), trigger()]);
      return { name: download.suggestedFilename(), text: readFileSync(await download.path(), 'utf8') };
    },
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
      assertRequestsAllowed(requests);
    },
  };
}
