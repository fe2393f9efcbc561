// RAII C++ over the tree-sitter C runtime: a parsed text (SyntaxTree) owning its tree and its
// text, nodes (Node, a value that is only valid while its tree lives), cursor walking, node text by
// byte range, byte <-> 1-based line mapping, and the error/missing node counts that say how far a
// parse can be trusted.
//
//   parse_python(text)   tree-sitter-python
//   parse_cpp(text)      tree-sitter-cpp, after the CUDA/HIP extensions were blanked
//                        (cuda_blanking.h); the tree keeps what was blanked
//
// Lines: a tree's text may be a fragment of a file; `first_line` is the file line of the text's
// first line, and every line a tree reports is a file line.
#pragma once
#include <tree_sitter/api.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/syntax/cuda_blanking.h"
#include "core/syntax/line_index.h"
#include "core/syntax/walk_order.h"

namespace atom::syntax {

enum class Grammar { Python, Cpp };

const TSLanguage* language(Grammar grammar);
// The ABI version the grammar was generated with (ts_language_abi_version).
uint32_t grammar_abi_version(Grammar grammar);

class Children;

class Node {
 public:
  Node() = default;
  explicit Node(TSNode raw) : raw_(raw) {}
  // A node whose kind is already known (a WalkOrder entry): kind() then reads no tree memory.
  Node(TSNode raw, std::string_view kind) : raw_(raw), kind_(kind) {}
  // A WalkOrder's entry `index`: its children and walks start there without a search.
  Node(TSNode raw, std::string_view kind, const WalkOrder* order, uint32_t index)
      : raw_(raw), kind_(kind), order_(order), index_(index) {}

  bool null() const { return ts_node_is_null(raw_); }
  std::string_view kind() const {
    if (kind_.data() != nullptr) return kind_;
    return null() ? std::string_view() : ts_node_type(raw_);
  }
  bool named() const { return ts_node_is_named(raw_); }
  bool is_error() const { return ts_node_is_error(raw_); }
  bool is_missing() const { return ts_node_is_missing(raw_); }
  bool has_error() const { return ts_node_has_error(raw_); }
  uint32_t start_byte() const { return ts_node_start_byte(raw_); }
  uint32_t end_byte() const { return ts_node_end_byte(raw_); }

  // A null node has no children (the C runtime would dereference it).
  uint32_t child_count() const { return null() ? 0 : ts_node_child_count(raw_); }
  uint32_t named_child_count() const { return null() ? 0 : ts_node_named_child_count(raw_); }
  Node child(uint32_t index) const { return Node(ts_node_child(raw_, index)); }
  Node named_child(uint32_t index) const { return Node(ts_node_named_child(raw_, index)); }
  Children children() const;
  Children named_children() const;
  // The child in the grammar's field `name` ("name", "body", "left", …), or a null node.
  Node field(std::string_view name) const;
  Node parent() const { return null() ? Node() : Node(ts_node_parent(raw_)); }
  Node next_named_sibling() const { return Node(ts_node_next_named_sibling(raw_)); }
  Node prev_named_sibling() const { return Node(ts_node_prev_named_sibling(raw_)); }
  Node prev_sibling() const { return Node(ts_node_prev_sibling(raw_)); }
  // The field child `index` fills ("" when none).
  std::string_view child_field_name(uint32_t index) const;
  // The smallest node spanning [begin, end).
  Node descendant_for_bytes(uint32_t begin, uint32_t end) const {
    return Node(ts_node_descendant_for_byte_range(raw_, begin, end));
  }

  const TSNode& raw() const { return raw_; }
  bool operator==(const Node& other) const { return ts_node_eq(raw_, other.raw_); }
  // The WalkOrder entry this node was made from (nullptr: not known) and its index there.
  const WalkOrder* order() const { return order_; }
  uint32_t order_index() const { return index_; }

 private:
  TSNode raw_{};
  std::string_view kind_;
  const WalkOrder* order_ = nullptr;
  uint32_t index_ = 0;
};

// A node's children (or its named ones) in order, for range-for: read off the tree's WalkOrder
// without building a list; listed with a cursor for a node no order covers.
class Children {
 public:
  class iterator {
   public:
    Node operator*() const { return list_ != nullptr ? (*list_)[at_] : order_->entry(at_); }
    iterator& operator++() {
      if (list_ != nullptr) ++at_;
      else at_ = next_of(order_, order_->subtree_end(at_), end_, named_only_);
      return *this;
    }
    bool operator!=(const iterator& other) const { return at_ != other.at_; }
    bool operator==(const iterator& other) const { return at_ == other.at_; }

   private:
    friend class Children;
    const WalkOrder* order_ = nullptr;
    const std::vector<Node>* list_ = nullptr;
    size_t at_ = 0, end_ = 0;
    bool named_only_ = false;
  };

  iterator begin() const;
  iterator end() const;
  bool empty() const { return !(begin() != end()); }
  operator std::vector<Node>() const;  // NOLINT(google-explicit-constructor): `std::vector<Node> v = n.children()`

 private:
  friend class Node;
  static Children of(const Node& node, bool named_only);
  // The first entry at or after `at` (before `end`) that counts: any, or a named one.
  static size_t next_of(const WalkOrder* order, size_t at, size_t end, bool named_only) {
    while (named_only && at < end && !order->named_entry(at)) at = order->subtree_end(at);
    return at;
  }
  const WalkOrder* order_ = nullptr;
  size_t first_ = 0, end_ = 0;  // the parent's first child entry and its subtree's end
  bool named_only_ = false;
  std::vector<Node> listed_;    // without an order
};

// A cursor walking the tree below (and including) one node.
class TreeCursor {
 public:
  explicit TreeCursor(Node start) : cursor_(ts_tree_cursor_new(start.raw())) {}
  ~TreeCursor() { ts_tree_cursor_delete(&cursor_); }
  TreeCursor(const TreeCursor&) = delete;
  TreeCursor& operator=(const TreeCursor&) = delete;

  Node node() const { return Node(ts_tree_cursor_current_node(&cursor_)); }
  // The field the current node fills in its parent, "" when none.
  std::string_view field_name() const;
  bool goto_first_child() { return ts_tree_cursor_goto_first_child(&cursor_); }
  bool goto_next_sibling() { return ts_tree_cursor_goto_next_sibling(&cursor_); }
  bool goto_parent() { return ts_tree_cursor_goto_parent(&cursor_); }

 private:
  TSTreeCursor cursor_;
};

// Every node below `start` (and `start` itself) in document order; `visit` returns false to skip
// the children of the node it was given. A SyntaxTree's nodes are walked over its WalkOrder.
void walk(Node start, const std::function<bool(Node)>& visit);

// Lines `previous_start` .. of an earlier text (`previous_count` of them) became lines `start` ..
// (`count`) of the new one, in the unified-diff convention: a count of 0 names the line before the
// empty range.
struct LineChange {
  int previous_start = 0, previous_count = 0, start = 0, count = 0;
  bool operator==(const LineChange&) const = default;
};

class SyntaxTree {
 public:
  // Parses `text` (for C++ a copy with the CUDA/HIP extensions blanked) and keeps it for node text.
  SyntaxTree(Grammar grammar, std::string text, int first_line = 1);
  // Parses `text`, an edit of `previous`'s text by `changes` (ascending, whole lines, every other
  // line equal), reusing the subtrees of `previous` that the changes leave alone: tree-sitter's
  // incremental parse, which gives the tree a fresh parse would. When either tree has parse errors
  // the text is parsed afresh instead, since error recovery may depend on what was reused.
  SyntaxTree(const SyntaxTree& previous, std::string text, const std::vector<LineChange>& changes);

  Grammar grammar() const { return grammar_; }
  Node root() const { return Node(ts_tree_root_node(tree_.get())); }
  const std::string& text() const { return text_; }
  std::string_view text(Node node) const;
  // What was blanked before parsing (C++ only).
  const CudaMarks& cuda() const { return cuda_; }

  int first_line() const { return first_line_; }
  int line_count() const { return lines_.line_count(); }
  int line_of(uint32_t byte) const { return first_line_ - 1 + lines_.line_of(byte); }
  int start_line(Node node) const { return line_of(node.start_byte()); }
  // The line of the node's last byte (a node ending at a line break ends on that line).
  int end_line(Node node) const;
  // The byte offset where file line `line` starts in this text.
  size_t line_start(int line) const { return lines_.line_start(line - first_line_ + 1); }

  size_t error_count() const { return errors_; }    // ERROR nodes
  size_t missing_count() const { return missing_; }  // tokens the parser had to invent
  bool clean() const { return errors_ == 0 && missing_ == 0; }

 private:
  void parse(const TSTree* previous);
  struct TreeDeleter {
    void operator()(TSTree* tree) const { ts_tree_delete(tree); }
  };
  Grammar grammar_;
  std::string text_;
  LineIndex lines_;
  int first_line_;
  CudaMarks cuda_;
  std::unique_ptr<TSTree, TreeDeleter> tree_;
  std::unique_ptr<WalkOrder> order_;  // registered for tree_, so walk() finds it from any node
  size_t errors_ = 0;
  size_t missing_ = 0;
};

SyntaxTree parse_python(std::string text, int first_line = 1);
// C, C++, CUDA and HIP: the CUDA/HIP extensions are blanked first (cuda_blanking.h).
SyntaxTree parse_cpp(std::string text, int first_line = 1);

}  // namespace atom::syntax
