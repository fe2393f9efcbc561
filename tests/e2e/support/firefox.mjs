// Firefox ESR with the built extension installed as a temporary add-on, driven over WebDriver
// BiDi by puppeteer-core. Firefox has no --host-resolver-rules: all its traffic goes through a
// recording proxy (tunnel-proxy.mjs) that joins GitHub's hosts to the fake GitHub and refuses any
// other, so the fake GitHub may listen on any port and the proxy's record is the browser side of
// the request audit (it sees the extension's background too).
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';
import { EXTENSION_DIR } from './browser.mjs';
import { assertRequestsAllowed } from './request-audit.mjs';
import { waitUntil } from './review-page.mjs';
import { startTunnelProxy } from './tunnel-proxy.mjs';

export const FIREFOX = '/usr/bin/firefox-esr';
export const firefoxAvailable = () => existsSync(FIREFOX);

const ADDON_ID = 'atom-review@rocm-atom-tools.invalid'; // manifest.json browser_specific_settings.gecko.id
// The extension's moz-extension:// host, fixed through `extensions.webextensions.uuids` (Firefox
// picks a random one per profile otherwise) so the tests can open the options page.
const EXTENSION_UUID = '0b1e2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

/**
 * Returns what browser.mjs's launchWithExtension does, for the helpers both browsers share:
 * {browser (Puppeteer's), requests (the proxy's record), extensionOrigin, newPage(),
 * openExtensionPage(path), localItems(), close()}; close() fails when a request breaks the audit.
 */
export async function launchFirefoxWithExtension({ port }) {
  const proxy = await startTunnelProxy(port);
  const downloadDir = mkdtempSync(join(tmpdir(), 'atom-review-firefox-downloads-'));
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    // --remote-allow-system-access: WebDriver BiDi may then open moz-extension:// pages.
    args: ['--no-remote', '--remote-allow-system-access'],
    // Firefox ignores the remote-settings server puppeteer points it at unless this is set, and
    // would call Mozilla's through the proxy.
    env: { ...process.env, MOZ_REMOTE_SETTINGS_DEVTOOLS: '1' },
    acceptInsecureCerts: true, // the fake GitHub's certificate is self-signed
    extraPrefsFirefox: {
      'network.proxy.type': 1, // manual
      'network.proxy.ssl': '127.0.0.1',
      'network.proxy.ssl_port': proxy.port,
      'network.proxy.http': '127.0.0.1',
      'network.proxy.http_port': proxy.port,
      'network.proxy.no_proxies_on': '',
      'network.trr.mode': 5, // no DNS over HTTPS
      'extensions.webextensions.uuids': JSON.stringify({ [ADDON_ID]: EXTENSION_UUID }),
      // A tab behind another keeps its timers' pace (Firefox slows them to one a second), as
      // headless Chromium does: the two-tab test clicks in both at once.
      'dom.min_background_timeout_value': 4,
      'dom.min_background_timeout_value_without_budget_throttling': 4,
      'dom.timeout.enable_budget_timer_throttling': false,
      // Downloads go to a folder of the test's, without asking.
      'browser.download.folderList': 2,
      'browser.download.dir': downloadDir,
      'browser.download.useDownloadDir': true,
      'browser.download.always_ask_before_handling_new_types': false,
      'browser.download.start_downloads_in_tmp_dir': false,
    },
  });
  await browser.installExtension(EXTENSION_DIR);
  const extensionOrigin = `moz-extension://${EXTENSION_UUID}`;
  async function openExtensionPage(path) {
    const page = await browser.newPage();
    // Over BiDi the load of a page in the extension's process is never reported: the navigation
    // is not awaited, the callers wait for what they need on the page.
    page.goto(`${extensionOrigin}/${path}`, { timeout: 60000 }).catch(() => {});
    await waitUntil(page, () => document.readyState === 'complete' && location.protocol === 'moz-extension:', null,
      { timeout: 15000, what: `${path} to load`, loading: true });
    return page;
  }
  let storagePage = null; // an extension page to read storage.local from, opened when first needed
  return {
    browser,
    requests: proxy.requests,
    extensionOrigin,
    newPage: () => browser.newPage(),
    openExtensionPage,
    async localItems() {
      storagePage ??= await openExtensionPage('options.html');
      return storagePage.evaluate(() => globalThis.browser.storage.local.get(null));
    },
    // The file the page downloads when `trigger()` runs: {name, text}.
    async nextDownload(_page, trigger) {
      const before = new Set(readdirSync(downloadDir));
      await trigger();
      let name;
      await waitUntilOnDisk(() => {
        name = readdirSync(downloadDir).find((file) => !before.has(file) && !file.endsWith('.part'));
        return name !== undefined && !readdirSync(downloadDir).some((file) => file.endsWith('.part'));
      });
      return { name, text: readFileSync(join(downloadDir, name), 'utf8') };
    },
    async close() {
      await browser.close();
      await proxy.close();
      rmSync(downloadDir, { recursive: true, force: true });
      assertRequestsAllowed(proxy.requests);
    },
  };
}

async function waitUntilOnDisk(check, timeout = 15000) {
  for (const until = Date.now() + timeout; !check();) {
    if (Date.now() > until) throw new Error(`no download arrived in ${timeout} ms`);
    await new Promise((resolve) => { setTimeout(resolve, 100); });
  }
}
