#include "core/analysis/kept_trees.h"

#include <algorithm>
#include <string_view>

#include "core/analysis/review_model.h"
#include "core/syntax/walk_order.h"

namespace atom {
namespace {

size_t hash_of(const std::string& text) { return std::hash<std::string_view>{}(text); }

const std::string& text_of(const SideTrees& trees) { return trees.parts.front().tree.text(); }

}  // namespace

KeptTrees& KeptTrees::this_thread() {
  // The trees' walk orders unregister themselves from syntax::walk_order_of's per-thread registry
  // when they are destroyed: touching the registry first makes it outlive this cache at thread exit.
  static thread_local const bool registry_first = syntax::walk_order_of(nullptr) == nullptr;
  (void)registry_first;
  static thread_local KeptTrees kept;
  return kept;
}

std::shared_ptr<const SideTrees> KeptTrees::get(syntax::Grammar grammar, const std::string& text,
                                                const std::function<SideTrees()>& parse) {
  const size_t hash = hash_for(text);
  for (const Entry& entry : kept_)
    if (entry.grammar == grammar && entry.hash == hash && text_of(*entry.trees) == text) return entry.trees;
  auto trees = std::make_shared<const SideTrees>(parse());
  if (trees->whole && trees->parts.size() == 1 && text_of(*trees) == text) kept_.push_back({grammar, hash, trees});
  return trees;
}

size_t KeptTrees::hash_for(const std::string& text) const {
  const auto data = reinterpret_cast<std::uintptr_t>(text.data());
  for (const HashedText& hashed : hashed_)
    if (hashed.data == data && hashed.size == text.size()) return hashed.hash;
  return hash_of(text);
}

void KeptTrees::keep_only_texts_of(const std::vector<FileView>& files) {
  hashed_.clear();
  std::vector<size_t> wanted;
  auto want = [&](const std::string& text) {
    if (text.empty()) return;
    const size_t hash = hash_of(text);
    hashed_.push_back({reinterpret_cast<std::uintptr_t>(text.data()), text.size(), hash});
    wanted.push_back(hash);
  };
  for (const FileView& file : files) {
    if (file.source != ReviewSource::Whole) continue;
    want(file.head_text);
    want(file.base_text);
  }
  std::sort(wanted.begin(), wanted.end());
  std::erase_if(kept_, [&](const Entry& entry) { return !std::binary_search(wanted.begin(), wanted.end(), entry.hash); });
}

}  // namespace atom
