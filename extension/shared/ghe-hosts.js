// GitHub Enterprise hosts: each one the user adds gets its host permission (asked for at that
// moment, from the options page's click: optional_host_permissions) and our content script
// registered for it; removing the host takes both away. `api` is chrome (or browser).
import { gheOrigin, loadSettings, normalizeGheHost, setGheHosts } from './settings.js';

const scriptId = (host) => `ghe-${host}`;

async function unregister(api, host) {
  const ids = (await api.scripting.getRegisteredContentScripts({ ids: [scriptId(host)] })).map((script) => script.id);
  if (ids.length > 0) await api.scripting.unregisterContentScripts({ ids });
}

/**
 * Asks for the host's permission (call it straight from the click: browsers grant permissions only
 * during a user gesture), registers the content script there and keeps the host. Resolves to the
 * normalised host; rejects with the reason when it is not a host name or the user said no.
 */
export async function addGheHost(api, text) {
  const host = normalizeGheHost(text);
  if (!host) throw new Error(`${JSON.stringify(text)} is not a host name such as github.example.com`);
  const granted = await api.permissions.request({ origins: [gheOrigin(host)] });
  if (!granted) throw new Error(`permission for ${host} was not granted`);
  await unregister(api, host);
  await api.scripting.registerContentScripts([{ id: scriptId(host), matches: [gheOrigin(host)], js: ['content.js'],
    css: ['content.css'], runAt: 'document_idle', persistAcrossSessions: true }]);
  const { gheHosts } = await loadSettings(api.storage);
  await setGheHosts(api.storage, [...gheHosts.filter((kept) => kept !== host), host]);
  return host;
}

/** Unregisters the content script for `host`, gives its permission back and forgets it. */
export async function removeGheHost(api, host) {
  await unregister(api, host);
  await api.permissions.remove({ origins: [gheOrigin(host)] });
  const { gheHosts } = await loadSettings(api.storage);
  await setGheHosts(api.storage, gheHosts.filter((kept) => kept !== host));
}

/** When the user takes a host's permission away in the browser's own UI, the host goes too. */
export function forgetHostsWhosePermissionWasRemoved(api) {
  api.permissions.onRemoved.addListener(({ origins = [] }) => {
    loadSettings(api.storage).then(async ({ gheHosts }) => {
      for (const host of gheHosts.filter((kept) => origins.includes(gheOrigin(kept)))) {
        await unregister(api, host);
        await setGheHosts(api.storage, (await loadSettings(api.storage)).gheHosts.filter((kept) => kept !== host));
      }
    }).catch(() => {});
  });
}
