// The summary panel on a pull request's conversation and files pages, with the draft button.
import { findFileContainers, findOnPage } from '../adapters/index.js';
import { appendDraftToField } from '../comment-field.js';
import { onDomChanges } from '../dom-changes.js';
import { matchPullRequestPage } from '../page-routes.js';
import {
  cancelRepositoryCheck, checkAgainstRepository, onRepositoryProgress, onReviewChanged, repositoryStatus,
} from '../review-client.js';
import { loadPanelCollapsed, onStorageFailure, savePanelCollapsed } from '../review-storage.js';
import {
  markVerdictsExported, requestReviewAsLeft, setChecked, setDismissed, watchReviewState,
} from '../review-with-dismissals.js';
import { exportFieldLabels } from '../field-labels.js';
import { scrollToPlace } from '../scroll-to-line.js';
import {
  PANEL, createErrorPanel, createPanel, removePanel, showLayoutUnrecognised, showStorageProblem, showsReview, updatePanel,
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

// The repository check as the panel draws it (views/repository-read.jsx).
function repositoryView(pr, signal) {
  return {
    status: repositoryStatus(),
    onCheck: checkAgainstRepository,
    onCancel: () => cancelRepositoryCheck(pr),
    onProgress(listener) {
      const listening = new AbortController();
      signal.addEventListener('abort', () => listening.abort(), { once: true, signal: listening.signal });
      onRepositoryProgress(listener, listening.signal);
      return () => listening.abort();
    },
  };
}

export const reviewPanel = {
  id: 'review-panel',
  match: (location) => matchPullRequestPage(location.pathname),
  async run({ host, owner, repo, number, tab }, signal, env) {
    const collapsed = await loadPanelCollapsed().catch(() => false);
    let panel = null;
    let shown = 0; // the latest drawing wins over an earlier one still waiting for its review

    function replacePanel(next) {
      if (panel) removePanel(panel);
      panel = next;
      placePanel(document, panel, tab);
    }

    // A later call (the review changed: a dismissal, a tick, the context came) redraws the panel
    // in place, the same element.
    async function show() {
      const drawing = ++shown;
      try {
        const { result, source, stateKey, state, storageProblem } = await requestReviewAsLeft({ host, owner, repo, number });
        if (signal.aborted || drawing !== shown) return;
        watchReviewState(stateKey, signal);
        const onDraft = env.featureOn('draft') ? () => draftInto(document, result.draft ?? '') : null;
        const view = {
          source,
          collapsed,
          checked: state.checked,
          onCollapsedChanged: savePanelCollapsed,
          onCheckToggled: (id, on) => setChecked(stateKey, id, on).catch(() => {}), // the panel is told
          onCopyDraft: () => copyDraft(result.draft ?? ''),
          onShowPlace: (place) => scrollToPlace(document, place),
          onRestore: (finding) => setDismissed(stateKey, finding, null).catch(() => {}),
          verdicts: state.verdicts,
          onExportVerdicts: () => exportFieldLabels(document, { host, owner, repo, number }, state.verdicts,
            () => markVerdictsExported(stateKey, state.verdicts)),
          repository: repositoryView({ owner, repo, number }, signal),
          pullRequest: { host, owner, repo },
        };
        if (panel && showsReview(panel)) updatePanel(panel, result, onDraft, view);
        else replacePanel(createPanel(document, result, onDraft, view));
        if (storageProblem) showStorageProblem(panel, storageProblem);
      } catch (error) {
        if (signal.aborted || drawing !== shown) return;
        replacePanel(createErrorPanel(document, String(error?.message ?? error)));
      }
    }

    signal.addEventListener('abort', () => { if (panel) removePanel(panel); }, { once: true });
    await show();
    if (signal.aborted) return;
    onStorageFailure((reason) => showStorageProblem(panel, reason), signal);
    onReviewChanged(show, signal);
    onDomChanges(document.body, () => placePanel(document, panel, tab), signal);
  },
};
