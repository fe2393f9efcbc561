// GitHub titles a pull request's pages "<title> by <author> · Pull Request #<n> · <owner>/<repo>"
// (a trailing " · GitHub" on some). The title and author are what the review card names.

const PR_DOCUMENT_TITLE = /^(.*) by ([A-Za-z0-9-]+(?:\[bot\])?) · Pull Request #(\d+) · [^ ]+\/[^ ]+?(?: · GitHub)?$/s;

/** {title, author} when `documentTitle` is pull request `number`'s, else {}. */
export function pullRequestFromDocumentTitle(documentTitle, number) {
  const match = PR_DOCUMENT_TITLE.exec(documentTitle);
  if (!match || Number(match[3]) !== number) return {};
  return { title: match[1], author: match[2] };
}
