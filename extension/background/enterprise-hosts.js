// The content script on GitHub Enterprise hosts. The manifest declares it for github.com only;
// on an Enterprise host it runs once the user added the host on the options page and the browser
// granted the host's permissions (optional_host_permissions, asked for at that moment, with the
// optional `scripting` permission that registers it). This module keeps the registered scripts
// equal to the hosts that are both added and granted: after a start, a change of the settings,
// and a permission given or taken back in the browser's own extension settings.
import { enterpriseHostPermissions } from '../shared/github-host.js';

const SCRIPT_ID_PREFIX = 'atom-review-host:';

/** The content script registration for `host`, as the manifest's own for github.com. */
export function hostScript(host) {
  return { id: `${SCRIPT_ID_PREFIX}${host}`, matches: [`https://${host}/*`], js: ['content.js'], css: ['content.css'],
    runAt: 'document_idle' };
}

/**
 * Registers the content script on each of `hosts` whose permissions `permissions` holds and
 * unregisters it elsewhere. `scripting` is absent until its permission is granted: then nothing
 * can be registered, and nothing is. Resolves to the hosts it runs on now.
 */
export async function syncHostScripts({ hosts, scripting, permissions }) {
  if (!scripting?.registerContentScripts) return [];
  const granted = [];
  for (const host of hosts) {
    if (await permissions.contains({ origins: enterpriseHostPermissions(host) })) granted.push(host);
  }
  const wanted = granted.map(hostScript);
  const registered = (await scripting.getRegisteredContentScripts()).filter((script) => script.id.startsWith(SCRIPT_ID_PREFIX));
  const stale = registered.filter((script) => !wanted.some((want) => want.id === script.id));
  if (stale.length > 0) await scripting.unregisterContentScripts({ ids: stale.map((script) => script.id) });
  const missing = wanted.filter((want) => !registered.some((script) => script.id === want.id));
  if (missing.length > 0) await scripting.registerContentScripts(missing);
  return granted;
}

/**
 * Runs syncHostScripts one call after another (two at once could both register a host, and the
 * second would fail on the duplicate id). `readHosts()` → Promise<hosts>; failures go to `log`.
 */
export function hostScriptSyncer({ readHosts, api, log = console }) {
  let last = Promise.resolve();
  return () => {
    last = last.then(() => readHosts())
      .then((hosts) => syncHostScripts({ hosts, scripting: api.scripting, permissions: api.permissions }))
      .catch((error) => log.warn('atom-review: could not register the content script on Enterprise hosts:', error));
    return last;
  };
}
