// Content-script entry point: every page feature, run by the page lifecycle.
import { findingKeys } from './features/finding-keys.js';
import { findings } from './features/findings.js';
import { listBadges } from './features/list-badges.js';
import { reviewPanel } from './features/review-panel.js';
import { tierBadges } from './features/tier-badges.js';
import { startPageFeatures } from './lifecycle.js';

startPageFeatures([reviewPanel, tierBadges, findings, findingKeys, listBadges]);
