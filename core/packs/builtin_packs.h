// The packs built into the engine: core/packs/*.json, embedded at build time (embed_packs.cmake)
// and read by the same loader as a user's pack (load_pack).
#pragma once
#include <string_view>
#include <vector>

#include "core/packs/pack.h"

namespace atom {

// Every built-in pack that loads (a broken one is a build defect the tests catch; at run time it
// is left out rather than taking the engine down), in file-name order.
const std::vector<Pack>& builtin_packs();

// The built-in pack whose `repos` names `repo`; the ATOM pack when `repo` is empty (the product
// targets ATOM). For a repository no pack names: a pack with no name, tiers, overrides or custom
// rules, holding the ATOM pack's knowledge (the ROCm stack the rules know).
const Pack& builtin_pack_for_repo(std::string_view repo);

}  // namespace atom
