// PLACEHOLDER (helper C completes this): Step 1 context — linked issues, prior human review
// comments, CI failures classified (the engine's `context` and `ci` result fields).
export function ContextSections({ result }) {
  if (!result.context && !result.ci) return null;
  return null;
}
