// The options page's list of pull requests with verdicts, read from all of storage.local.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseVerdicts, pullRequestsWithVerdicts } from '../../extension/shared/verdicts.js';

const verdict = (line, value, exported = false) => ({ rule: 'B4', path: 'a.py', line, verdict: value, exported });

test('each pull request with verdicts, newest first, with its counts and how many are not exported yet', () => {
  const items = {
    'atom-review:pr:ROCm/ATOM#7@0123456789abcdef0123456789abcdef01234567': {
      verdicts: [verdict(1, 'TP', true), verdict(2, 'FP'), verdict(3, 'TP')], savedAt: 10 },
    'atom-review:pr:ghe.example.com/team/engine#12@00ff00ff00ff00ff': { verdicts: [verdict(4, 'LOW', true)], savedAt: 20 },
    'atom-review:pr:ROCm/aiter#3@abcdef': { checked: ['x'], dismissed: [], savedAt: 30 }, // no verdicts
    'atom-review:pr:ROCm/aiter#4@abcdef': { verdicts: [verdict(1, 'maybe'), 'TP'], savedAt: 40 }, // none readable
    'atom-review:pr:not a key': { verdicts: [verdict(1, 'TP')] },
    'atom-review:panel-collapsed': true,
  };
  assert.deepEqual(pullRequestsWithVerdicts(items), [
    { pr: { host: 'ghe.example.com', owner: 'team', repo: 'engine', number: 12 }, head: '00ff00ff00ff00ff',
      counts: { TP: 0, LOW: 1, FP: 0 }, unexported: 0, savedAt: 20 },
    { pr: { host: 'github.com', owner: 'ROCm', repo: 'ATOM', number: 7 }, head: '0123456789abcdef0123456789abcdef01234567',
      counts: { TP: 2, LOW: 0, FP: 1 }, unexported: 2, savedAt: 10 },
  ]);
  assert.deepEqual(pullRequestsWithVerdicts(undefined), []);
});

test('stored verdicts of the wrong shape are dropped; the rest are read with their defaults', () => {
  assert.deepEqual(parseVerdicts([{ rule: 'P1', path: null, line: null, verdict: 'LOW', side: 'sideways', why: 3 }, { rule: 'P1', verdict: 'TP' }, null]),
    [{ rule: 'P1', message_id: '', path: null, line: null, side: 'new', severity: '', verdict: 'LOW', why: '', exported: false }]);
  assert.deepEqual(parseVerdicts('TP'), []);
});
