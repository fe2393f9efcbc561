#include "core/packs/builtin_packs.h"

#include "core/packs/embedded_packs.h"
#include "core/packs/pack_loader.h"

namespace atom {
namespace {

constexpr std::string_view kDefaultRepo = "ROCm/ATOM";

const Pack* find_pack(std::string_view repo) {
  for (const Pack& pack : builtin_packs())
    if (pack.applies_to(repo)) return &pack;
  return nullptr;
}

}  // namespace

const std::vector<Pack>& builtin_packs() {
  static const std::vector<Pack> packs = [] {
    std::vector<Pack> loaded;
    for (const EmbeddedPack& embedded : embedded_packs())
      if (PackLoad load = load_pack(embedded.json); load.pack) loaded.push_back(std::move(*load.pack));
    return loaded;
  }();
  return packs;
}

const Pack& builtin_pack_for_repo(std::string_view repo) {
  if (const Pack* pack = find_pack(repo.empty() ? kDefaultRepo : repo)) return *pack;
  static const Pack unnamed = [] {
    Pack pack;
    if (const Pack* atom = find_pack(kDefaultRepo)) pack.knowledge = atom->knowledge;
    return pack;
  }();
  return unnamed;
}

}  // namespace atom
