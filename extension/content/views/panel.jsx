// The summary panel: verdict, counts, the draft button, and a list for findings that have no
// place on the page yet (PR-level ones, and those of files GitHub has not rendered).
import { render } from 'preact';
import { useState } from 'preact/hooks';

export const PANEL = 'panel';
export const PANEL_FINDINGS = 'panel-findings';

const VERDICT_LABELS = { lgtm: 'Looks good', needs_work: 'Needs work', block: 'Blocked' };

function countBy(items, key) {
  const counts = {};
  for (const item of items) counts[item[key]] = (counts[item[key]] ?? 0) + 1;
  return counts;
}

function PanelSummary({ result, onDraft }) {
  const [status, setStatus] = useState('');
  const severities = countBy(result.findings ?? [], 'severity');
  const tiers = countBy(result.files ?? [], 'tier');
  return (
    <div class="atom-review-panel-summary">
      <strong class="atom-review-panel-title">atom-review</strong>
      <span class={`atom-review-verdict atom-review-verdict-${result.verdict}`}>
        {VERDICT_LABELS[result.verdict] ?? result.verdict}
      </span>
      <span class="atom-review-counts">
        {`${severities.red ?? 0} must fix · ${severities.warn ?? 0} to check · ${severities.note ?? 0} notes`}
      </span>
      <span class="atom-review-counts">
        {`files: ${tiers[1] ?? 0} Tier 1 · ${tiers[2] ?? 0} Tier 2 · ${tiers[3] ?? 0} Tier 3`}
      </span>
      <button type="button" class="btn btn-sm" data-atom-review="draft-button"
        onClick={async () => setStatus(await onDraft())}>Draft review</button>
      {status && <span class="atom-review-draft-status" role="status">{status}</span>}
    </div>
  );
}

/** onDraft() → Promise<string>: puts the draft somewhere and says where. */
export function createPanel(doc, result, onDraft) {
  const panel = doc.createElement('section');
  panel.dataset.atomReview = PANEL;
  panel.dataset.verdict = result.verdict;
  panel.className = 'atom-review-panel';
  panel.setAttribute('aria-label', 'atom-review summary');
  const summary = doc.createElement('div');
  render(<PanelSummary result={result} onDraft={onDraft} />, summary);
  const findings = doc.createElement('div');
  findings.dataset.atomReview = PANEL_FINDINGS;
  findings.className = 'atom-review-panel-findings';
  panel.append(summary, findings);
  return panel;
}

/** The panel when there is no result: says why, so a failure is never silent. */
export function createErrorPanel(doc, message) {
  const panel = doc.createElement('section');
  panel.dataset.atomReview = PANEL;
  panel.dataset.state = 'error';
  panel.className = 'atom-review-panel';
  const summary = doc.createElement('div');
  render(
    <div class="atom-review-panel-summary">
      <strong class="atom-review-panel-title">atom-review</strong>
      <span class="atom-review-error">{`Could not review this pull request: ${message}`}</span>
    </div>,
    summary,
  );
  panel.append(summary);
  return panel;
}

export function removePanel(panel) {
  render(null, panel.firstElementChild);
  panel.remove();
}
