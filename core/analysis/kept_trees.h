// Whole-file parses kept from one review to the next in the same thread, by grammar and text, so
// a second review of the same PR (the extension's re-review after a dismissal, a re-render) parses
// nothing and reads the same Python and C++ facts again. A text is one side of one file: the
// head, or the base the diff's reversal gives (which the baseline filter's view of the base also
// asks for, as its head).
//
// Memory stays one review's worth: keep_only_trees_of() at the start of a review drops every kept
// parse that none of the review's whole files has, before anything new is parsed.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/analysis/file_trees.h"

namespace atom {

class KeptTrees {
 public:
  // The kept parse of `text` in `grammar`, or parse() kept and returned. parse() must give the
  // whole-file parse of exactly `text` (one part).
  std::shared_ptr<const SideTrees> get(syntax::Grammar grammar, const std::string& text,
                                       const std::function<SideTrees()>& parse);
  // Drops every kept parse whose text is not a head or base text of one of `files`.
  void keep_only_texts_of(const std::vector<FileView>& files);
  void forget_all() {
    kept_.clear();
    hashed_.clear();
  }
  size_t size() const { return kept_.size(); }

  static KeptTrees& this_thread();

 private:
  struct Entry {
    syntax::Grammar grammar;
    size_t hash;
    std::shared_ptr<const SideTrees> trees;
  };
  // The hashes keep_only_texts_of() took of this review's texts, by where the text lives, so get()
  // does not hash a whole file a second time. An address is only a hint: get() still compares the
  // text itself, so a reused address can at worst cost one parse.
  struct HashedText {
    std::uintptr_t data;
    size_t size;
    size_t hash;
  };
  size_t hash_for(const std::string& text) const;

  std::vector<Entry> kept_;  // a review has few whole files: a linear search is the fastest map
  std::vector<HashedText> hashed_;
};

// KeptTrees::this_thread().keep_only_texts_of(files): call once at the start of a review.
inline void keep_only_trees_of(const std::vector<FileView>& files) { KeptTrees::this_thread().keep_only_texts_of(files); }
// Drops every kept parse of this thread (a benchmark's first review, a test).
inline void forget_kept_trees() { KeptTrees::this_thread().forget_all(); }

}  // namespace atom
