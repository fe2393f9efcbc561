// The corpus pull requests: <corpus>/<repo>/<sha10>.diff with <sha10>.meta.json beside it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const CORPUS_REPOS = ['atom', 'aiter'];

// Every corpus PR, by repo then commit: {repo, sha10, diff, meta (null when absent), number}.
export function corpusPrs(corpus) {
  const prs = [];
  for (const repo of CORPUS_REPOS) {
    const dir = join(corpus, repo);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir).filter((n) => n.endsWith('.diff')).sort()) {
      const sha10 = name.slice(0, -'.diff'.length);
      const metaPath = join(dir, `${sha10}.meta.json`);
      const meta = existsSync(metaPath) ? metaPath : null;
      const number = meta ? JSON.parse(readFileSync(meta, 'utf8')).number ?? null : null;
      prs.push({ repo, sha10, diff: join(dir, name), meta, number });
    }
  }
  return prs;
}
