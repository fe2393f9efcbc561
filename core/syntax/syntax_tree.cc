#include "core/syntax/syntax_tree.h"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <unordered_map>

extern "C" const TSLanguage* tree_sitter_python(void);
extern "C" const TSLanguage* tree_sitter_cpp(void);

namespace atom::syntax {

const TSLanguage* language(Grammar grammar) {
  return grammar == Grammar::Python ? tree_sitter_python() : tree_sitter_cpp();
}

uint32_t grammar_abi_version(Grammar grammar) { return ts_language_abi_version(language(grammar)); }

namespace {

// From the tree's WalkOrder, else listed with a cursor: ts_node_child(i) scans from the first
// child, so indexing each would be quadratic (a module's top-level statements, a long argument list).
void list_with_cursor(const Node& node, bool named_only, std::vector<Node>& out) {
  TSTreeCursor cursor = ts_tree_cursor_new(node.raw());
  for (bool more = ts_tree_cursor_goto_first_child(&cursor); more; more = ts_tree_cursor_goto_next_sibling(&cursor)) {
    const TSNode child = ts_tree_cursor_current_node(&cursor);
    if (!named_only || ts_node_is_named(child)) out.emplace_back(child);
  }
  ts_tree_cursor_delete(&cursor);
}

}  // namespace

Children Children::of(const Node& node, bool named_only) {
  Children children;
  children.named_only_ = named_only;
  if (node.null()) return children;
  const WalkOrder* order = node.order() != nullptr ? node.order() : walk_order_of(node.raw().tree);
  if (order != nullptr) {
    const size_t at = order->entry_of(node);
    if (at < order->entry_count()) {
      children.order_ = order;
      children.end_ = order->subtree_end(at);
      children.first_ = next_of(order, at + 1, children.end_, named_only);
      return children;
    }
  }
  list_with_cursor(node, named_only, children.listed_);
  return children;
}

Children::iterator Children::begin() const {
  iterator it;
  it.order_ = order_;
  it.named_only_ = named_only_;
  it.end_ = end_;
  if (order_ != nullptr) it.at_ = first_;
  else it.list_ = &listed_;
  return it;
}

Children::iterator Children::end() const {
  iterator it = begin();
  it.at_ = order_ != nullptr ? end_ : listed_.size();
  return it;
}

Children::operator std::vector<Node>() const {
  std::vector<Node> out;
  for (Node child : *this) out.push_back(child);
  return out;
}

Children Node::children() const { return Children::of(*this, false); }
Children Node::named_children() const { return Children::of(*this, true); }

namespace {

// ts_node_child_by_field_name compares `name` with every field name of the grammar on each call;
// the rules ask for a few dozen names millions of times, so each language's ids are looked up
// once, in a short list compared by text (no std::string built per call, as a hash map needs).
TSFieldId field_id(const TSLanguage* language, std::string_view name) {
  struct Known {
    const TSLanguage* language;
    std::string name;
    TSFieldId id;
  };
  thread_local std::vector<Known> known;
  for (const Known& k : known)
    if (k.language == language && k.name == name) return k.id;
  const TSFieldId id = ts_language_field_id_for_name(language, name.data(), static_cast<uint32_t>(name.size()));
  known.push_back({language, std::string(name), id});
  return id;
}

}  // namespace

Node Node::field(std::string_view name) const {
  if (null()) return Node();
  const TSFieldId id = field_id(ts_tree_language(raw_.tree), name);
  if (id == 0) return Node();
  const WalkOrder* order = order_ != nullptr ? order_ : walk_order_of(raw_.tree);
  if (order != nullptr) {
    const size_t at = order->entry_of(*this);
    if (at < order->entry_count()) return order->field_child(at, id);
  }
  return Node(ts_node_child_by_field_id(raw_, id));
}

std::string_view Node::child_field_name(uint32_t index) const {
  const char* name = ts_node_field_name_for_child(raw_, index);
  return name == nullptr ? std::string_view() : std::string_view(name);
}

std::string_view TreeCursor::field_name() const {
  const char* name = ts_tree_cursor_current_field_name(&cursor_);
  return name == nullptr ? std::string_view() : std::string_view(name);
}

namespace {

void walk_with_cursor(Node start, const std::function<bool(Node)>& visit) {
  TreeCursor cursor(start);
  bool descend = visit(cursor.node());
  for (;;) {
    if (descend && cursor.goto_first_child()) {
      descend = visit(cursor.node());
      continue;
    }
    // Next sibling, else climb until one has a next sibling; stop back at `start`.
    for (;;) {
      if (cursor.node() == start) return;
      if (cursor.goto_next_sibling()) break;
      if (!cursor.goto_parent()) return;
    }
    descend = visit(cursor.node());
  }
}

}  // namespace

void walk(Node start, const std::function<bool(Node)>& visit) {
  if (start.null()) return;
  const WalkOrder* order = start.order() != nullptr ? start.order() : walk_order_of(start.raw().tree);
  if (order == nullptr || !order->walk(start, visit)) walk_with_cursor(start, visit);
}

SyntaxTree::SyntaxTree(Grammar grammar, std::string text, int first_line)
    : grammar_(grammar), text_(std::move(text)), lines_(text_), first_line_(first_line) {
  parse(nullptr);
}

namespace {

// The first line of a changed range, whatever its count (a count of 0 names the line before it).
int first_changed_line(int start, int count) { return count == 0 ? start + 1 : start; }

TSInputEdit edit_for(const LineChange& change, const LineIndex& previous, const LineIndex& next) {
  const int previous_first = first_changed_line(change.previous_start, change.previous_count);
  const int next_first = first_changed_line(change.start, change.count);
  const size_t start = previous.line_start(previous_first);
  const size_t old_end = previous.line_start(previous_first + change.previous_count);
  const size_t new_length = next.line_start(next_first + change.count) - next.line_start(next_first);
  const uint32_t row = static_cast<uint32_t>(previous_first - 1);
  TSInputEdit edit{};
  edit.start_byte = static_cast<uint32_t>(start);
  edit.old_end_byte = static_cast<uint32_t>(old_end);
  edit.new_end_byte = static_cast<uint32_t>(start + new_length);
  edit.start_point = {row, 0};
  edit.old_end_point = {row + static_cast<uint32_t>(change.previous_count), 0};
  edit.new_end_point = {row + static_cast<uint32_t>(change.count), 0};
  return edit;
}

}  // namespace

SyntaxTree::SyntaxTree(const SyntaxTree& previous, std::string text, const std::vector<LineChange>& changes)
    : grammar_(previous.grammar_), text_(std::move(text)), lines_(text_), first_line_(previous.first_line_) {
  if (previous.clean()) {
    std::unique_ptr<TSTree, TreeDeleter> edited(ts_tree_copy(previous.tree_.get()));
    // Last change first: an edit moves only what lies after it, so the earlier changes' offsets,
    // taken in the previous text, stay right.
    for (auto change = changes.rbegin(); change != changes.rend(); ++change) {
      const TSInputEdit edit = edit_for(*change, previous.lines_, lines_);
      ts_tree_edit(edited.get(), &edit);
    }
    parse(edited.get());
    if (clean()) return;
    errors_ = missing_ = 0;
  }
  parse(nullptr);
}

void SyntaxTree::parse(const TSTree* previous) {
  std::string blanked;
  if (grammar_ == Grammar::Cpp) {
    BlankedCuda cuda = blank_cuda_extensions(text_);
    blanked = std::move(cuda.text);
    cuda_ = std::move(cuda.marks);
  }
  const std::string_view parsed = grammar_ == Grammar::Cpp ? std::string_view(blanked) : std::string_view(text_);
  std::unique_ptr<TSParser, void (*)(TSParser*)> parser(ts_parser_new(), ts_parser_delete);
  if (!ts_parser_set_language(parser.get(), language(grammar_)))
    throw std::runtime_error("tree-sitter rejected the grammar's ABI version");
  tree_.reset(ts_parser_parse_string(parser.get(), previous, parsed.data(), static_cast<uint32_t>(parsed.size())));
  if (!tree_) throw std::runtime_error("tree-sitter returned no tree");
  order_ = std::make_unique<WalkOrder>(tree_.get());
  walk_with_cursor(root(), [this](Node node) {
    if (node.is_error()) ++errors_;
    if (node.is_missing()) ++missing_;
    return node.has_error();  // below a node without errors there are none
  });
}

std::string_view SyntaxTree::text(Node node) const {
  if (node.null()) return {};
  const size_t begin = std::min<size_t>(node.start_byte(), text_.size());
  const size_t end = std::min<size_t>(node.end_byte(), text_.size());
  return std::string_view(text_).substr(begin, end > begin ? end - begin : 0);
}

int SyntaxTree::end_line(Node node) const {
  const uint32_t end = node.end_byte();
  return line_of(end > node.start_byte() ? end - 1 : end);
}

SyntaxTree parse_python(std::string text, int first_line) {
  return SyntaxTree(Grammar::Python, std::move(text), first_line);
}

SyntaxTree parse_cpp(std::string text, int first_line) {
  return SyntaxTree(Grammar::Cpp, std::move(text), first_line);
}

}  // namespace atom::syntax
