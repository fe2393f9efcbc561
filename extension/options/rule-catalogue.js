// The engine's rule catalogue as the options page uses it: fetched once from the background, and
// each rule's measured status in words.
import { useEffect, useState } from 'preact/hooks';
import { ruleCatalogueRequest } from '../shared/pack-messages.js';

/** The engine's rules ([{id, summary, status, precision, labels, tp, next_status, …}]); [] until (or unless) the background answers. */
export function useRuleCatalogue(api) {
  const [rules, setRules] = useState([]);
  useEffect(() => {
    let live = true;
    api.runtime.sendMessage(ruleCatalogueRequest()).then((answer) => {
      if (live && answer?.ok && Array.isArray(answer.rules)) setRules(answer.rules);
    }, () => {});  // without the catalogue a rule id is still typed and checked by the engine
    return () => { live = false; };
  }, [api]);
  return rules;
}

/** "preview, 53% on 38 labels" / "stable, 94% on 33 labels" / "preview, not measured yet". */
export function ruleStatusText(rule) {
  if (!rule) return '';
  const measured = typeof rule.precision === 'number' && rule.labels > 0
    ? `${Math.round(rule.precision * 100)}% on ${rule.labels} label${rule.labels === 1 ? '' : 's'}` : 'not measured yet';
  return `${rule.status}, ${measured}`;
}

/** What labels would move `rule` to: "stable after 18 more worth raising in a row", or '' when nothing would. */
export function nextStatusText(rule) {
  const next = rule?.next_status;
  if (!next || !Number.isInteger(next.worth_raising_in_a_row)) return '';
  const verb = next.status === 'stable' ? 'stable' : 'back to preview';
  return `${verb} after ${next.worth_raising_in_a_row} more worth raising in a row`;
}
