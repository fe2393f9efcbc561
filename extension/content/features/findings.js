// Findings on a pull request's pages: exactly one `data-atom-review="finding"` element per finding at any
// time. Each sits in the best place the page offers right now, and moves when that changes:
//   1. the diff row showing its line (appended to the row's last cell);
//   2. else the list under its file's header (file-level findings, lines not rendered);
//   3. else the summary panel (PR-level findings, files not rendered, every finding on the
//      conversation page).
import { findFileContainers } from '../adapters/index.js';
import { onDomChanges } from '../dom-changes.js';
import { indexByContainer } from '../file-index.js';
import { matchPullRequestPage } from '../page-routes.js';
import { onReviewChanged } from '../review-client.js';
import { requestReviewAsLeft, setDismissed, setVerdict, watchReviewState } from '../review-with-dismissals.js';
import { PANEL, PANEL_FINDINGS } from '../views/panel.jsx';
import {
  FILE_FINDINGS, FINDING, FINDING_MARKER, createFileFindingsList, createFindingElement, fileFindingsBody, setFileFindingsCount,
  showVerdict,
} from '../views/finding.js';

function rowCell(adapter, container, finding) {
  if (finding.line == null) return null;
  const row = adapter.rowOfLine(container, finding.line, finding.side === 'old' ? 'old' : 'new');
  return row?.lastElementChild ?? null;
}

function fileFindingsList(doc, adapter, container, path, count) {
  let list = Array.from(container.querySelectorAll(`[data-atom-review="${FILE_FINDINGS}"]`))
    .find((candidate) => candidate.dataset.path === path);
  if (!list) list = createFileFindingsList(doc, path, count);
  setFileFindingsCount(list, count);
  adapter.placeUnderHeader(container, list);
  return list;
}

// Two findings are the same when every field is: a redrawn review keeps the element of each.
const sameAs = (finding) => JSON.stringify(finding);

// The verdict the reviewer gave a finding (the stored state's `verdicts`), or null.
const verdictFor = (verdicts, finding) => verdicts.find((item) => item.rule === finding.rule
  && item.path === (finding.path ?? null) && item.line === (finding.line ?? null)
  && item.side === (finding.side === 'old' ? 'old' : 'new'))?.verdict ?? null;

class FindingPlacer {
  // onDismiss(finding, reason, its element); onVerdict(finding, verdict|null, reason)
  constructor(doc, { onDismiss, onVerdict }) {
    this.doc = doc;
    this.onDismiss = onDismiss;
    this.onVerdict = onVerdict;
    this.findings = [];
    this.records = {}; // rule → its track record (the result's `rules`)
    this.verdicts = []; // the reviewer's verdicts (review-storage.js)
    this.byContainer = null;
    this.elements = new Map(); // finding → its one element
  }

  /** Shows these findings from now on; those the previous ones had keep their element. */
  setFindings(findings, byContainer, records, verdicts) {
    const previous = new Map([...this.elements].map(([finding, element]) => [sameAs(finding), element]));
    this.elements = new Map();
    for (const finding of findings) {
      const element = previous.get(sameAs(finding));
      if (element) {
        previous.delete(sameAs(finding));
        this.elements.set(finding, element);
      }
    }
    for (const element of previous.values()) element.remove();
    this.findings = findings;
    this.records = records;
    this.verdicts = verdicts;
    this.byContainer = byContainer;
    for (const [finding, element] of this.elements) showVerdict(element, verdictFor(verdicts, finding));
  }

  elementFor(finding) {
    let element = this.elements.get(finding);
    // A re-render may have thrown it away along with the row it sat in.
    if (!element || !element.isConnected) {
      element?.remove();
      element = createFindingElement(this.doc, finding, {
        onDismiss: (reason) => this.onDismiss(finding, reason, element),
        onVerdict: (verdict, reason) => this.onVerdict(finding, verdict, reason),
        verdict: verdictFor(this.verdicts, finding),
        record: this.records[finding.rule],
      });
      this.elements.set(finding, element);
    }
    return element;
  }

  place() {
    const targets = new Map();
    const listsInUse = new Set();
    for (const { adapter, container } of findFileContainers(this.doc)) {
      const fileFindings = this.byContainer.itemsOf(adapter, container);
      if (fileFindings.length === 0) continue;
      let list = null;
      for (const finding of fileFindings) {
        let target = rowCell(adapter, container, finding);
        if (!target) {
          list ??= fileFindingsList(this.doc, adapter, container, finding.path, fileFindings.length);
          target = fileFindingsBody(list);
        }
        targets.set(finding, target);
      }
      if (!list) list = fileFindingsList(this.doc, adapter, container, fileFindings[0].path, fileFindings.length);
      listsInUse.add(list);
    }
    const panelList = this.doc.querySelector(`[data-atom-review="${PANEL_FINDINGS}"]`);
    for (const finding of this.findings) {
      const target = targets.get(finding) ?? panelList;
      const element = this.elementFor(finding);
      if (!target) element.remove(); // nowhere to show it until the panel is up
      else if (element.parentElement !== target) target.append(element);
    }
    const ours = new Set(this.elements.values());
    for (const element of this.doc.querySelectorAll(`[data-atom-review="${FINDING}"]`)) {
      if (!ours.has(element)) element.remove();
    }
    for (const list of this.doc.querySelectorAll(`[data-atom-review="${FILE_FINDINGS}"]`)) {
      if (!listsInUse.has(list)) list.remove();
    }
  }

  removeAll() {
    for (const element of this.elements.values()) element.remove();
    for (const list of this.doc.querySelectorAll(`[data-atom-review="${FILE_FINDINGS}"]`)) list.remove();
  }
}

// Dismissing redraws the page's findings; the focus goes to the finding that followed the
// dismissed one in page order (or the panel when none is left), so a keyboard user keeps their place.
let focusAfterRedraw = null; // {wanted: {rule, path, line, side} | 'panel', until: ms}
const FOCUS_WAIT_MS = 10000; // the panel and the rows come back on their own schedule

const findingIdentity = (element) => ({
  rule: element.dataset.rule, path: element.dataset.path ?? null,
  line: element.dataset.line ? Number(element.dataset.line) : null, side: element.dataset.side ?? null,
});

function rememberFocusAfter(doc, dismissedElement) {
  const shown = Array.from(doc.querySelectorAll(`[data-atom-review="${FINDING}"]`))
    .filter((element) => element === dismissedElement || element.getClientRects().length > 0);
  const index = shown.indexOf(dismissedElement);
  const next = index === -1 ? undefined : shown[index + 1] ?? shown[index - 1];
  focusAfterRedraw = { wanted: next ? findingIdentity(next) : 'panel', until: Date.now() + FOCUS_WAIT_MS };
}

function focusTarget(doc, placer, wanted) {
  if (wanted !== 'panel') {
    for (const [finding, element] of placer.elements) {
      if (finding.rule === wanted.rule && (finding.path ?? null) === wanted.path
        && (finding.line ?? null) === wanted.line && (finding.side ?? null) === wanted.side) {
        return element.isConnected ? element.querySelector(`[data-atom-review="${FINDING_MARKER}"]`) : null;
      }
    }
  }
  return doc.querySelector(`[data-atom-review="${PANEL}"] [data-atom-review="panel-toggle"]`);
}

function restoreFocus(doc, placer) {
  if (!focusAfterRedraw) return;
  if (Date.now() > focusAfterRedraw.until) {
    focusAfterRedraw = null;
    return;
  }
  const target = focusTarget(doc, placer, focusAfterRedraw.wanted);
  if (!target) return;
  focusAfterRedraw = null;
  target.focus({ preventScroll: true });
  target.scrollIntoView({ block: 'center' });
}

export const findings = {
  id: 'findings',
  match: (location) => matchPullRequestPage(location.pathname),
  async run({ host, owner, repo, number }, signal) {
    let stateKey = null;
    const placer = new FindingPlacer(document, {
      onDismiss: (finding, reason, element) => {
        rememberFocusAfter(document, element);
        return setDismissed(stateKey, finding, reason);
      },
      onVerdict: (finding, verdict, reason) => setVerdict(stateKey, finding, verdict, reason),
    });
    signal.addEventListener('abort', () => placer.removeAll(), { once: true });
    let shown = 0;
    // Again whenever the review changes (a dismissal here or in another tab): in place.
    async function show() {
      const drawing = ++shown;
      const review = await requestReviewAsLeft({ host, owner, repo, number });
      const all = review.result.findings ?? [];
      const byContainer = await indexByContainer(all.filter((finding) => finding.path != null));
      if (signal.aborted || drawing !== shown) return;
      stateKey = review.stateKey;
      watchReviewState(stateKey, signal);
      placer.setFindings(all, byContainer, review.result.rules ?? {}, review.state.verdicts);
      placer.place();
      restoreFocus(document, placer);
    }
    await show();
    if (signal.aborted) return;
    onReviewChanged(() => show().catch(() => {}), signal); // a failed redraw leaves the findings shown
    onDomChanges(document.body, () => { placer.place(); restoreFocus(document, placer); }, signal);
  },
};
