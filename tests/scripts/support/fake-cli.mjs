// A stand-in for atom-review in the corpus-diff tests: `node fake-cli.mjs VARIANT batch|review ...`.
// Its findings for <dir>/<sha10>.diff are whatever <dir>/<sha10>.<VARIANT>.<hunks|whole>.json holds
// (none when absent); a diff whose text is "unreadable" fails. `review --repo` insists on
// `.../<repo>/<sha10>/head` for that very diff, so a wrong --repo shows as a failure; `review`
// without it answers from the hunks; `--format sarif` wraps the result.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

const [variant, command, ...args] = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const stem = (diff) => basename(diff, '.diff');

function result(diff, mode) {
  if (readFileSync(diff, 'utf8').trim() === 'unreadable') return null;
  const canned = join(dirname(diff), `${stem(diff)}.${variant}.${mode}.json`);
  const meta = join(dirname(diff), `${stem(diff)}.meta.json`);
  return {
    pr: existsSync(meta) ? JSON.parse(readFileSync(meta, 'utf8')) : {},
    findings: existsSync(canned) ? JSON.parse(readFileSync(canned, 'utf8')) : [],
  };
}

if (command === 'batch') {
  const dir = args.at(-1);
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.diff')).sort()) {
    const input = join(dir, name);
    const reviewed = result(input, 'hunks');
    console.log(JSON.stringify(reviewed ? { ...reviewed, input } : { error: `${input}: unreadable`, input }));
  }
  console.log(JSON.stringify({ summary: {} }));
} else if (command === 'review') {
  const diff = args.at(-1);
  const repo = option('--repo');
  const wanted = join(basename(dirname(diff)), stem(diff), 'head');
  const reviewed = result(diff, repo === undefined ? 'hunks' : 'whole');
  if ((repo !== undefined && (!repo.endsWith(wanted) || !existsSync(repo))) || !reviewed) {
    console.error(`atom-review: ${diff}: cannot review (repo ${repo})`);
    process.exit(2);
  }
  console.log(JSON.stringify(option('--format') === 'sarif' ? { sarif: reviewed } : reviewed));
} else {
  process.exit(2);
}
