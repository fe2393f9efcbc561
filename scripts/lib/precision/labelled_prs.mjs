// Real PRs outside the corpus whose findings can be labelled too: the checklist's cited PRs
// (../shared/labeled/checklist/<case>/pr.diff), the bug-introducing and bug-fixing PRs of the
// SZZ set (../shared/labeled/szz/<case>/intro.diff, fix.diff), and the PRs reviewers judged in the
// extension (../shared/labeled/field/<case>/pr.diff, written by scripts/import-labels, with the
// files the review read whole in `head/`). No whole files ship with the checklist's and the SZZ
// set's; scripts/corpus-trees finds in the window bundles the head versions of some of their files
// (by the diffs' blob ids), so a PR with any is reviewed whole too (labelledHead), the rest of its
// files from their hunks. A label names one by its commit's sha10 (a field PR by its head commit's),
// as it names a corpus diff.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';

const SETS = [
  { set: 'checklist', diff: 'pr.diff', sha: (m) => m.sha, number: (m) => m.number, title: (m) => m.title, body: (m) => m.body },
  { set: 'szz', diff: 'intro.diff', sha: (m) => m.intro_sha, number: (m) => m.intro_number, title: (m) => m.intro_title, body: (m) => m.intro_body },
  { set: 'szz', diff: 'fix.diff', sha: (m) => m.fix_sha, number: (m) => m.fix_number, title: (m) => m.fix_title, body: (m) => m.fix_body },
  { set: 'field', diff: 'pr.diff', sha: (m) => m.sha, number: (m) => m.number, title: (m) => m.title, body: (m) => m.body, ownHead: true },
];

// What else of a field PR's meta the review had: its GitHub labels (A2 reads them) and its commits.
export const FIELD_META = ['labels', 'head_sha', 'base_sha', 'base_ref'];

const fullRepo = (name) => (name.includes('/') ? name : name.toLowerCase() === 'aiter' ? 'ROCm/aiter' : 'ROCm/ATOM');

// [{repo, commit, set, name, stem, diff, meta}], meta being what `review --meta` takes; a case whose
// commit is also a corpus diff is left out (the corpus, with its whole files, already covers it).
export function labelledPrs(shared) {
  const prs = [];
  for (const source of SETS) {
    const folder = join(shared, 'labeled', source.set);
    if (!existsSync(folder)) continue;
    for (const name of readdirSync(folder).sort()) {
      const metaPath = join(folder, name, 'meta.json');
      const diff = join(folder, name, source.diff);
      if (!existsSync(metaPath) || !existsSync(diff)) continue;
      const labelled = JSON.parse(readFileSync(metaPath, 'utf8'));
      const sha = String(source.sha(labelled) ?? '');
      if (!/^[0-9a-f]{10,40}$/.test(sha)) continue;
      const repo = fullRepo(String(labelled.repo ?? 'ATOM'));
      const commit = sha.slice(0, 10);
      if (existsSync(join(shared, 'corpus', repo.slice(repo.indexOf('/') + 1).toLowerCase(), `${commit}.diff`))) continue;
      const number = Number(source.number(labelled));
      const meta = { repo, title: source.title(labelled) ?? '', body: source.body(labelled) ?? '', ...(Number.isInteger(number) ? { number } : {}) };
      const pr = { repo, commit, set: source.set, name, stem: basename(source.diff, '.diff'), diff, meta };
      if (source.ownHead) {
        for (const field of FIELD_META) if (labelled[field] !== undefined) meta[field] = labelled[field];
        if (existsSync(join(folder, name, 'head'))) pr.head = join(folder, name, 'head');
      }
      prs.push(pr);
    }
  }
  return prs;
}

// The folder of `pr`'s head files: a field PR's own, else under the corpus trees
// (scripts/corpus-trees); null when there are none.
export function labelledHead(trees, pr) {
  if (pr.head) return pr.head;
  if (!trees) return null;
  const head = join(trees, 'labelled', pr.set, pr.name, pr.stem, 'head');
  return existsSync(head) ? head : null;
}
