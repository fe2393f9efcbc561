import assert from 'node:assert/strict';
import { test } from 'node:test';
import { textWithDraftAppended } from '../../extension/content/comment-field.js';

test('the draft goes after what the box holds, one blank line between', () => {
  assert.equal(textWithDraftAppended('LGTM', '## ATOM PR #1'), 'LGTM\n\n## ATOM PR #1');
  assert.equal(textWithDraftAppended('LGTM\n\n\n  ', '## ATOM PR #1'), 'LGTM\n\n## ATOM PR #1');
  assert.equal(textWithDraftAppended('', '## ATOM PR #1'), '## ATOM PR #1');
  assert.equal(textWithDraftAppended(' \n', '## ATOM PR #1'), '## ATOM PR #1');
});
