// GitHub's soft navigation, replayed on the fake pages: the next page's body swapped in, the URL
// pushed, then the event GitHub fires when it is done (`turbo:render`, `soft-nav:end`).

// The page path of a route stop: a pull request and its tab ('' for the conversation).
export const pathOf = ({ pr, tab }) => `/${pr.owner}/${pr.repo}/pull/${pr.number}${tab && `/${tab}`}`;

export function softNavigate(page, path, event) {
  return page.evaluate(async ([to, eventType]) => {
    const html = await (await fetch(to)).text();
    const next = new DOMParser().parseFromString(html, 'text/html');
    document.title = next.title;
    document.body.replaceChildren(...Array.from(next.body.childNodes, (node) => document.importNode(node, true)));
    history.pushState({}, '', to);
    document.dispatchEvent(new Event(eventType, { bubbles: true }));
  }, [path, event]);
}
