// Keyboard moves between findings: Alt+J / Alt+K anywhere on a pull request page but in a field
// being typed in, plain J / K while the focus is in our panel or on a finding (GitHub's own J/K
// shortcuts elsewhere stay GitHub's). Escape closes the focused finding's details. 1 / 2 / 3 on a
// finding give its verdict (worth raising, true but minor, wrong), as its buttons do: a reviewer
// who labels walks the findings with J and judges each with one key.
import { matchPullRequestPage } from '../page-routes.js';
import { FINDING, FINDING_MARKER, VERDICT_BUTTON, setFindingOpen } from '../views/finding.js';
import { PANEL } from '../views/panel.jsx';

const STEP_BY_CODE = { KeyJ: 1, KeyK: -1 };

function isTyping(target) {
  return target instanceof HTMLElement
    && (target.isContentEditable || target.matches('input, textarea, select'));
}

// While the user types (a field has the focus, or an input method is composing) no key is ours:
// Alt+J / Alt+K type characters on some layouts (∆ and ˚ on a Mac).
function stepOf(event) {
  if (event.ctrlKey || event.metaKey || event.shiftKey || !(event.code in STEP_BY_CODE)) return 0;
  if (event.isComposing || isTyping(event.target)) return 0;
  if (event.altKey) return STEP_BY_CODE[event.code];
  const ours = event.target instanceof Element
    && event.target.closest(`[data-atom-review="${PANEL}"], [data-atom-review="${FINDING}"]`);
  return ours ? STEP_BY_CODE[event.code] : 0;
}

const VERDICT_BY_CODE = { Digit1: 'TP', Digit2: 'LOW', Digit3: 'FP', Numpad1: 'TP', Numpad2: 'LOW', Numpad3: 'FP' };

// The verdict button a plain 1 / 2 / 3 presses: on the finding that holds the focus, never while typing.
function verdictButtonOf(event) {
  const verdict = VERDICT_BY_CODE[event.code];
  if (!verdict || event.ctrlKey || event.metaKey || event.altKey || event.shiftKey) return null;
  if (event.isComposing || isTyping(event.target) || !(event.target instanceof Element)) return null;
  const finding = event.target.closest(`[data-atom-review="${FINDING}"]`);
  return finding?.querySelector(`[data-atom-review="${VERDICT_BUTTON}"][data-verdict="${verdict}"]`) ?? null;
}

/** Focuses the finding `step` away from the focused one (wrapping), in page order. */
export function moveFindingFocus(doc, step) {
  const markers = Array.from(doc.querySelectorAll(`[data-atom-review="${FINDING_MARKER}"]`))
    .filter((marker) => marker.getClientRects().length > 0);
  if (markers.length === 0) return null;
  const current = markers.indexOf(doc.activeElement?.closest?.(`[data-atom-review="${FINDING_MARKER}"]`));
  const next = current === -1 ? (step > 0 ? 0 : markers.length - 1)
    : (current + step + markers.length) % markers.length;
  markers[next].focus({ preventScroll: true });
  markers[next].scrollIntoView({ block: 'center' });
  return markers[next];
}

export const findingKeys = {
  id: 'finding-keys',
  match: (location) => matchPullRequestPage(location.pathname),
  run(_pr, signal) {
    document.addEventListener('keydown', (event) => {
      if (event.defaultPrevented) return;
      if (event.key === 'Escape') {
        const finding = event.target instanceof Element && event.target.closest(`[data-atom-review="${FINDING}"][data-open]`);
        if (finding) {
          setFindingOpen(finding, false);
          event.preventDefault();
        }
        return;
      }
      const verdictButton = verdictButtonOf(event);
      if (verdictButton) {
        verdictButton.click();
        event.preventDefault();
        return;
      }
      const step = stepOf(event);
      if (step !== 0 && moveFindingFocus(document, step)) event.preventDefault();
    }, { signal });
  },
};
