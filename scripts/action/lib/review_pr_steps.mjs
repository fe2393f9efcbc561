// The steps of scripts/action/review-pr, each failing with an ActionInputError (one line) on input
// that cannot be used.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

export class ActionInputError extends Error {}

const SHA = /^[0-9a-f]{40}$/;

export function readEvent(eventPath) {
  if (!eventPath) throw new ActionInputError('GITHUB_EVENT_PATH is not set (run on a pull_request event)');
  let text;
  try {
    text = readFileSync(eventPath, 'utf8');
  } catch (error) {
    throw new ActionInputError(`${eventPath}: cannot read the event payload (${error.code ?? error.message})`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ActionInputError(`${eventPath}: event payload is not valid JSON (${error.message})`);
  }
}

// The PR.json of contract.md, from a pull_request (or pull_request_target) event payload.
export function metaFromEvent(event, eventPath) {
  const pr = event?.pull_request;
  if (!pr || typeof pr !== 'object') {
    throw new ActionInputError(`${eventPath}: no "pull_request" in the event payload (run on pull_request events)`);
  }
  const baseSha = pr.base?.sha;
  const headSha = pr.head?.sha;
  for (const [name, sha] of [['pull_request.base.sha', baseSha], ['pull_request.head.sha', headSha]]) {
    if (typeof sha !== 'string' || !SHA.test(sha)) {
      throw new ActionInputError(`${eventPath}: ${name} is not a 40-digit commit id`);
    }
  }
  const labels = Array.isArray(pr.labels) ? pr.labels.map((label) => label?.name).filter((name) => typeof name === 'string') : [];
  return {
    repo: event.repository?.full_name ?? pr.base?.repo?.full_name ?? '',
    number: Number.isInteger(pr.number) ? pr.number : 0,
    title: typeof pr.title === 'string' ? pr.title : '',
    body: typeof pr.body === 'string' ? pr.body : '',
    labels,
    author: typeof pr.user?.login === 'string' ? pr.user.login : '',
    base_sha: baseSha,
    head_sha: headSha,
  };
}

// `git diff base...head` in the current directory, with a/ b/ prefixes whatever the local config.
export function diffBetween(baseSha, headSha) {
  const args = ['-c', 'core.quotePath=true', 'diff', '--no-color', '--no-ext-diff', '--no-textconv',
    '--src-prefix=a/', '--dst-prefix=b/', '-M', `${baseSha}...${headSha}`];
  const git = spawnSync('git', args, { encoding: 'buffer', maxBuffer: 1 << 30 });
  if (git.error) throw new ActionInputError(`git: ${git.error.message}`);
  if (git.status !== 0) {
    const reason = git.stderr.toString('utf8').trim().split('\n')[0];
    throw new ActionInputError(`git diff ${baseSha}...${headSha} failed: ${reason} ` +
      '(check out with fetch-depth: 0 so both commits are present)');
  }
  return git.stdout;
}

// Runs atom-review; exit 2 becomes an ActionInputError carrying its one-line reason.
/**
 * The checkout's top folder when it stands at `headSha` (the files the engine may read whole with
 * `--repo`), else null: a merge-ref or base checkout holds other files than the PR's head.
 */
export function checkoutAtHead(headSha) {
  const head = spawnSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' });
  if (head.status !== 0 || head.stdout.trim() !== headSha) return null;
  const top = spawnSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' });
  return top.status === 0 ? top.stdout.trim() : null;
}

export function runCli(cli, args) {
  const run = spawnSync(cli, args, { encoding: 'utf8', maxBuffer: 1 << 30 });
  if (run.error) throw new ActionInputError(`${cli}: ${run.error.message}`);
  if (run.status === 0 || run.status === 1) return { status: run.status, stdout: run.stdout };
  const reason = run.stderr.trim().split('\n')[0].replace(/^atom-review: /, '');
  throw new ActionInputError(reason || `${cli} exited with status ${run.status}`);
}
