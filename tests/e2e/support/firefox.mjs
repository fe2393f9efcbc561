// Firefox ESR with the built extension installed as a temporary add-on, driven over WebDriver
// BiDi by puppeteer-core. Firefox has no --host-resolver-rules: the fake GitHub's hosts resolve to
// 127.0.0.1 through `network.dns.localDomains`, so the fake GitHub must listen on port 443.
import { existsSync } from 'node:fs';
import puppeteer from 'puppeteer-core';
import { EXTENSION_DIR } from './browser.mjs';
import { FAKE_HOSTS } from './fake-github.mjs';

export const FIREFOX = '/usr/bin/firefox-esr';
export const firefoxAvailable = () => existsSync(FIREFOX);

export async function launchFirefoxWithExtension() {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    args: ['--no-remote'],
    acceptInsecureCerts: true, // the fake GitHub's certificate is self-signed
    extraPrefsFirefox: {
      'network.dns.localDomains': FAKE_HOSTS.join(','),
      'network.trr.mode': 5, // no DNS over HTTPS
    },
  });
  await browser.installExtension(EXTENSION_DIR);
  return browser;
}
