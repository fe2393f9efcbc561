// GitHub Enterprise hosts: adding one asks the browser for that host's permissions (and, with the
// first, for `scripting`, which registers the content script there: background/enterprise-hosts.js).
// The browser asks the user; nothing is added unless they allow it. Removing a host gives its
// permissions back. The request must be made in the submit's own turn (browsers want a user
// gesture), so nothing is awaited before it.
import { useEffect, useState } from 'preact/hooks';
import { enterpriseHostPermissions, normalizeEnterpriseHost } from '../shared/github-host.js';
import { setHosts } from '../shared/settings.js';
import { AddForm } from './add-form.jsx';
const hostPermissions = (host) => ({ permissions: ['scripting'], origins: enterpriseHostPermissions(host) });

// {host: true | false}: whether the browser holds each host's permissions now.
function useGranted(api, hosts) {
  const [granted, setGranted] = useState({});
  useEffect(() => {
    let live = true;
    const read = () => Promise.all(hosts.map((host) => api.permissions.contains({ origins: enterpriseHostPermissions(host) })))
      .then((answers) => { if (live) setGranted(Object.fromEntries(hosts.map((host, i) => [host, answers[i]]))); }, () => {});
    read();
    api.permissions.onAdded?.addListener(read);
    api.permissions.onRemoved?.addListener(read);
    return () => {
      live = false;
      api.permissions.onAdded?.removeListener(read);
      api.permissions.onRemoved?.removeListener(read);
    };
  }, [api, hosts.join('\n')]);
  return granted;
}

export function HostsSection({ api, settings, onError }) {
  const granted = useGranted(api, settings.hosts);
  const ask = (host) => api.permissions.request(hostPermissions(host));
  const add = (text) => {
    const host = normalizeEnterpriseHost(text);
    if (!host) return Promise.reject(new Error(`${JSON.stringify(text.trim())} is not a GitHub Enterprise host name (ghe.example.com)`));
    return ask(host).then((allowed) => {
      if (!allowed) throw new Error(`the browser did not allow atom-review on ${host}: nothing was added`);
      return setHosts(api.storage, [...settings.hosts, host]);
    }).then(() => `${host} added. Its pages already open start working once reloaded.`);
  };
  const remove = (host) => {
    const kept = settings.hosts.filter((other) => other !== host);
    // `scripting` goes back with the last host: it is only there to register the script on them.
    api.permissions.remove({ permissions: kept.length === 0 ? ['scripting'] : [], origins: enterpriseHostPermissions(host) })
      .catch(() => false)
      .then(() => setHosts(api.storage, kept))
      .catch(onError);
  };

  return (
    <section class="Box" aria-labelledby="hosts-heading">
      <div class="Box-header">
        <h2 id="hosts-heading">GitHub Enterprise hosts</h2>
        <p>github.com is built in. A host added here gets the same features, for the repositories in scope; the browser
          asks you to allow atom-review on it (its pages and its raw subdomain).</p>
      </div>
      <ul class="list-reset" data-options="host-list">
        {settings.hosts.map((host) => (
          <li class="Box-row" key={host} data-options="host" data-host={host}>
            <code>{host}</code>
            {granted[host] === false && (
              <>
                <span class="Label Label--attention" data-options="host-not-allowed">not allowed in the browser</span>
                <button type="button" class="btn" onClick={() => ask(host).catch(onError)}>Allow</button>
              </>
            )}
            <button type="button" class="btn btn-danger" aria-label={`Remove ${host}`} onClick={() => remove(host)}>Remove</button>
          </li>
        ))}
      </ul>
      <AddForm id="add-host" label="Add a GitHub Enterprise host" placeholder="ghe.example.com" submit={add} />
    </section>
  );
}
