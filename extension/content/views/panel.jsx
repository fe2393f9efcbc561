// The summary panel: verdict, counts, the draft button, the review sections (kinds of change,
// questions, checklist, AI signs) and a list for findings that have no place on the page yet
// (PR-level ones, those of files GitHub has not rendered, all of them on a layout not recognised).
import { render } from 'preact';
import { useState } from 'preact/hooks';
import { PanelSections } from './panel-sections.jsx';

export const PANEL = 'panel';
export const PANEL_FINDINGS = 'panel-findings';
export const LAYOUT_NOTICE = 'layout-notice';
export const STORAGE_PROBLEM = 'storage-problem';
const BODY_ID = 'atom-review-panel-body';
const roots = new WeakMap(); // panel -> {summary, sections}: where its Preact trees are rendered

function PanelSummary({ result, onDraft, onCopyDraft, collapsedAtStart, onCollapsedChanged }) {
  const [status, setStatus] = useState('');
  const [offerCopy, setOfferCopy] = useState(false);
  const [collapsed, setCollapsed] = useState(collapsedAtStart);
  const stats = result.stats ?? {};
  const tiers = stats.files_by_tier ?? {};
  return (
    <div class="atom-review-panel-summary">
      <button type="button" class="atom-review-collapse" data-atom-review="panel-toggle"
        aria-expanded={String(!collapsed)} aria-controls={BODY_ID}
        aria-label={collapsed ? 'Show atom-review details' : 'Hide atom-review details'}
        onClick={() => { setCollapsed(!collapsed); onCollapsedChanged(!collapsed); }}>
        {collapsed ? '▸' : '▾'}
      </button>
      <strong class="atom-review-panel-title">atom-review</strong>
      <span class={`atom-review-verdict atom-review-verdict-${result.verdict}`}>
        {result.verdict_label ?? result.verdict}
      </span>
      <span class="atom-review-counts">
        {`${stats.red ?? 0} must fix · ${stats.warn ?? 0} to check · ${stats.notes ?? 0} notes`}
      </span>
      <span class="atom-review-counts">
        {`files: ${tiers[1] ?? 0} Tier 1 · ${tiers[2] ?? 0} Tier 2 · ${tiers[3] ?? 0} Tier 3`}
      </span>
      {onDraft && (
        <button type="button" class="btn btn-sm" data-atom-review="draft-button"
          onClick={() => { const drafted = onDraft(); setStatus(drafted.message); setOfferCopy(drafted.offerCopy); }}>Draft review</button>
      )}
      {onDraft && offerCopy && (
        <button type="button" class="btn btn-sm" data-atom-review="copy-draft-button"
          onClick={async () => setStatus(await onCopyDraft())}>Copy draft</button>
      )}
      {status && <span class="atom-review-draft-status" role="status" data-atom-review="draft-status">{status}</span>}
    </div>
  );
}

/**
 * onDraft() → {message, offerCopy}: puts the draft in the comment box and says so, or says there is
 * none (offerCopy: the panel then offers a "Copy draft" button); null when the draft feature is off
 * (no draft buttons).
 * view: {onCopyDraft() → Promise<string> (copies the draft on that button's click, says how it went),
 * source (where the diff came from, review-client.js), collapsed, checked (ids), onCollapsedChanged(bool),
 * onCheckToggled(id, on), onShowPlace(place), onRestore(finding), verdicts, onExportVerdicts() → Promise<string>,
 * repository (views/repository-read.jsx), pullRequest: {host, owner, repo} (where "To verify" links go)}.
 */
export function createPanel(doc, result, onDraft, view) {
  const panel = doc.createElement('section');
  panel.dataset.atomReview = PANEL;
  panel.dataset.verdict = result.verdict;
  panel.className = 'atom-review-panel';
  panel.setAttribute('aria-label', 'atom-review summary');
  setCollapsed(panel, view.collapsed);
  const summary = doc.createElement('div');
  const body = doc.createElement('div');
  body.id = BODY_ID;
  body.className = 'atom-review-panel-body';
  const notice = doc.createElement('p');
  notice.dataset.atomReview = LAYOUT_NOTICE;
  notice.className = 'atom-review-warning';
  notice.hidden = true;
  const sections = doc.createElement('div');
  const findings = doc.createElement('div');
  findings.dataset.atomReview = PANEL_FINDINGS;
  findings.className = 'atom-review-panel-findings';
  body.append(notice, sections, findings);
  roots.set(panel, { summary, sections });
  updatePanel(panel, result, onDraft, view);
  panel.append(summary, body);
  return panel;
}

/**
 * Shows `result` in a panel createPanel made, in place: the same element, its collapse state, the
 * findings listed in it and what the reviewer was doing there stay (a redraw after a dismissal).
 */
export function updatePanel(panel, result, onDraft, view) {
  const { summary, sections } = roots.get(panel);
  panel.dataset.verdict = result.verdict;
  render(<PanelSummary result={result} onDraft={onDraft} onCopyDraft={view.onCopyDraft} collapsedAtStart={view.collapsed}
    onCollapsedChanged={(collapsed) => { setCollapsed(panel, collapsed); view.onCollapsedChanged(collapsed); }} />, summary);
  render(<PanelSections result={result} source={view.source} checked={view.checked} onCheckToggled={view.onCheckToggled}
    onShowPlace={view.onShowPlace} onRestore={view.onRestore} verdicts={view.verdicts} onExportVerdicts={view.onExportVerdicts}
    repository={view.repository ?? null} pullRequest={view.pullRequest ?? null} />, sections);
}

/** Whether `panel` shows a review (createPanel) rather than a failure (createErrorPanel). */
export const showsReview = (panel) => roots.has(panel);

function setCollapsed(panel, collapsed) {
  if (collapsed) panel.dataset.collapsed = 'true';
  else delete panel.dataset.collapsed;
}

/** Says, in the panel, that the page's layout was not recognised (findings then all list there). */
export function showLayoutUnrecognised(panel, unrecognised) {
  const notice = panel.querySelector(`[data-atom-review="${LAYOUT_NOTICE}"]`);
  if (!notice || notice.hidden === !unrecognised) return;
  notice.hidden = !unrecognised;
  notice.textContent = unrecognised
    ? 'atom-review did not recognise the layout of this page: its findings are listed here, by file and line.'
    : '';
}

/** Says, in the panel, that the reviewer's ticks or dismissals could not be read or saved. */
export function showStorageProblem(panel, message) {
  let notice = panel.querySelector(`[data-atom-review="${STORAGE_PROBLEM}"]`);
  if (!notice) {
    notice = panel.ownerDocument.createElement('p');
    notice.dataset.atomReview = STORAGE_PROBLEM;
    notice.className = 'atom-review-warning';
    notice.setAttribute('role', 'alert');
    panel.append(notice);
  }
  notice.textContent = `${message}. What you ticked or dismissed may not be kept.`;
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
  const sections = panel.querySelector(`#${BODY_ID} > div:not([data-atom-review])`);
  if (sections) render(null, sections);
  panel.remove();
}
