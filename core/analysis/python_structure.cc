#include "core/analysis/python_structure.h"

#include <algorithm>
#include <re2/re2.h>

namespace atom {
namespace {

bool is_identifier(std::string_view text) {
  if (text.empty() || std::isdigit(static_cast<unsigned char>(text[0]))) return false;
  return std::all_of(text.begin(), text.end(),
                     [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

// Splits `text` at `separator` where no bracket is open.
std::vector<std::string> split_top_level(std::string_view text, char separator) {
  std::vector<std::string> parts;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '(' || c == '[' || c == '{') ++depth;
    else if ((c == ')' || c == ']' || c == '}') && depth > 0) --depth;
    else if (c == separator && depth == 0) {
      parts.emplace_back(trimmed(text.substr(start, i - start)));
      start = i + 1;
    }
  }
  parts.emplace_back(trimmed(text.substr(start)));
  return parts;
}

// Position of the first top-level ':' (the end of a compound statement's header), or npos.
size_t header_colon(std::string_view code) {
  int depth = 0;
  for (size_t i = 0; i < code.size(); ++i) {
    const char c = code[i];
    if (c == '(' || c == '[' || c == '{') ++depth;
    else if ((c == ')' || c == ']' || c == '}') && depth > 0) --depth;
    else if (c == ':' && depth == 0 && !(i + 1 < code.size() && code[i + 1] == '=')) return i;
  }
  return std::string_view::npos;
}

// Positions of top-level assignment '=' (not ==, !=, <=, >=, augmented, or keyword arguments).
std::vector<size_t> assignment_equals(std::string_view code) {
  std::vector<size_t> at;
  int depth = 0;
  for (size_t i = 0; i < code.size(); ++i) {
    const char c = code[i];
    if (c == '(' || c == '[' || c == '{') ++depth;
    else if ((c == ')' || c == ']' || c == '}') && depth > 0) --depth;
    else if (c == '=' && depth == 0) {
      const char before = i > 0 ? code[i - 1] : ' ';
      const char after = i + 1 < code.size() ? code[i + 1] : ' ';
      if (after == '=') {
        ++i;
        continue;
      }
      if (std::string_view("=!<>+-*/%&|^@:").find(before) != std::string_view::npos) continue;
      at.push_back(i);
    }
  }
  return at;
}

void add_targets(std::string_view text, std::vector<std::string>& out) {
  std::string target = trimmed(text);
  while (target.size() >= 2 && ((target.front() == '(' && target.back() == ')') ||
                                (target.front() == '[' && target.back() == ']'))) {
    target = trimmed(std::string_view(target).substr(1, target.size() - 2));
  }
  const std::vector<std::string> parts = split_top_level(target, ',');
  if (parts.size() > 1) {
    for (const std::string& part : parts) add_targets(part, out);
    return;
  }
  std::string_view name = target;
  while (!name.empty() && name.front() == '*') name.remove_prefix(1);
  if (is_identifier(name)) out.emplace_back(name);
}

std::string joined_code(const SideLines& lines, size_t first, size_t last) {
  std::string text;
  for (size_t i = first; i <= last && i < lines.size(); ++i) {
    if (lines[i]->blank_or_comment) continue;
    if (!text.empty()) text += ' ';
    text += trimmed(lines[i]->code);
  }
  return text;
}

// The last line of the statement starting at `start`: its continuation lines follow it.
size_t statement_last_line(const SideLines& lines, size_t start) {
  size_t last = start;
  for (size_t i = start + 1; i < lines.size(); ++i) {
    if (lines[i]->blank_or_comment) continue;
    if (!lines[i]->continuation) break;
    last = i;
  }
  return last;
}

bool header_kind(std::string_view code, PyBlockKind& kind, bool& is_async) {
  static const RE2 keyword_re(
      R"(^(async\s+)?(if|elif|else|for|while|with|try|except|finally|def|class|match|case)\b)");
  std::string async_part, word;
  if (!RE2::PartialMatch(re2::StringPiece(code.data(), code.size()), keyword_re, &async_part, &word))
    return false;
  is_async = !async_part.empty();
  if (word == "if") kind = PyBlockKind::If;
  else if (word == "elif") kind = PyBlockKind::Elif;
  else if (word == "else") kind = PyBlockKind::Else;
  else if (word == "for") kind = PyBlockKind::For;
  else if (word == "while") kind = PyBlockKind::While;
  else if (word == "with") kind = PyBlockKind::With;
  else if (word == "try") kind = PyBlockKind::Try;
  else if (word == "except") kind = PyBlockKind::Except;
  else if (word == "finally") kind = PyBlockKind::Finally;
  else if (word == "def") kind = PyBlockKind::Def;
  else if (word == "class") kind = PyBlockKind::Class;
  else if (word == "match") kind = PyBlockKind::Match;
  else kind = PyBlockKind::Case;
  if (is_async && kind != PyBlockKind::Def && kind != PyBlockKind::For && kind != PyBlockKind::With) return false;
  // `match` and `case` are soft keywords: `match = re.match(...)` is an assignment.
  if ((kind == PyBlockKind::Match || kind == PyBlockKind::Case) && !assignment_equals(code).empty()) return false;
  return true;
}

bool exits_block(std::string_view code) {
  static const RE2 exit_re(R"(^(return|raise|continue|break)\b)");
  return RE2::PartialMatch(re2::StringPiece(code.data(), code.size()), exit_re);
}

void sort_unique(std::vector<std::string>& names) {
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
}

}  // namespace

std::vector<std::string> bound_names(std::string_view raw_code) {
  static const RE2 def_re(R"(^(?:async\s+)?(?:def|class)\s+(\w+))");
  static const RE2 for_re(R"(^(?:async\s+)?for\s+(.+?)\s+in\b)");
  static const RE2 as_re(R"(\bas\s+(\([^)]*\)|\w+))");
  static const RE2 import_re(R"(^import\s+(.+)$)");
  static const RE2 from_re(R"(^from\s+\S+\s+import\s+(.+)$)");
  static const RE2 walrus_re(R"((\w+)\s*:=)");
  const std::string code = trimmed(raw_code);
  const re2::StringPiece text(code);
  std::vector<std::string> names;
  std::string match;
  if (RE2::PartialMatch(text, def_re, &match)) return {match};
  if (RE2::PartialMatch(text, import_re, &match) || RE2::PartialMatch(text, from_re, &match)) {
    std::string list = match;
    list.erase(std::remove(list.begin(), list.end(), '('), list.end());
    list.erase(std::remove(list.begin(), list.end(), ')'), list.end());
    for (const std::string& part : split_top_level(list, ',')) {
      const size_t as = part.find(" as ");
      std::string name = as == std::string::npos ? part.substr(0, part.find('.')) : trimmed(part.substr(as + 4));
      if (is_identifier(name)) names.push_back(name);
    }
    return names;
  }
  if (RE2::PartialMatch(text, for_re, &match)) add_targets(match, names);
  if (code.rfind("with ", 0) == 0 || code.rfind("async with ", 0) == 0 || code.rfind("except", 0) == 0) {
    re2::StringPiece rest(text);
    while (RE2::FindAndConsume(&rest, as_re, &match)) add_targets(match, names);
  }
  {
    re2::StringPiece rest(text);
    while (RE2::FindAndConsume(&rest, walrus_re, &match)) names.push_back(match);
  }
  PyBlockKind kind;
  bool is_async = false;
  if (!header_kind(code, kind, is_async)) {
    const std::vector<size_t> equals = assignment_equals(code);
    size_t start = 0;
    for (size_t at : equals) {
      std::string target = code.substr(start, at - start);
      const size_t colon = header_colon(target);  // annotated assignment `x: int = 1`
      if (colon != std::string::npos) target = target.substr(0, colon);
      add_targets(target, names);
      start = at + 1;
    }
  }
  std::vector<std::string> unique;
  for (const std::string& name : names)
    if (std::find(unique.begin(), unique.end(), name) == unique.end()) unique.push_back(name);
  return unique;
}

std::vector<PyBlock> python_blocks(const SideLines& lines) {
  std::vector<PyBlock> blocks;
  std::vector<int> open_indents;  // the blocks with a body around line i, outermost first
  for (size_t i = 0; i < lines.size(); ++i) {
    const CodeLine& line = *lines[i];
    if (!is_statement_start(line)) continue;
    while (!open_indents.empty() && open_indents.back() >= line.indent) open_indents.pop_back();
    // Each block lists every line of its body, so a line costs one visit per block around it;
    // past kMaxPythonNesting a header is read as a plain statement and the work stays linear.
    if (open_indents.size() >= kMaxPythonNesting) continue;
    PyBlock block;
    const std::string first = trimmed(line.code);
    if (!header_kind(first, block.kind, block.is_async)) continue;
    block.header = i;
    block.indent = line.indent;
    const size_t last = statement_last_line(lines, i);
    const std::string code = joined_code(lines, i, last);
    const size_t colon = header_colon(code);
    if (colon == std::string::npos) {
      if (last + 1 < lines.size()) continue;  // not a compound statement after all
      block.header_end = last;                // the hunk ends inside the header
      block.header_code = code;
      block.end = lines.size();
      blocks.push_back(std::move(block));
      continue;
    }
    block.header_end = last;
    block.header_code = code;
    if (!trimmed(std::string_view(code).substr(colon + 1)).empty()) {  // `if x: return y`
      block.end = last + 1;
      block.complete = true;
      blocks.push_back(std::move(block));
      continue;
    }
    block.end = lines.size();
    open_indents.push_back(block.indent);
    for (size_t k = last + 1; k < lines.size(); ++k) {
      const CodeLine& next = *lines[k];
      if (!is_statement_start(next)) continue;
      if (next.indent <= block.indent) {
        block.end = k;
        block.complete = true;
        break;
      }
      if (!next.in_docstring) block.body.push_back(k);
    }
    blocks.push_back(std::move(block));
  }
  return blocks;
}

std::vector<const PyBlock*> enclosing_blocks(const std::vector<PyBlock>& blocks, size_t index) {
  std::vector<const PyBlock*> around;
  for (const PyBlock& block : blocks)
    if (block.header_end < index && index < block.end) around.push_back(&block);
  std::sort(around.begin(), around.end(), [](const PyBlock* a, const PyBlock* b) { return a->indent < b->indent; });
  return around;
}

namespace {

PyBranch make_branch(const SideLines& lines, const PyBlock& block) {
  PyBranch branch;
  const std::string& code = block.header_code;
  branch.keyword = block.kind == PyBlockKind::If ? "if" : block.kind == PyBlockKind::Elif ? "elif" : "else";
  if (block.kind != PyBlockKind::Else) {
    const size_t colon = header_colon(code);
    branch.condition = trimmed(std::string_view(code).substr(branch.keyword.size(),
                                                             colon == std::string::npos ? std::string::npos
                                                                                        : colon - branch.keyword.size()));
  }
  branch.header = block.header;
  branch.header_line = lines[block.header];
  branch.body = block.body;
  branch.end = block.end;
  branch.body_complete = block.complete;
  int direct_indent = -1;
  for (size_t index : block.body) {
    const CodeLine& line = *lines[index];
    if (direct_indent < 0) direct_indent = line.indent;
    const size_t last = statement_last_line(lines, index);
    const std::string statement = joined_code(lines, index, last);
    const bool direct = line.indent <= direct_indent;
    const bool loop_target = statement.rfind("for ", 0) == 0 || statement.rfind("async for ", 0) == 0;
    for (std::string& name : bound_names(statement))
      (direct && !loop_target ? branch.assigned : branch.assigned_nested).push_back(std::move(name));
    if (direct) branch.exits = exits_block(statement);
  }
  sort_unique(branch.assigned);
  sort_unique(branch.assigned_nested);
  std::vector<std::string> nested_only;
  std::set_difference(branch.assigned_nested.begin(), branch.assigned_nested.end(), branch.assigned.begin(),
                      branch.assigned.end(), std::back_inserter(nested_only));
  branch.assigned_nested = std::move(nested_only);
  return branch;
}

}  // namespace

std::vector<PyIfChain> python_if_chains(const SideLines& lines) {
  const std::vector<PyBlock> blocks = python_blocks(lines);
  std::vector<PyIfChain> chains;
  std::vector<bool> used(blocks.size(), false);
  for (size_t b = 0; b < blocks.size(); ++b) {
    if (used[b]) continue;
    const PyBlock& first = blocks[b];
    if (first.kind != PyBlockKind::If && first.kind != PyBlockKind::Elif) continue;
    PyIfChain chain;
    chain.indent = first.indent;
    chain.starts_in_view = first.kind == PyBlockKind::If;
    chain.branches.push_back(make_branch(lines, first));
    used[b] = true;
    size_t current = b;
    while (blocks[current].complete && blocks[current].kind != PyBlockKind::Else) {
      size_t next = current + 1;
      while (next < blocks.size() && blocks[next].header < blocks[current].end) ++next;
      if (next >= blocks.size() || blocks[next].header != blocks[current].end ||
          blocks[next].indent != chain.indent ||
          (blocks[next].kind != PyBlockKind::Elif && blocks[next].kind != PyBlockKind::Else)) {
        break;
      }
      chain.branches.push_back(make_branch(lines, blocks[next]));
      used[next] = true;
      current = next;
    }
    chain.has_else = chain.branches.back().keyword == "else";
    chain.complete = chain.branches.back().body_complete;
    chain.end = chain.branches.back().end;
    chains.push_back(std::move(chain));
  }
  return chains;
}

namespace {

void parse_params(const std::string& signature, PyDef& def) {
  const size_t open = signature.find('(');
  if (open == std::string::npos) return;
  int depth = 0;
  size_t close = signature.size();
  for (size_t i = open; i < signature.size(); ++i) {
    if (signature[i] == '(' || signature[i] == '[' || signature[i] == '{') ++depth;
    else if (signature[i] == ')' || signature[i] == ']' || signature[i] == '}') {
      if (--depth == 0) {
        close = i;
        break;
      }
    }
  }
  bool keyword_only = false;
  for (const std::string& piece : split_top_level(std::string_view(signature).substr(open + 1, close - open - 1), ',')) {
    if (piece.empty() || piece == "/") continue;
    if (piece == "*") {
      keyword_only = true;
      continue;
    }
    PyParam param;
    std::string_view rest = piece;
    if (rest.rfind("**", 0) == 0) {
      param.kind = "**";
      rest.remove_prefix(2);
    } else if (rest.rfind('*', 0) == 0) {
      param.kind = "*";
      keyword_only = true;
      rest.remove_prefix(1);
    } else if (keyword_only) {
      param.kind = "kwonly";
    }
    const std::vector<size_t> equals = assignment_equals(rest);
    std::string head(rest);
    if (!equals.empty()) {
      param.has_default = true;
      param.default_value = trimmed(rest.substr(equals.front() + 1));
      head = std::string(rest.substr(0, equals.front()));
    }
    const size_t colon = head.find(':');
    if (colon != std::string::npos) {
      param.annotation = trimmed(std::string_view(head).substr(colon + 1));
      head = head.substr(0, colon);
    }
    param.name = trimmed(head);
    if (is_identifier(param.name)) def.params.push_back(std::move(param));
  }
}

bool used_in(const SideLines& lines, size_t first, size_t end, const std::string& name) {
  static const RE2 f_string_braces(R"(\{([^{}]*)\})");
  for (size_t i = first; i < end && i < lines.size(); ++i) {
    const CodeLine& line = *lines[i];
    if (has_identifier(line.code, name) || has_identifier(line.code, "locals")) return true;
    // String contents are blanked in `code`; f-string fields live in the raw text.
    re2::StringPiece raw(line.diff->text);
    std::string field;
    while (RE2::FindAndConsume(&raw, f_string_braces, &field))
      if (has_identifier(field, name)) return true;
  }
  return false;
}

}  // namespace

std::vector<PyDef> python_defs(const SideLines& lines) {
  static const RE2 name_re(R"(^(?:async\s+)?def\s+(\w+))");
  std::vector<PyDef> defs;
  for (const PyBlock& block : python_blocks(lines)) {
    if (block.kind != PyBlockKind::Def) continue;
    PyDef def;
    if (!RE2::PartialMatch(block.header_code, name_re, &def.name)) continue;
    def.qualified = lines[block.header]->function;
    def.header = block.header;
    def.signature_end = block.header_end;
    def.end = block.end;
    def.complete = block.complete;
    def.signature_complete = header_colon(block.header_code) != std::string::npos;
    def.is_async = block.is_async;
    def.indent = block.indent;
    def.body = block.body;
    for (size_t i = block.header; i-- > 0;) {
      const CodeLine& line = *lines[i];
      if (line.blank_or_comment || line.continuation) continue;
      const std::string code = trimmed(line.code);
      if (line.indent != block.indent || code.empty() || code[0] != '@') break;
      def.decorators.insert(def.decorators.begin(), joined_code(lines, i, statement_last_line(lines, i)));
    }
    parse_params(block.header_code, def);
    for (PyParam& param : def.params) {
      param.line = block.header;
      for (size_t i = block.header; i <= block.header_end && i < lines.size(); ++i) {
        std::string_view code = lines[i]->code;
        if (i == block.header) {
          const size_t open = code.find('(');
          code = open == std::string_view::npos ? std::string_view() : code.substr(open);
        }
        if (has_identifier(code, param.name)) {
          param.line = i;
          break;
        }
      }
      param.used_in_body = used_in(lines, block.header_end + 1, block.end, param.name);
    }
    defs.push_back(std::move(def));
  }
  return defs;
}

}  // namespace atom
