// Content-script entry point: every page feature, run by the page lifecycle where the settings
// let it (its switch on, the repository in scope: shared/settings.js, shared/scope.js; the
// repositories of the user's enabled packs are in scope too, shared/pack-store.js).
import builtInRepos from 'atom-built-in-repos';
import { FEATURES } from '../shared/features.js';
import { inScope, scopePatterns } from '../shared/scope.js';
import { isFeatureOn, loadSettings, onSettingsChanged, settingsFromStorage } from '../shared/settings.js';
import { loadPacks, onPacksChanged, packsFromStorage } from '../shared/pack-store.js';
import { startPageFeatures } from './lifecycle.js';
import { reviewAgain } from './review-client.js';
import { PAGE_FEATURES } from './page-features.js';

// The features that are part of another: switching one restarts its parent.
const parentOf = new Map(FEATURES.filter((feature) => feature.partOf).map((feature) => [feature.id, feature.partOf]));

async function main() {
  const storage = (globalThis.browser ?? globalThis.chrome).storage;
  // Settings that cannot be read are the defaults: every feature on, the built-in repositories only.
  let settings = await loadSettings(storage).catch(() => settingsFromStorage({}));
  let packs = await loadPacks(storage).catch(() => packsFromStorage({}));
  const env = {
    // Every repository a page names is on the page's own host.
    repoInScope: (pr) => inScope({ ...pr, host: location.host }, scopePatterns(builtInRepos, settings, packs)),
    featureOn: (id) => isFeatureOn(settings, id),
  };
  startPageFeatures(PAGE_FEATURES, {
    env,
    // A global list (no repository in its address) is allowed; list-badges checks each row.
    allows: (feature, params) => env.featureOn(feature.id) && (params.owner === undefined || env.repoInScope(params)),
    refreshOn: (refresh) => {
      onSettingsChanged(storage, (next) => {
        const switched = FEATURES.filter((feature) => isFeatureOn(settings, feature.id) !== isFeatureOn(next, feature.id));
        // A list page whose rows' scope changed is redrawn from scratch.
        const scopeChanged = next.repos.join('\n') !== settings.repos.join('\n');
        const rulesRunChanged = next.offRules !== settings.offRules;
        settings = next;
        refresh([...switched.map((feature) => parentOf.get(feature.id)).filter(Boolean),
          ...(scopeChanged ? ['list-badges'] : [])]);
        // The background's features change what the open pull request's review reads (whole files
        // or hunks), the off-rules switch which rules it runs: it is reviewed again, in place.
        if (rulesRunChanged || switched.some((feature) => feature.runsIn === 'background')) reviewAgain();
      });
      // Another pack may change the scope and every result: the list is redrawn, features follow
      // the scope, and an open pull request page is reviewed again under the new pack, in place.
      onPacksChanged(storage, (next) => {
        packs = next;
        refresh(['list-badges']);
        reviewAgain();
      });
    },
  });
}

main();
