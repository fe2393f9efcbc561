// A stand-in for the GitHub Actions runner: a temp git repository with a base and a head commit,
// a pull_request event payload, and a run of scripts/action/review-pr with the runner's files.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const reviewPrScript = path.join(repoRoot, 'scripts/action/review-pr');
export const sourceHashScript = path.join(repoRoot, 'scripts/action/source-hash');
export const cliPath = process.env.ATOM_REVIEW_CLI || path.join(repoRoot, 'build/native/atom-review');
export const cliMissing = existsSync(cliPath) ? false : `${cliPath} not built`;

// git without the user's or the machine's configuration.
const gitEnv = {
  ...process.env,
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_AUTHOR_NAME: 'Test', GIT_AUTHOR_EMAIL: 'test@example.com',
  GIT_COMMITTER_NAME: 'Test', GIT_COMMITTER_EMAIL: 'test@example.com',
};

export function git(cwd, ...args) {
  const run = spawnSync('git', args, { cwd, env: gitEnv, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`git ${args.join(' ')}: ${run.stderr}`);
  return run.stdout.trim();
}

function writeFiles(dir, files) {
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
}

// A temp folder (removed by `cleanup`) holding `repo/` with two commits and the runner's files.
export function makeWorkspace(t, baseFiles, headFiles) {
  const root = mkdtempSync(path.join(tmpdir(), 'atom-action-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const repo = path.join(root, 'repo');
  mkdirSync(repo);
  git(repo, 'init', '-q', '-b', 'main');
  writeFiles(repo, baseFiles);
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'base');
  const baseSha = git(repo, 'rev-parse', 'HEAD');
  writeFiles(repo, headFiles);
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'head');
  const headSha = git(repo, 'rev-parse', 'HEAD');
  return {
    root, repo, baseSha, headSha,
    eventPath: path.join(root, 'event.json'),
    summaryPath: path.join(root, 'summary.md'),
    outputPath: path.join(root, 'output.txt'),
    outDir: path.join(root, 'out'),
  };
}

// The parts of a `pull_request` event payload the action reads (and a few it does not).
export function pullRequestEvent({ number, title, body, labels, author, baseSha, headSha, repo }) {
  return {
    action: 'synchronize',
    number,
    pull_request: {
      number, title, body, state: 'open',
      labels: labels.map((name) => ({ id: 1, name, color: 'ededed' })),
      user: { login: author, type: 'User' },
      base: { sha: baseSha, ref: 'main', repo: { full_name: repo } },
      head: { sha: headSha, ref: 'feature', repo: { full_name: `fork/${repo.split('/')[1]}` } },
    },
    repository: { full_name: repo },
  };
}

// Runs review-pr as the composite action's step does, in the workspace's repository.
export function runReviewPr(workspace, inputs = {}, env = {}) {
  const run = spawnSync(process.execPath, [reviewPrScript], {
    cwd: workspace.repo,
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      GIT_CONFIG_GLOBAL: '/dev/null',
      GITHUB_EVENT_PATH: workspace.eventPath,
      GITHUB_STEP_SUMMARY: workspace.summaryPath,
      GITHUB_OUTPUT: workspace.outputPath,
      ATOM_REVIEW_CLI: cliPath,
      ATOM_REVIEW_OUT: workspace.outDir,
      INPUT_FAIL_ON: inputs.failOn ?? '',
      INPUT_FORMAT: inputs.format ?? '',
      ...env,
    },
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

// An atom-review that gives every rule the stable status (`review --rule-status`), for tests of the
// gate: with the measured statuses (core/rules/rule_status.json) a preview rule reports notes only.
export function cliWithEveryRuleStable(workspace) {
  const rules = JSON.parse(spawnSync(cliPath, ['rules', '--format', 'json'], { encoding: 'utf8' }).stdout);
  const statusPath = path.join(workspace.root, 'all-stable.json');
  writeFileSync(statusPath, JSON.stringify({ rules: Object.fromEntries(rules.map((r) => [r.id, { status: 'stable' }])) }));
  const wrapper = path.join(workspace.root, 'atom-review-all-stable');
  const quote = (text) => `'${text.replaceAll("'", "'\\''")}'`;
  writeFileSync(wrapper, `#!/bin/sh\ncommand="$1"; shift\nexec ${quote(cliPath)} "$command" --rule-status ${quote(statusPath)} "$@"\n`);
  chmodSync(wrapper, 0o755);
  return wrapper;
}

// GITHUB_OUTPUT's name=value lines as an object.
export function readOutputs(file) {
  if (!existsSync(file)) return {};
  return Object.fromEntries(readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => {
    const at = line.indexOf('=');
    return [line.slice(0, at), line.slice(at + 1)];
  }));
}

// What atom-review itself (or the given CLI) says about the same diff and meta: the reference for the outputs.
export function cliReviewJson(workspace, meta, cli = cliPath) {
  const diff = git(workspace.repo, 'diff', `${workspace.baseSha}...${workspace.headSha}`) + '\n';
  const diffPath = path.join(workspace.root, 'reference.diff');
  const metaPath = path.join(workspace.root, 'reference-meta.json');
  writeFileSync(diffPath, diff);
  writeFileSync(metaPath, JSON.stringify(meta));
  const run = spawnSync(cli, ['review', '--format', 'json', '--meta', metaPath, diffPath], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`atom-review failed: ${run.stderr}`);
  return JSON.parse(run.stdout);
}
