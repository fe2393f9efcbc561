// The options page (options.html): feature switches, the repositories in scope, the packs. Every change is written through shared/settings.js; open pages apply it at once.
import { render } from 'preact';
import builtInPacks from 'atom-built-in-packs';
import builtInRepos from 'atom-built-in-repos';
import { OptionsPage } from './options-page.jsx';

const api = globalThis.browser ?? globalThis.chrome;
const root = document.getElementById('options');
render(<OptionsPage api={api} builtInRepos={builtInRepos} builtInPacks={builtInPacks} />, root);
root.removeAttribute('aria-busy');
