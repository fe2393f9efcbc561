// The summary panel on a pull request's conversation and files pages, with the draft button.
import { findOnPage } from '../adapters/index.js';
import { appendDraftToField } from '../comment-field.js';
import { onDomChanges } from '../dom-changes.js';
import { matchPullRequestPage } from '../page-routes.js';
import { requestReview } from '../review-client.js';
import { PANEL, createErrorPanel, createPanel, removePanel } from '../views/panel.jsx';

async function draftInto(doc, draft) {
  const field = findOnPage(doc, 'commentBox');
  if (field) {
    appendDraftToField(field, draft);
    return 'Draft added to the comment box.';
  }
  try {
    await navigator.clipboard.writeText(draft);
    return 'No comment box is open here: the draft is on the clipboard.';
  } catch {
    return 'Open the comment or review box, then draft again.';
  }
}

// Above the files list or the timeline when the page has one, else floating; moved back there
// whenever a re-render takes it away.
function placePanel(doc, panel) {
  const place = findOnPage(doc, 'panelPlace');
  if (place) {
    panel.classList.remove('atom-review-panel-floating');
    if (place.previousElementSibling !== panel) place.before(panel);
  } else if (panel.parentElement !== doc.body) {
    panel.classList.add('atom-review-panel-floating');
    doc.body.append(panel);
  }
  for (const stray of doc.querySelectorAll(`[data-atom-review="${PANEL}"]`)) if (stray !== panel) stray.remove();
}

export const reviewPanel = {
  id: 'review-panel',
  match: (location) => matchPullRequestPage(location.pathname),
  async run({ owner, repo, number }, signal) {
    let panel;
    try {
      const result = await requestReview({ owner, repo, number });
      if (signal.aborted) return;
      panel = createPanel(document, result, () => draftInto(document, result.draft ?? ''));
    } catch (error) {
      if (signal.aborted) return;
      panel = createErrorPanel(document, String(error?.message ?? error));
    }
    signal.addEventListener('abort', () => removePanel(panel), { once: true });
    placePanel(document, panel);
    onDomChanges(document.body, () => placePanel(document, panel), signal);
  },
};
