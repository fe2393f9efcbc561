// The summary panel on a pull request's conversation and files pages, with the draft button.
import { findFileContainers, findOnPage } from '../adapters/index.js';
import { appendDraftToField } from '../comment-field.js';
import { onDomChanges } from '../dom-changes.js';
import { matchPullRequestPage } from '../page-routes.js';
import { loadPanelCollapsed, onStorageFailure, savePanelCollapsed, saveReviewState } from '../review-storage.js';
import { requestReviewAsLeft, setDismissed } from '../review-with-dismissals.js';
import { scrollToPlace } from '../scroll-to-line.js';
import {
  PANEL, createErrorPanel, createPanel, removePanel, showLayoutUnrecognised, showStorageProblem,
} from '../views/panel.jsx';

function draftInto(doc, draft) {
  const field = findOnPage(doc, 'commentBox');
  if (!field) return { message: 'No comment box is open here: open one and draft again, or copy the draft.', offerCopy: true };
  appendDraftToField(field, draft);
  return { message: 'Draft added to the comment box.', offerCopy: false };
}

// Only ever on the user's click of "Copy draft": the clipboard is theirs.
async function copyDraft(draft) {
  try {
    await navigator.clipboard.writeText(draft);
    return 'Draft copied to the clipboard.';
  } catch {
    return 'The browser did not let the draft be copied: open the comment or review box, then draft again.';
  }
}

// Above the files list or the timeline when the page has one, else floating; moved back there
// whenever a re-render takes it away.
function placePanel(doc, panel, tab) {
  const place = findOnPage(doc, 'panelPlace');
  // A files page where neither adapter finds a file or the files list: GitHub changed its markup.
  showLayoutUnrecognised(panel, tab === 'files' && !place && findFileContainers(doc).length === 0);
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
  async run({ owner, repo, number, tab }, signal, env) {
    let panel;
    try {
      const [{ result, source, stateKey, state, storageProblem }, collapsed] = await Promise.all([
        requestReviewAsLeft({ owner, repo, number }), loadPanelCollapsed().catch(() => false)]);
      if (signal.aborted) return;
      const onDraft = env.featureOn('draft') ? () => draftInto(document, result.draft ?? '') : null;
      panel = createPanel(document, result, onDraft, {
        source,
        collapsed,
        checked: state.checked,
        onCollapsedChanged: savePanelCollapsed,
        onChecksChanged: (checked) => saveReviewState(stateKey, { checked }).catch(() => {}), // the panel is told
        onCopyDraft: () => copyDraft(result.draft ?? ''),
        onShowPlace: (place) => scrollToPlace(document, place),
        onRestore: (finding) => setDismissed(stateKey, finding, null).catch(() => {}),
      });
      if (storageProblem) showStorageProblem(panel, storageProblem);
    } catch (error) {
      if (signal.aborted) return;
      panel = createErrorPanel(document, String(error?.message ?? error));
    }
    onStorageFailure((reason) => showStorageProblem(panel, reason), signal);
    signal.addEventListener('abort', () => removePanel(panel), { once: true });
    placePanel(document, panel, tab);
    onDomChanges(document.body, () => placePanel(document, panel, tab), signal);
  },
};
