// A small git repository made for a test, and its `git archive --format=tar.gz` (the bytes GitHub's
// archive/<sha>.tar.gz serves): {commit, committedAt (ms), targz}.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const git = (cwd, ...args) => execFileSync('git', args, {
  cwd, maxBuffer: 256 * 1024 * 1024,
  env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.invalid', GIT_COMMITTER_NAME: 't',
    GIT_COMMITTER_EMAIL: 't@example.invalid', GIT_COMMITTER_DATE: '2026-06-20T12:00:00Z', GIT_CONFIG_NOSYSTEM: '1', HOME: cwd },
});

/** `files`: {path: text}; `symlinks`: {path: target}; `prefix`: the archive's top folder. */
export function gitArchive({ files, symlinks = {}, prefix = 'ATOM-abc123/' }) {
  const dir = mkdtempSync(join(tmpdir(), 'snapshot-repo-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, dirname(path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  for (const [path, target] of Object.entries(symlinks)) symlinkSync(target, join(dir, path));
  git(dir, 'init', '-q');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'snapshot');
  const commit = git(dir, 'rev-parse', 'HEAD').toString().trim();
  const committedAt = Number(git(dir, 'show', '-s', '--format=%ct', 'HEAD').toString().trim()) * 1000;
  const targz = git(dir, 'archive', '--format=tar.gz', `--prefix=${prefix}`, 'HEAD');
  rmSync(dir, { recursive: true, force: true });
  return { commit, committedAt, targz };
}
