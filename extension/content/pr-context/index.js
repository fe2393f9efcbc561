// PLACEHOLDER (helper C replaces this file): the pull request's context from its pages.
/** → Promise<{body?, labels?, comments?, checks?, head_sha?, base_sha?, base_ref?, author?, title?}> */
export async function readPullRequestContext(_doc, _pr) {
  return {};
}
