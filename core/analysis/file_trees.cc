#include "core/analysis/file_trees.h"

#include <algorithm>
#include <set>
#include <string>

#include "core/analysis/kept_trees.h"

namespace atom {

struct FileTrees {
  std::shared_ptr<const SideTrees> head, base;  // null until a rule first asks
};

namespace {

enum class Side { Head, Base };

FileTrees& cache_of(const FileView& file) {
  if (!file.trees) file.trees = std::make_shared<FileTrees>();
  return *file.trees;
}

const SideTrees& side_trees(const FileView& file, Side side);

}  // namespace

std::vector<syntax::LineChange> head_to_base_changes(const FileDiff& diff) {
  std::vector<syntax::LineChange> changes;
  for (const Hunk& hunk : diff.hunks) {
    // The line numbers the next head and base line would have.
    int next_head = hunk.new_count == 0 ? hunk.new_start + 1 : hunk.new_start;
    int next_base = hunk.old_count == 0 ? hunk.old_start + 1 : hunk.old_start;
    int run_head = 0, run_base = 0, added = 0, removed = 0;
    auto close_run = [&] {
      if (added == 0 && removed == 0) return;
      changes.push_back({added > 0 ? run_head : run_head - 1, added, removed > 0 ? run_base : run_base - 1, removed});
      added = removed = 0;
    };
    for (const DiffLine& line : hunk.lines) {
      if (line.kind == LineKind::Context) {
        close_run();
        next_head = line.new_line + 1;
        next_base = line.old_line + 1;
        continue;
      }
      if (added == 0 && removed == 0) run_head = next_head, run_base = next_base;
      if (line.kind == LineKind::Added) ++added, next_head = line.new_line + 1;
      else ++removed, next_base = line.old_line + 1;
    }
    close_run();
  }
  return changes;
}

namespace {

// A modified file's base reuses the head's tree where the hunks leave it alone, so the base
// costs about what the diff changes.
ast::FileSyntax parse_whole_base(const FileView& file, syntax::Grammar grammar) {
  const bool has_head = file.file->status != FileStatus::Deleted;
  if (!has_head) return ast::parse_file(grammar, file.base_text);
  const SideTrees& head = side_trees(file, Side::Head);
  return ast::reparse_file(head.parts.front(), file.base_text, head_to_base_changes(*file.file));
}

SideTrees parse_side(const FileView& file, Side side) {
  SideTrees out;
  const std::optional<syntax::Grammar> grammar = ast::grammar_for_path(file.path);
  if (!grammar) return out;
  if (file.source == ReviewSource::Whole) {
    out.whole = true;
    const bool absent = side == Side::Head ? file.file->status == FileStatus::Deleted
                                           : file.file->status == FileStatus::Added;
    if (absent) return out;
    out.parts.push_back(side == Side::Head ? ast::parse_file(*grammar, file.head_text) : parse_whole_base(file, *grammar));
    return out;
  }
  for (const HunkView& hunk : file.hunks) {
    std::string text;
    int first_line = 0;
    for (const CodeLine& line : hunk.lines) {
      if (line.kind == (side == Side::Head ? LineKind::Removed : LineKind::Added)) continue;
      if (first_line == 0) first_line = side == Side::Head ? line.new_line : line.old_line;
      text += line.diff->text;
      text += '\n';
    }
    if (first_line > 0) out.parts.push_back(ast::parse_fragment(*grammar, std::move(text), first_line));
  }
  return out;
}

int indentation(std::string_view line) {
  int columns = 0;
  for (char c : line) {
    if (c == ' ') ++columns;
    else if (c == '\t') columns += 8 - columns % 8;
    else break;
  }
  return columns;
}

// A fragment shows all of a compound statement (a def, an if chain …) when a code line after its
// end is back at (or left of) the column of its first line: the body cannot run on past the fragment.
bool body_ends_inside(const ast::FileSyntax& part, ast::LineRange statement) {
  const syntax::SyntaxTree& tree = part.tree;
  const std::string& text = tree.text();
  const size_t def_start = tree.line_start(statement.first);
  const int def_column = indentation(std::string_view(text).substr(def_start));
  for (int line = statement.last + 1; line <= part.last_line; ++line) {
    const size_t start = tree.line_start(line);
    const size_t end = text.find('\n', start);
    const std::string_view content = std::string_view(text).substr(start, end == std::string::npos ? std::string::npos : end - start);
    const size_t first = content.find_first_not_of(" \t\r");
    if (first == std::string_view::npos || content[first] == '#') continue;
    return indentation(content) <= def_column;
  }
  return false;
}

// Whether a `def` can sit below `node`: only statements that hold blocks do (an expression
// cannot); a node with a syntax error is searched whatever its kind.
bool may_hold_a_def(syntax::Node node) {
  static const std::set<std::string_view, std::less<>> kHolders = {
      "module", "block", "decorated_definition", "class_definition", "if_statement", "elif_clause",
      "else_clause", "for_statement", "while_statement", "try_statement", "except_clause",
      "except_group_clause", "finally_clause", "with_statement", "match_statement", "case_clause"};
  return node.has_error() || kHolders.count(node.kind()) > 0;
}

// A whole side is taken from the trees kept since an earlier review of the same text, if any.
const SideTrees& side_trees(const FileView& file, Side side) {
  FileTrees& cache = cache_of(file);
  std::shared_ptr<const SideTrees>& trees = side == Side::Head ? cache.head : cache.base;
  if (!trees) {
    const std::string& text = side == Side::Head ? file.head_text : file.base_text;
    const std::optional<syntax::Grammar> grammar = ast::grammar_for_path(file.path);
    if (file.source == ReviewSource::Whole && grammar && !text.empty())
      trees = KeptTrees::this_thread().get(*grammar, text, [&] { return parse_side(file, side); });
    else
      trees = std::make_shared<const SideTrees>(parse_side(file, side));
  }
  return *trees;
}

}  // namespace

const SideTrees& head_trees(const FileView& file) { return side_trees(file, Side::Head); }
const SideTrees& base_trees(const FileView& file) { return side_trees(file, Side::Base); }

bool shows_end_of(const ast::FileSyntax& part, ast::LineRange statement) {
  return !part.fragment || body_ends_inside(part, statement);
}

const std::vector<VisibleFunction>& complete_python_functions(const SideTrees& side) {
  if (side.complete_functions) return *side.complete_functions;
  auto out = std::make_shared<std::vector<VisibleFunction>>();
  for (const ast::FileSyntax& part : side.parts) {
    if (part.grammar() != syntax::Grammar::Python) continue;
    syntax::walk(part.tree.root(), [&](syntax::Node node) {
      if (node.kind() != "function_definition") return may_hold_a_def(node);
      const ast::LineRange lines{part.tree.start_line(node), part.tree.end_line(node)};
      if (!node.has_error() && (side.whole || body_ends_inside(part, lines))) out->push_back({&part, node});
      return true;  // methods of nested classes and nested defs are functions too
    });
  }
  side.complete_functions = std::move(out);
  return *side.complete_functions;
}

namespace {

// Whether lines first..last of the head hold a line of `change` or touch the place of its removal.
bool touches(const syntax::LineChange& change, int first, int last) {
  if (change.previous_count > 0)
    return change.previous_start <= last && change.previous_start + change.previous_count - 1 >= first;
  return change.previous_start + 1 >= first && change.previous_start <= last;
}

}  // namespace

std::vector<VisibleFunction> python_functions_to_check(const FileView& file) {
  std::vector<VisibleFunction> functions = complete_python_functions(head_trees(file));  // a copy, to filter
  const std::vector<syntax::LineChange> changes = head_to_base_changes(*file.file);
  if (changes.empty()) return functions;
  std::erase_if(functions, [&](const VisibleFunction& function) {
    const syntax::SyntaxTree& tree = function.syntax->tree;
    const int first = tree.start_line(function.node), last = tree.end_line(function.node);
    return std::none_of(changes.begin(), changes.end(), [&](const syntax::LineChange& change) {
      return touches(change, first, last);
    });
  });
  return functions;
}

}  // namespace atom
