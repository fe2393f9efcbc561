// Build time (Node): the built-in packs, read from core/packs/*.json (the packs the engine embeds;
// pack.schema.json is their format, not a pack). build.mjs hands them to the bundles as two
// modules: `atom-built-in-packs` ([{id, pack}], for the options page and the background's choice
// of pack) and `atom-built-in-repos` (their repositories, the default scope), so there is no
// second list to keep in step.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const SCHEMA_FILE = 'pack.schema.json';

/** [{id: 'built-in:atom', pack}] in file-name order. */
export function builtInPacks(packsDir) {
  return readdirSync(packsDir).filter((name) => name.endsWith('.json') && name !== SCHEMA_FILE).sort().map((name) => {
    const pack = JSON.parse(readFileSync(join(packsDir, name), 'utf8'));
    if (!Array.isArray(pack.repos)) throw new Error(`${name}: a pack's "repos" must be a list`);
    return { id: `built-in:${name.replace(/\.json$/, '')}`, pack };
  });
}

export function builtInRepos(packsDir) {
  return [...new Set(builtInPacks(packsDir).flatMap(({ pack }) => pack.repos))];
}

/** An esbuild plugin resolving `atom-built-in-repos` and `atom-built-in-packs` to those lists. */
export function builtInReposPlugin(packsDir) {
  const modules = { 'atom-built-in-repos': () => builtInRepos(packsDir), 'atom-built-in-packs': () => builtInPacks(packsDir) };
  return {
    name: 'atom-built-in-packs',
    setup(build) {
      build.onResolve({ filter: /^atom-built-in-(repos|packs)$/ }, (args) => ({ path: args.path, namespace: 'atom-packs' }));
      build.onLoad({ filter: /.*/, namespace: 'atom-packs' }, (args) => ({
        contents: JSON.stringify(modules[args.path]()), loader: 'json', watchFiles: [packsDir],
      }));
    },
  };
}
