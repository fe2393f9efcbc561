// options/rule-catalogue.js: a rule's measured status and what labels would move it, in words.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { nextStatusText, ruleStatusText } from '../../extension/options/rule-catalogue.js';

test('a rule\'s status in words: its precision on its labels, or not measured yet', () => {
  assert.equal(ruleStatusText({ status: 'preview', precision: 36 / 42, labels: 42 }), 'preview, 86% on 42 labels');
  assert.equal(ruleStatusText({ status: 'preview', precision: 1, labels: 1 }), 'preview, 100% on 1 label');
  assert.equal(ruleStatusText({ status: 'preview', precision: null, labels: 0 }), 'preview, not measured yet');
  assert.equal(ruleStatusText(undefined), '');
});

test('what labels would move a rule: to stable, back to preview, or nothing said', () => {
  assert.equal(nextStatusText({ next_status: { status: 'stable', worth_raising_in_a_row: 18 } }),
    'stable after 18 more worth raising in a row');
  assert.equal(nextStatusText({ next_status: { status: 'preview', worth_raising_in_a_row: 2 } }),
    'back to preview after 2 more worth raising in a row');
  for (const rule of [{ next_status: null }, {}, { next_status: { status: 'stable', worth_raising_in_a_row: 'x' } }, undefined]) {
    assert.equal(nextStatusText(rule), '', JSON.stringify(rule));
  }
});
