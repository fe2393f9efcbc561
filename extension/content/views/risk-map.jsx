// The risk map at the top of the panel: one tile per file, coloured by tier and also labelled
// (T1/T2/T3 and a pattern, for readers who cannot tell the colours apart), sized by its changed
// lines, with its must-fix and to-check counts. Hover names the file and its top finding; a
// click brings the file into view.

import { findingsByPath, tileTitle } from '../risk-summary.js';

export const RISK_TILE = 'risk-tile';

/** onShowFile(path): brings the file into view. */
export function RiskMap({ files, findings, onShowFile }) {
  if (files.length === 0) return null;
  const byPath = findingsByPath(findings);
  return (
    <div class="atom-review-risk-map" role="list" aria-label="Risk map: one tile per changed file">
      {files.map((file) => {
        const counts = byPath.get(file.path);
        const changes = (file.additions ?? 0) + (file.deletions ?? 0);
        return (
          <button key={file.path} type="button" role="listitem" data-atom-review={RISK_TILE}
            data-path={file.path} data-tier={String(file.tier)} data-red={String(counts?.red ?? 0)}
            data-warn={String(counts?.warn ?? 0)} title={tileTitle(file, counts)}
            class={`atom-review-risk-tile atom-review-risk-tier-${file.tier}`}
            style={{ flexGrow: Math.max(1, changes) }}
            onClick={() => onShowFile(file.path)}>
            <span class="atom-review-risk-tier">{`T${file.tier}`}</span>
            {(counts?.red ?? 0) > 0 && <span class="atom-review-risk-count">{`✖${counts.red}`}</span>}
            {(counts?.warn ?? 0) > 0 && <span class="atom-review-risk-count">{`⚠${counts.warn}`}</span>}
          </button>
        );
      })}
    </div>
  );
}
