import assert from 'node:assert/strict';
import { test } from 'node:test';
import { textWithDraftAppended } from '../../extension/content/comment-field.js';

test('the draft goes after what the box holds, one blank line between', () => {
  assert.equal(textWithDraftAppended('LGTM', '## ATOM PR #1'), 'LGTM\n\n## ATOM PR #1');
  assert.equal(textWithDraftAppended('LGTM\n\n\n  ', '## ATOM PR #1'), 'LGTM\n\n## ATOM PR #1');
  assert.equal(textWithDraftAppended('', '## ATOM PR #1'), '## ATOM PR #1');
  assert.equal(textWithDraftAppended(' \n', '## ATOM PR #1'), '## ATOM PR #1');
});

test('a draft replaces our previous one only while it is unedited at the end of the box', async () => {
  const { planDraftInsertion } = await import('../../extension/content/comment-field.js');
  const apply = (current, plan) => current.slice(0, plan.start) + plan.text + current.slice(plan.end);
  const first = 'LGTM\n\n## ATOM PR #1 — old';
  assert.equal(apply(first, planDraftInsertion(first, '## ATOM PR #1 — new', '## ATOM PR #1 — old')),
    'LGTM\n\n## ATOM PR #1 — new');
  const edited = 'LGTM\n\n## ATOM PR #1 — old, and my words';
  assert.equal(apply(edited, planDraftInsertion(edited, '## ATOM PR #1 — new', '## ATOM PR #1 — old')),
    `${edited}\n\n## ATOM PR #1 — new`);
  assert.equal(apply('LGTM  \n', planDraftInsertion('LGTM  \n', 'D', null)), 'LGTM\n\nD');
  assert.equal(apply('', planDraftInsertion('', 'D', null)), 'D');
});
