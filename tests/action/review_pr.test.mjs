// scripts/action/review-pr, the GitHub Action's logic, run locally against a fake pull_request
// event: a temp git repository with a base and a head commit, and the runner's files in a temp dir.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import test from 'node:test';

import {
  cliMissing, cliReviewJson, cliWithEveryRuleStable, makeWorkspace, pullRequestEvent, readOutputs, runReviewPr,
} from './support/fake_actions.mjs';

const BASE = { 'atom/model_engine/model_runner.py': 'import torch\n\n\ndef run(x):\n    return x\n' };
// A TODO on an added line of a Tier 1 file: at least one finding (warn when its rule is stable).
const HEAD = { 'atom/model_engine/model_runner.py': 'import torch\n\n\ndef run(x):\n    # TODO: remove this workaround\n    return x\n' };

function workspaceWithEvent(t, overrides = {}) {
  const workspace = makeWorkspace(t, BASE, HEAD);
  const event = pullRequestEvent({
    number: 42, title: 'Speed up the runner', body: 'Why: faster decode.', labels: ['perf', 'tier-1'],
    author: 'alice', baseSha: workspace.baseSha, headSha: workspace.headSha, repo: 'ROCm/ATOM', ...overrides,
  });
  writeFileSync(workspace.eventPath, JSON.stringify(event));
  return workspace;
}

function expectOneErrorLine(run, pattern) {
  assert.equal(run.status, 2, run.stderr);
  const lines = run.stderr.split('\n').filter(Boolean);
  assert.equal(lines.length, 1, run.stderr);
  assert.match(lines[0], /^atom-review: /);
  assert.match(lines[0], pattern);
}

test('reviews the PR: SARIF file, job summary and outputs', { skip: cliMissing }, (t) => {
  const workspace = workspaceWithEvent(t);
  // Every rule stable, so the TODO's rule runs and warns whatever its labels made of it.
  const cli = cliWithEveryRuleStable(workspace);
  const run = runReviewPr(workspace, {}, { ATOM_REVIEW_CLI: cli });
  assert.equal(run.status, 0, run.stderr);

  const meta = JSON.parse(readFileSync(path.join(workspace.outDir, 'pr-meta.json'), 'utf8'));
  assert.deepEqual(meta, {
    repo: 'ROCm/ATOM', number: 42, title: 'Speed up the runner', body: 'Why: faster decode.',
    labels: ['perf', 'tier-1'], author: 'alice', base_sha: workspace.baseSha, head_sha: workspace.headSha,
  });
  const reference = cliReviewJson(workspace, meta, cli);
  const outputs = readOutputs(workspace.outputPath);
  const count = (severity) => String(reference.findings.filter((f) => f.severity === severity).length);
  assert.equal(outputs.verdict, reference.verdict);
  assert.equal(outputs.red, count('red'));
  assert.equal(outputs.warn, count('warn'));
  assert.equal(outputs.note, count('note'));
  assert.ok(reference.findings.some((f) => f.rule === 'HK4'), 'the TODO gives a finding');

  assert.equal(outputs.sarif, path.join(workspace.outDir, 'atom-review.sarif'));
  assert.equal(outputs.report, outputs.sarif);
  const sarif = JSON.parse(readFileSync(outputs.sarif, 'utf8'));
  assert.equal(sarif.version, '2.1.0');
  assert.equal(sarif.runs[0].results.length, reference.findings.length);
  assert.ok(sarif.runs[0].results.every((r) => r.locations[0].physicalLocation.artifactLocation.uri === 'atom/model_engine/model_runner.py'));

  const summary = readFileSync(workspace.summaryPath, 'utf8');
  assert.ok(summary.startsWith('## ATOM PR #42'), summary.slice(0, 80));
  assert.ok(summary.includes('model_runner.py'));
});

test('the step summary is appended to, not overwritten', { skip: cliMissing }, (t) => {
  const workspace = workspaceWithEvent(t);
  writeFileSync(workspace.summaryPath, '# Earlier step\n');
  assert.equal(runReviewPr(workspace).status, 0);
  const summary = readFileSync(workspace.summaryPath, 'utf8');
  assert.ok(summary.startsWith('# Earlier step\n## ATOM PR #42'), summary.slice(0, 80));
});

test('fail-on: exit 1 only when a finding reaches the threshold, outputs written either way', { skip: cliMissing }, (t) => {
  const workspace = workspaceWithEvent(t);
  const env = { ATOM_REVIEW_CLI: cliWithEveryRuleStable(workspace) };  // the TODO is a warning
  const warnGate = runReviewPr(workspace, { failOn: 'warn' }, env);
  assert.equal(warnGate.status, 1, warnGate.stderr);
  assert.match(warnGate.stderr, /at or above 'warn'/);
  assert.ok(existsSync(path.join(workspace.outDir, 'atom-review.sarif')));
  assert.ok(readOutputs(workspace.outputPath).verdict);

  const redGate = runReviewPr(workspace, { failOn: 'red' }, env);
  assert.equal(redGate.status, readOutputs(workspace.outputPath).red === '0' ? 0 : 1, redGate.stderr);
});

test('format json: the report is the result JSON and no SARIF output is set', { skip: cliMissing }, (t) => {
  const workspace = workspaceWithEvent(t);
  const run = runReviewPr(workspace, { format: 'json' });
  assert.equal(run.status, 0, run.stderr);
  const outputs = readOutputs(workspace.outputPath);
  assert.equal(outputs.sarif, undefined);
  assert.equal(JSON.parse(readFileSync(outputs.report, 'utf8')).schema, 'atom-review/1');
  assert.ok(readFileSync(workspace.summaryPath, 'utf8').startsWith('## ATOM PR #42'));
});

test('a commit missing from the checkout (shallow clone): exit 2 pointing at fetch-depth', { skip: cliMissing }, (t) => {
  const workspace = workspaceWithEvent(t, { baseSha: 'a'.repeat(40) });
  const run = runReviewPr(workspace);
  expectOneErrorLine(run, new RegExp(`git diff ${'a'.repeat(40)}\\.\\.\\.${workspace.headSha} failed: .*fetch-depth: 0`));
});

test('unreadable event payload: exit 2, one line naming the file', (t) => {
  const workspace = makeWorkspace(t, BASE, HEAD);
  expectOneErrorLine(runReviewPr(workspace), new RegExp(`${workspace.eventPath}: cannot read the event payload \\(ENOENT\\)`));
  expectOneErrorLine(runReviewPr(workspace, {}, { GITHUB_EVENT_PATH: '' }), /GITHUB_EVENT_PATH is not set/);
});

test('malformed event JSON: exit 2, one line naming the file', (t) => {
  const workspace = makeWorkspace(t, BASE, HEAD);
  writeFileSync(workspace.eventPath, '{"pull_request": {"number": 1,');
  expectOneErrorLine(runReviewPr(workspace), new RegExp(`${workspace.eventPath}: event payload is not valid JSON`));
});

test('not a pull_request event, or commit ids missing: exit 2', (t) => {
  const workspace = makeWorkspace(t, BASE, HEAD);
  writeFileSync(workspace.eventPath, JSON.stringify({ ref: 'refs/heads/main', commits: [] }));
  expectOneErrorLine(runReviewPr(workspace), /no "pull_request" in the event payload/);
  const event = pullRequestEvent({ number: 1, title: 't', body: '', labels: [], author: 'a',
    baseSha: 'main', headSha: workspace.headSha, repo: 'ROCm/ATOM' });
  writeFileSync(workspace.eventPath, JSON.stringify(event));
  expectOneErrorLine(runReviewPr(workspace), /pull_request\.base\.sha is not a 40-digit commit id/);
});

test('a PR whose diff is empty is not a diff: exit 2 with the CLI\'s line', { skip: cliMissing }, (t) => {
  const workspace = makeWorkspace(t, BASE, HEAD);
  const event = pullRequestEvent({ number: 7, title: 't', body: '', labels: [], author: 'a',
    baseSha: workspace.headSha, headSha: workspace.headSha, repo: 'ROCm/ATOM' });
  writeFileSync(workspace.eventPath, JSON.stringify(event));
  expectOneErrorLine(runReviewPr(workspace), /pr\.diff:1: empty input, not a diff/);
  assert.equal(existsSync(workspace.summaryPath), false);
});

test('bad inputs: exit 2 naming the input', (t) => {
  const workspace = workspaceWithEvent(t);
  expectOneErrorLine(runReviewPr(workspace, { format: 'xml' }), /format must be sarif, json or markdown, not 'xml'/);
  expectOneErrorLine(runReviewPr(workspace, { failOn: 'note' }), /fail-on must be red, warn or empty, not 'note'/);
  expectOneErrorLine(runReviewPr(workspace, {}, { ATOM_REVIEW_CLI: path.join(workspace.root, 'no-such-cli') }), /no-such-cli: spawnSync .* ENOENT/);
});

// pick(): a file the PR changes near its end; checked out at the head, the action hands it over whole.
const PICK_BASE = ['def pick(dtype, x):', '    log(dtype)',
  ...Array.from({ length: 9 }, (_, i) => `    step_${i + 3}(x)`), '    return kernel(x)', ''].join('\n');
const PICK_HEAD = PICK_BASE.replace('    return kernel(x)', ['    if dtype == "bf16":', '        kernel = bf16_kernel',
  '    elif dtype == "fp8":', '        kernel = fp8_kernel', '    return kernel(x)'].join('\n'));

test('checked out at the head, the engine reads the touched files whole (--repo)', { skip: cliMissing }, (t) => {
  const path_ = 'atom/model_ops/pick.py';
  const workspace = makeWorkspace(t, { [path_]: PICK_BASE }, { [path_]: PICK_HEAD });
  writeFileSync(workspace.eventPath, JSON.stringify(pullRequestEvent({
    number: 43, title: 'Pick the kernel by dtype', body: 'Adds bf16 and fp8.', labels: [], author: 'alice',
    baseSha: workspace.baseSha, headSha: workspace.headSha, repo: 'ROCm/ATOM',
  })));
  const run = runReviewPr(workspace, { format: 'json' });
  assert.equal(run.status, 0, run.stderr);
  const result = JSON.parse(readFileSync(path.join(workspace.outDir, 'atom-review.json'), 'utf8'));
  const meta = JSON.parse(readFileSync(path.join(workspace.outDir, 'pr-meta.json'), 'utf8'));
  const diffOnly = cliReviewJson(workspace, meta);
  // Which rules read the whole file is the engine's business (tests/cpp); here: the action passed it.
  assert.deepEqual(diffOnly.files.map((file) => [file.source, file.source_reason]), [['hunks', 'not-provided']]);
  assert.ok(result.files.every((file) => file.source === 'whole'), JSON.stringify(result.files));
  assert.deepEqual(result.errors, []);
});

