// What "Export" writes: the pack as the user runs it. Their overrides for it are merged into its
// rules the way a review gets them (shared/pack-choice.js packWithOverrides), so importing the
// file elsewhere, with no overrides, reproduces what the user sees here.
import { packWithOverrides } from '../shared/pack-choice.js';

/** The pack of `entry` ({id, pack}) with the overrides `packs` (shared/pack-store.js) holds for it. */
export const exportedPack = (entry, packs) => packWithOverrides(entry.pack, packs.ruleOverrides[entry.id] ?? {});

export const exportFileName = (name) => `${name.replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 60) || 'pack'}.json`;

export const exportFileText = (pack) => `${JSON.stringify(pack, null, 2)}\n`;
