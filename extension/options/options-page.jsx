// The options page's sections. Native checkboxes, inputs and buttons throughout, so every control
// is reached with Tab and used with Space / Enter.
import { useEffect, useState } from 'preact/hooks';
import { FEATURES } from '../shared/features.js';
import { AddForm } from './add-form.jsx';
import { HostsSection } from './hosts-section.jsx';
import { PacksSection } from './packs-section.jsx';
import { SnapshotsSection } from './snapshots-section.jsx';
import { VerdictsSection } from './verdicts-section.jsx';
import { normalizeRepoPattern } from '../shared/scope.js';
import {
  isFeatureOn, loadSettings, onSettingsChanged, setFeatureOn, setRepos, settingsFromStorage,
} from '../shared/settings.js';

const message = (error) => String(error?.message ?? error);

function FeatureSwitches({ api, settings, onError }) {
  return (
    <section class="Box" aria-labelledby="features-heading">
      <div class="Box-header">
        <h2 id="features-heading">Features</h2>
        <p>A feature switched off disappears from open pages at once and makes no more requests.</p>
      </div>
      {FEATURES.map((feature) => (
        <div class="Box-row" key={feature.id}>
          <input type="checkbox" id={`feature-${feature.id}`} data-options="feature-switch" data-feature={feature.id}
            checked={isFeatureOn(settings, feature.id)}
            onChange={(event) => setFeatureOn(api.storage, feature.id, event.currentTarget.checked).catch(onError)} />
          <label for={`feature-${feature.id}`}>
            <span class="title">{feature.title}</span>
            <span class="description">{feature.description}</span>
          </label>
        </div>
      ))}
    </section>
  );
}

function Repositories({ api, settings, builtInRepos, onError }) {
  const add = async (text) => {
    const pattern = normalizeRepoPattern(text);
    if (!pattern) throw new Error(`${JSON.stringify(text.trim())} is not OWNER/REPO, OWNER/*, HOST/OWNER/REPO or HOST/OWNER/*`);
    await setRepos(api.storage, [...settings.repos, pattern]);
    return `${pattern} added.`;
  };
  return (
    <section class="Box" aria-labelledby="repos-heading">
      <div class="Box-header">
        <h2 id="repos-heading">Repositories</h2>
        <p>atom-review runs only on these repositories; anywhere else it fetches and draws nothing. OWNER/REPO holds on
          github.com and on every Enterprise host added below; HOST/OWNER/REPO on that host only.</p>
      </div>
      <ul class="list-reset" data-options="repo-list">
        {builtInRepos.map((repo) => (
          <li class="Box-row" key={`built-in:${repo}`} data-options="repo" data-repo={repo}>
            <code>{repo}</code><span class="Label">built-in pack</span>
          </li>
        ))}
        {settings.repos.map((repo) => (
          <li class="Box-row" key={repo} data-options="repo" data-repo={repo}>
            <code>{repo}</code>
            <button type="button" class="btn btn-danger" aria-label={`Remove ${repo}`}
              onClick={() => setRepos(api.storage, settings.repos.filter((kept) => kept !== repo)).catch(onError)}>Remove</button>
          </li>
        ))}
      </ul>
      <AddForm id="add-repo" label="Add a repository (OWNER/REPO, OWNER/* or HOST/OWNER/REPO)" placeholder="OWNER/REPO or OWNER/*" submit={add} />
    </section>
  );
}

export function OptionsPage({ api, builtInRepos, builtInPacks }) {
  const [settings, setSettings] = useState(null);
  const [error, setError] = useState(null);
  useEffect(() => {
    const controller = new AbortController();
    loadSettings(api.storage).then(setSettings, (failure) => {
      setError(message(failure));
      setSettings(settingsFromStorage({}));
    });
    onSettingsChanged(api.storage, setSettings, controller.signal);
    return () => controller.abort();
  }, [api]);
  if (!settings) return null;
  const onError = (failure) => setError(message(failure));
  return (
    <>
      <h1>atom-review</h1>
      {error && <p class="flash-error" role="alert" data-options="error">{error}</p>}
      <FeatureSwitches api={api} settings={settings} onError={onError} />
      <Repositories api={api} settings={settings} builtInRepos={builtInRepos} onError={onError} />
      <HostsSection api={api} settings={settings} onError={onError} />
      <SnapshotsSection api={api} settings={settings} builtInRepos={builtInRepos} onError={onError} />
      <PacksSection api={api} builtInPacks={builtInPacks} onError={onError} />
      <VerdictsSection api={api} settings={settings} onError={onError} />
    </>
  );
}
