// One line when the review ran the rules measured off too (the options' switch, meta.all_rules):
// the reviewer then sees findings the default review does not give, and should know why.
export const RULES_RUN = 'rules-run';

export function RulesRun({ result }) {
  if (result?.pr?.all_rules !== true) return null;
  return (
    <p class="atom-review-muted" data-atom-review={RULES_RUN}>
      The rules measured off ran too, as notes, for your verdicts (switch it off under "Your verdicts" in the options).
    </p>
  );
}
