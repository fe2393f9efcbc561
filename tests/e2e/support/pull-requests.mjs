// The pull requests the e2e tests show, and the meta the background sends for them.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { GHOST_AUTHOR } from './fixture-pages.mjs';
import { REPO_ROOT, SHARED_DIR } from './paths.mjs';

export const DEMO_PR = {
  owner: 'ROCm', repo: 'ATOM', number: 4242, title: 'Capture CUDA graphs largest batch first; MLA decode fast path',
  author: 'example-dev',
};
export const demoDiff = () => readFileSync(join(REPO_ROOT, 'tests', 'e2e', 'fixtures', 'atom-demo.diff'));

/** Every file under `dir` as {path (relative, with /): bytes}. */
export function filesUnder(dir, prefix = '') {
  return Object.fromEntries(readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return Object.entries(filesUnder(join(dir, entry.name), path));
    return entry.isFile() ? [[path, readFileSync(join(dir, entry.name))]] : [];
  }));
}

/** The demo PR's touched files as they stand at its head (the deleted one is not there). */
export const demoHeadFiles = () => filesUnder(join(REPO_ROOT, 'tests', 'e2e', 'fixtures', 'atom-demo-head'));

/**
 * {path: 1} for each demo head file the extension downloads once, given the reference review of
 * the demo: all but those the demo adds (an added file is whole in the diff) — at least one.
 */
export function demoDownloadsOnce(reference) {
  const added = new Set(reference.files.filter((file) => file.status === 'added').map((file) => file.path));
  if (added.size === 0) throw new Error('the demo adds no file: nothing shows that added files are not downloaded');
  return Object.fromEntries(Object.keys(demoHeadFiles()).filter((path) => !added.has(path)).sort().map((path) => [path, 1]));
}

/** The largest ATOM corpus diff under 200 KB: many files, still quick to render. Needs ../shared. */
export function corpusDiff() {
  const dir = join(SHARED_DIR, 'corpus', 'atom');
  const [largest] = readdirSync(dir).filter((name) => name.endsWith('.diff'))
    .map((name) => ({ name, size: statSync(join(dir, name)).size }))
    .filter(({ size }) => size < 200_000)
    .sort((a, b) => b.size - a.size || a.name.localeCompare(b.name));
  return readFileSync(join(dir, largest.name));
}

/** The meta the extension passes to the engine for `pr`: the title and author come from the page's title. */
export const backgroundMeta = (pr) => ({
  repo: `${pr.owner}/${pr.repo}`, number: pr.number, title: pr.title, author: pr.author ?? GHOST_AUTHOR,
});

export const FILES_TABS = [{ ui: 'classic', tab: 'files' }, { ui: 'react', tab: 'changes' }];

export async function openFilesPage(context, pr, tab) {
  const page = await context.newPage();
  await page.goto(`https://github.com/${pr.owner}/${pr.repo}/pull/${pr.number}/${tab}`);
  return page;
}
