// A copy of the built extension for the Enterprise host tests. Browsers ask the user before they
// grant an optional permission, in a prompt no test driver can answer (Playwright declines to:
// microsoft/playwright#32755); a permission the manifest already holds is granted at once without
// one. So the copy's manifest holds the fake Enterprise host's permissions and `scripting`, and the
// options page's request (permissions.request, in the click, as for a user) is answered at once.
// Everything else, the code included, is the built extension as it ships.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXTENSION_DIR } from './browser.mjs';

/** Returns {dir, remove()}: the copy, granted `hosts` (['ghe.acme.test']) and their raw subdomains. */
export function extensionGranting(hosts) {
  const dir = mkdtempSync(join(tmpdir(), 'atom-review-enterprise-'));
  cpSync(EXTENSION_DIR, dir, { recursive: true });
  const manifestPath = join(dir, 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  manifest.permissions = [...manifest.permissions, 'scripting'];
  manifest.host_permissions = [...manifest.host_permissions, ...hosts.flatMap((host) => [`https://${host}/*`, `https://raw.${host}/*`])];
  writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
