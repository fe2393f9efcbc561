// The page features the content script runs, each registered in shared/features.js by its id.
import { findingKeys } from './features/finding-keys.js';
import { findings } from './features/findings.js';
import { listBadges } from './features/list-badges.js';
import { reviewPanel } from './features/review-panel.js';
import { tierBadges } from './features/tier-badges.js';

export const PAGE_FEATURES = [reviewPanel, tierBadges, findings, findingKeys, listBadges];
