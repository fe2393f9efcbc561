#include "core/syntax/walk_order.h"

#include <algorithm>
#include <unordered_map>

#include "core/syntax/syntax_tree.h"

namespace atom::syntax {
namespace {

// Per thread: the CLI's batch reviews one PR per thread, and a tree never leaves its thread.
std::unordered_map<const TSTree*, const WalkOrder*>& registry() {
  thread_local std::unordered_map<const TSTree*, const WalkOrder*> orders;
  return orders;
}

}  // namespace

WalkOrder::WalkOrder(const TSTree* tree) : tree_(tree) { registry()[tree] = this; }

WalkOrder::~WalkOrder() {
  auto& orders = registry();
  const auto it = orders.find(tree_);
  if (it != orders.end() && it->second == this) orders.erase(it);
}

const WalkOrder* walk_order_of(const TSTree* tree) {
  const auto& orders = registry();
  const auto it = orders.find(tree);
  return it == orders.end() ? nullptr : it->second;
}

void WalkOrder::build() const {
  built_ = true;
  const TSNode root = ts_tree_root_node(tree_);
  const size_t count = ts_node_descendant_count(root);  // the nodes a cursor visits, root included
  nodes_.reserve(count);
  subtree_end_.reserve(count);
  kind_slots_.reserve(count);
  named_.reserve(count);
  fields_.reserve(count);
  const TSLanguage* language = ts_tree_language(tree_);
  // The grammar's symbols, then tree-sitter's two built-in ones past them (ERROR is 0xFFFF).
  const uint32_t symbol_count = ts_language_symbol_count(language);
  kinds_.assign(symbol_count + 2, std::string_view());
  const auto slot = [&](TSSymbol symbol) -> uint16_t {
    return symbol < symbol_count ? symbol : static_cast<uint16_t>(symbol_count + (0xFFFF - symbol) % 2);
  };
  TSTreeCursor cursor = ts_tree_cursor_new(root);
  std::vector<uint32_t> open;  // the entries whose subtree is still being listed, outermost first
  auto enter = [&] {
    const TSNode node = ts_tree_cursor_current_node(&cursor);
    const TSSymbol symbol = ts_node_symbol(node);
    const uint16_t kind = slot(symbol);
    if (kinds_[kind].empty()) kinds_[kind] = ts_node_type(node);
    open.push_back(static_cast<uint32_t>(nodes_.size()));
    nodes_.push_back(node);
    subtree_end_.push_back(0);
    kind_slots_.push_back(kind);
    named_.push_back(ts_node_is_named(node) ? 1 : 0);
    fields_.push_back(ts_tree_cursor_current_field_id(&cursor));
  };
  enter();
  for (;;) {
    if (ts_tree_cursor_goto_first_child(&cursor)) {
      enter();
      continue;
    }
    // Close the current node, then each ancestor that has no next sibling.
    for (;;) {
      subtree_end_[open.back()] = static_cast<uint32_t>(nodes_.size());
      open.pop_back();
      if (open.empty()) {
        ts_tree_cursor_delete(&cursor);
        return;
      }
      if (ts_tree_cursor_goto_next_sibling(&cursor)) {
        enter();
        break;
      }
      ts_tree_cursor_goto_parent(&cursor);
    }
  }
}

size_t WalkOrder::index_of(const TSNode& start) const {
  // Document order never goes back in start bytes; the nodes that share one (a statement and its
  // first expression …) sit together.
  const uint32_t byte = ts_node_start_byte(start);
  auto it = std::lower_bound(nodes_.begin(), nodes_.end(), byte,
                             [](const TSNode& node, uint32_t value) { return ts_node_start_byte(node) < value; });
  for (; it != nodes_.end() && ts_node_start_byte(*it) == byte; ++it)
    if (ts_node_eq(*it, start)) return static_cast<size_t>(it - nodes_.begin());
  return nodes_.size();
}

size_t WalkOrder::entry_of(const Node& node) const {
  if (!built_) build();
  return node.order() == this ? node.order_index() : index_of(node.raw());
}

Node WalkOrder::entry(size_t at) const {
  return Node(nodes_[at], kinds_[kind_slots_[at]], this, static_cast<uint32_t>(at));
}

Node WalkOrder::field_child(size_t at, TSFieldId field) const {
  for (size_t child = at + 1, end = subtree_end_[at]; child < end; child = subtree_end_[child])
    if (fields_[child] == field) return entry(child);
  return Node();
}

bool WalkOrder::walk(Node start, const std::function<bool(Node)>& visit) const {
  const size_t first = entry_of(start);
  if (first == nodes_.size()) return false;
  for (size_t at = first, end = subtree_end_[first]; at < end;) at = visit(entry(at)) ? at + 1 : subtree_end_[at];
  return true;
}


}  // namespace atom::syntax
