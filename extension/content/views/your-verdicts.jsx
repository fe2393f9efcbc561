// The panel's count of the verdicts the reviewer gave on this pull request's findings, and the
// button that exports them as labels (content/field-labels.js).
import { useState } from 'preact/hooks';

export const YOUR_VERDICTS = 'your-verdicts';

const COUNTED = [['TP', 'worth raising'], ['LOW', 'true, minor'], ['FP', 'wrong']];

/** verdicts: review-storage.js's; onExport() → Promise<string> (what to say when it is done). */
export function YourVerdicts({ verdicts, onExport }) {
  const [status, setStatus] = useState('');
  if (verdicts.length === 0 || !onExport) return null;
  const counts = COUNTED.map(([verdict, words]) => `${verdicts.filter((item) => item.verdict === verdict).length} ${words}`);
  const unexported = verdicts.filter((item) => !item.exported).length;
  const exported = unexported === 0 ? 'all exported' : `${unexported} not exported yet`;
  return (
    <section class="atom-review-section" data-atom-review={YOUR_VERDICTS}>
      <h3 class="atom-review-section-title">{`Your verdicts (${verdicts.length})`}</h3>
      <p class="atom-review-muted">
        {`${counts.join(' · ')}; ${exported}. Exported with the diff, they become labels that measure each rule's precision (scripts/import-labels).`}
      </p>
      <button type="button" class="btn btn-sm" data-atom-review="export-verdicts"
        onClick={async () => { setStatus('Exporting…'); setStatus(await onExport()); }}>Export verdicts</button>
      {status && <span class="atom-review-draft-status" role="status" data-atom-review="export-status">{` ${status}`}</span>}
    </section>
  );
}
