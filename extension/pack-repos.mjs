// Build time (Node): the repositories the built-in packs are for, read from core/packs/*.json, the
// packs the engine embeds. build.mjs hands them to the bundles as the module `atom-built-in-repos`,
// so the extension's default scope is the packs' and there is no second list to keep in step.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export function builtInRepos(packsDir) {
  const repos = readdirSync(packsDir).filter((name) => name.endsWith('.json')).sort().flatMap((name) => {
    const pack = JSON.parse(readFileSync(join(packsDir, name), 'utf8'));
    if (!Array.isArray(pack.repos)) throw new Error(`${name}: a pack's "repos" must be a list`);
    return pack.repos;
  });
  return [...new Set(repos)];
}

/** An esbuild plugin resolving `import repos from 'atom-built-in-repos'` to that list. */
export function builtInReposPlugin(packsDir) {
  return {
    name: 'atom-built-in-repos',
    setup(build) {
      build.onResolve({ filter: /^atom-built-in-repos$/ }, () => ({ path: 'atom-built-in-repos', namespace: 'atom-packs' }));
      build.onLoad({ filter: /.*/, namespace: 'atom-packs' }, () => ({
        contents: JSON.stringify(builtInRepos(packsDir)), loader: 'json', watchFiles: [packsDir],
      }));
    },
  };
}
