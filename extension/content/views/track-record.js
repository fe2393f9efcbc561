// What a finding's details say of its rule's record: how many of the rule's findings that people
// read by hand were worth raising (the engine's `rules` entry for it; core/rules/rule_status.json).
const STATES = {
  stable: 'a stable rule',
  preview: 'a preview rule, so its findings are notes',
  off: 'a rule that is off unless asked for',
};

/** The sentence for `record` ({status, labels, tp, low, fp}) of rule `ruleId`; null without a record. */
export function trackRecordText(ruleId, record) {
  if (!record) return null;
  const state = STATES[record.status] ?? 'a rule of unknown status';
  if (!record.labels) return `No hand-labelled ${ruleId} findings yet: ${state}.`;
  const percent = Math.round((100 * record.tp) / record.labels);
  return `${record.tp} of ${record.labels} hand-labelled ${ruleId} findings were worth raising (${percent}%): ${state}.`;
}
