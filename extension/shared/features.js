// Every feature the extension has, in one place: its id (the key of its switch in the settings),
// a one-line description (the options page shows it), where it runs, and the fixture pages its
// e2e tests draw it on. A feature that is part of another (`partOf`) is restarted with its parent
// when its switch changes. tests/extension/features.test.mjs checks this list against the code
// and the e2e suite.
//   fixtures: [{page: an export of tests/e2e/support/*.mjs that renders the page, e2e: the test
//   file in tests/e2e/ that exercises the feature on it}]

export const FEATURES = [
  {
    id: 'review-panel', runsIn: 'content', title: 'Review panel',
    description: 'The summary panel above the files or the timeline: verdict, risk map, questions, checklist.',
    fixtures: [{ page: 'renderFilesPage', e2e: 'page-panel.test.mjs' }, { page: 'renderConversationPage', e2e: 'page-panel.test.mjs' }],
  },
  {
    id: 'tier-badges', runsIn: 'content', title: 'Tier badges',
    description: 'A Tier 1/2/3 badge on every file header of a files page.',
    fixtures: [{ page: 'renderFilesPage', e2e: 'tier-badges.test.mjs' }],
  },
  {
    id: 'findings', runsIn: 'content', title: 'Findings markers',
    description: 'Each finding beside its line, with its details and a Dismiss control.',
    fixtures: [{ page: 'renderFilesPage', e2e: 'page-markers.test.mjs' }],
  },
  {
    id: 'finding-keys', runsIn: 'content', title: 'Finding keys',
    description: 'Alt+J / Alt+K (J / K in the panel) move between findings; 1 / 2 / 3 on one give your verdict; Escape closes one.',
    fixtures: [{ page: 'renderFilesPage', e2e: 'page-markers.test.mjs' }],
  },
  {
    id: 'list-badges', runsIn: 'content', title: 'List badges',
    description: 'A badge per pull request on pull request and issue lists (downloads each visible row\'s diff).',
    fixtures: [{ page: 'renderClassicList', e2e: 'list-badges.test.mjs' }, { page: 'renderReactList', e2e: 'list-badges.test.mjs' }],
  },
  {
    id: 'draft', runsIn: 'content', partOf: 'review-panel', title: 'Draft review',
    description: 'The panel\'s "Draft review" button, which puts the review card into the comment box.',
    fixtures: [{ page: 'renderFilesPage', e2e: 'review-on-page.test.mjs' }],
  },
  {
    id: 'whole-files', runsIn: 'background', title: 'Whole-file fetch',
    description: 'Downloads the modified files at the head commit so that the engine reads them whole (an added file is whole in the diff).',
    fixtures: [{ page: 'renderFilesPage', e2e: 'whole-files.test.mjs' }],
  },
];

export const FEATURE_IDS = FEATURES.map((feature) => feature.id);

export function featureById(id) {
  return FEATURES.find((feature) => feature.id === id) ?? null;
}
