// Repository snapshots: per repository whether its snapshot is downloaded (never / ask / always,
// ask by default), the cap on the snapshots kept, what is kept now, and "Forget downloaded
// repositories". The snapshots live in this extension's IndexedDB, which the options page shares
// with the background.
import { useEffect, useState } from 'preact/hooks';
import { SNAPSHOT_CACHE_MIB, SNAPSHOT_POLICIES, setSnapshotCacheMiB, setSnapshotPolicy } from '../shared/settings.js';
import { SnapshotStore } from '../shared/snapshot-store.js';
import { snapshotReadText } from '../shared/snapshot-text.js';

const MIB = 1024 * 1024;
const mib = (bytes) => `${(bytes / MIB).toFixed(1)} MiB`;

function useKeptSnapshots(store) {
  const [kept, setKept] = useState(null); // null: not read (yet)
  const [failed, setFailed] = useState(null);
  const read = () => store.list().then(setKept, (error) => setFailed(String(error?.message ?? error)));
  useEffect(() => { read(); }, [store]);
  return { kept, failed, read };
}

export function SnapshotsSection({ api, settings, builtInRepos, onError, indexedDB = globalThis.indexedDB }) {
  const [store] = useState(() => new SnapshotStore({ indexedDB, maxBytes: settings.snapshotCacheMiB * MIB }));
  const { kept, failed, read } = useKeptSnapshots(store);
  const [status, setStatus] = useState('');
  const repos = [...new Set([...builtInRepos, ...settings.repos, ...Object.keys(settings.snapshotPolicies)])];
  const policyOf = (repo) => settings.snapshotPolicies[repo] ?? 'ask';
  const setCap = (text) => {
    const value = Number(text);
    setSnapshotCacheMiB(api.storage, value)
      .then(() => store.setMaxBytes(value * MIB))
      .then(read)
      .catch(onError);
  };
  const forget = () => store.forgetAll().then(({ snapshots, bytes }) => {
    setStatus(`Forgot ${snapshots} downloaded ${snapshots === 1 ? 'repository' : 'repositories'} (${mib(bytes)}).`);
    return read();
  }).catch(onError);
  const total = (kept ?? []).reduce((sum, meta) => sum + meta.bytes, 0);

  return (
    <section class="Box" aria-labelledby="snapshots-heading" data-options="snapshots">
      <div class="Box-header">
        <h2 id="snapshots-heading">Repository snapshots</h2>
        <p>To check a change against the whole repository, atom-review downloads the repository's archive from GitHub once
          (its source files only are kept, in this browser) and reuses it for the pull requests that follow.</p>
      </div>
      <ul class="list-reset" data-options="snapshot-policies">
        {repos.map((repo) => (
          <li class="Box-row" key={repo} data-options="snapshot-policy" data-repo={repo}>
            <label for={`snapshot-policy-${repo}`}><code>{repo}</code></label>
            <select id={`snapshot-policy-${repo}`} value={policyOf(repo)}
              onChange={(event) => setSnapshotPolicy(api.storage, repo, event.currentTarget.value).catch(onError)}>
              {SNAPSHOT_POLICIES.map((policy) => <option key={policy} value={policy}>{policy}</option>)}
            </select>
          </li>
        ))}
      </ul>
      <div class="Box-row">
        <label for="snapshot-cache-mib">Keep at most (MiB; the least recently used go first)</label>
        <input type="number" id="snapshot-cache-mib" data-options="snapshot-cache" min={SNAPSHOT_CACHE_MIB.min}
          max={SNAPSHOT_CACHE_MIB.max} step="1" value={settings.snapshotCacheMiB}
          onChange={(event) => setCap(event.currentTarget.value)} />
      </div>
      <div class="Box-row" data-options="snapshots-kept">
        <span>
          {failed ? `The downloaded repositories could not be read: ${failed}`
            : kept === null ? 'Reading…'
              : kept.length === 0 ? 'No repository downloaded.'
                : `${kept.length} downloaded (${mib(total)}): ${kept.map((meta) => `${meta.owner}/${meta.repo} ${snapshotReadText(meta)}`).join('; ')}`}
        </span>
        <button type="button" class="btn btn-danger" data-options="forget-snapshots" disabled={!kept || kept.length === 0}
          onClick={forget}>Forget downloaded repositories</button>
      </div>
      <p role="status" class={status ? 'flash-success' : ''} data-options="forget-snapshots-status">{status}</p>
    </section>
  );
}
