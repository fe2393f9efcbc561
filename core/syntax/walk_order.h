// A tree's nodes in document order, flattened once, so the many walks the rules make over one
// file (each a full pass over hundreds of thousands of nodes) cost an array scan instead of a
// tree-cursor pass each. syntax::walk (syntax_tree.h) uses it for the trees a SyntaxTree owns.
//
// Each entry is a node the tree cursor visits (named and anonymous), its kind, the field of its
// parent it fills, and the index just past its subtree, so a walk that skips a node's children
// jumps there. The kinds are kept because
// reading one from the tree touches the node's memory, which most visits would not otherwise do.
// The flat order is built the first time a tree is walked and lives as long as the tree.
#pragma once
#include <tree_sitter/api.h>

#include <cstdint>
#include <functional>
#include <string_view>
#include <vector>

namespace atom::syntax {

class Node;

class WalkOrder {
 public:
  // Registers `tree`'s order for walk_order_of (this thread), until this object is destroyed.
  explicit WalkOrder(const TSTree* tree);
  ~WalkOrder();
  WalkOrder(const WalkOrder&) = delete;
  WalkOrder& operator=(const WalkOrder&) = delete;

  // Every node below `start` (and `start`) in document order; `visit` returns false to skip the
  // children of the node it was given. False when `start` is not in the flattened tree.
  bool walk(Node start, const std::function<bool(Node)>& visit) const;
  // The entries, for syntax::Children (a node's children without a cursor or a list):
  // the index of `node` (built first; its own when it came from this order, else searched), or
  // entry_count() when it is not there; entry `at` as a Node that knows its place; the index past
  // its subtree (its next sibling's, when it has one); whether it is a named node.
  size_t entry_of(const Node& node) const;
  size_t entry_count() const { return nodes_.size(); }
  Node entry(size_t at) const;
  size_t subtree_end(size_t at) const { return subtree_end_[at]; }
  bool named_entry(size_t at) const { return named_[at] != 0; }
  // The first child of entry `at` that fills the grammar's field `field`, or a null node: what
  // ts_node_child_by_field_id gives, as an entry (so its own children need no search).
  Node field_child(size_t at, TSFieldId field) const;

 private:
  void build() const;
  // The index of `start`, or nodes_.size() when it is not there.
  size_t index_of(const TSNode& start) const;

  const TSTree* tree_;
  mutable bool built_ = false;
  mutable std::vector<TSNode> nodes_;
  mutable std::vector<uint32_t> subtree_end_;
  mutable std::vector<uint16_t> kind_slots_;     // per entry: its kind's index into kinds_
  mutable std::vector<uint8_t> named_;           // per entry: ts_node_is_named
  mutable std::vector<TSFieldId> fields_;        // per entry: the field of its parent it fills (0: none)
  mutable std::vector<std::string_view> kinds_;  // per symbol of the grammar (then ERROR): its name, once seen
};

// The order registered for `tree` on this thread, or nullptr.
const WalkOrder* walk_order_of(const TSTree* tree);

}  // namespace atom::syntax
