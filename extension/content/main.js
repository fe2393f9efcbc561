// Content-script entry point: every page feature, run by the page lifecycle.
import { findings } from './features/findings.js';
import { reviewPanel } from './features/review-panel.js';
import { tierBadges } from './features/tier-badges.js';
import { startPageFeatures } from './lifecycle.js';

startPageFeatures([reviewPanel, tierBadges, findings]);
