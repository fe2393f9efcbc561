// A finding's "Track record" line: the rule's hand-label counts as the engine reports them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { trackRecordText } from '../../extension/content/views/track-record.js';

test('a measured rule: how many of its labelled findings were worth raising, and its status', () => {
  assert.equal(trackRecordText('P1', { status: 'preview', labels: 42, tp: 36, low: 4, fp: 2 }),
    '36 of 42 hand-labelled P1 findings were worth raising (86%): a preview rule, so its findings are notes.');
  assert.equal(trackRecordText('B4', { status: 'stable', labels: 9, tp: 9, low: 0, fp: 0 }),
    '9 of 9 hand-labelled B4 findings were worth raising (100%): a stable rule.');
  assert.equal(trackRecordText('B5', { status: 'off', labels: 41, tp: 0, low: 26, fp: 15 }),
    '0 of 41 hand-labelled B5 findings were worth raising (0%): a rule that is off unless asked for.');
});

test('a rule nobody has labelled yet says so', () => {
  assert.equal(trackRecordText('F1', { status: 'preview', labels: 0, tp: 0, low: 0, fp: 0 }),
    'No hand-labelled F1 findings yet: a preview rule, so its findings are notes.');
});

test('no record (a pack\'s own rule) gives no line', () => {
  assert.equal(trackRecordText('MY1', undefined), null);
});
