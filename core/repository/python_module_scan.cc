#include "core/repository/python_module_scan.h"

#include <optional>

#include "core/analysis/line_lexer.h"
#include "core/model/identifier_chars.h"

namespace atom {
namespace {

// One logical statement: its first line's number and indent, and its code (string contents
// blanked, comments dropped) with the continuation lines appended.
struct Statement {
  int line = 0;
  int indent = 0;
  std::string code;
};

std::vector<Statement> statements_of(std::string_view text) {
  std::vector<Statement> statements;
  LineLexer lexer(Language::Python);
  int number = 0;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view raw = text.substr(start, end - start);
    if (!raw.empty() && raw.back() == '\r') raw.remove_suffix(1);
    start = end + 1;
    ++number;
    const LexedLine lexed = lexer.lex(raw);
    const bool blank = lexed.code.find_first_not_of(" \t\f\\") == std::string::npos;
    if (lexed.continuation || lexed.in_docstring) {
      if (!statements.empty() && !blank) statements.back().code += " " + lexed.code;
      continue;
    }
    if (blank) continue;
    statements.push_back({number, indent_columns(raw), lexed.code});
  }
  return statements;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\f')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\\')) s.remove_suffix(1);
  return s;
}

void skip_spaces(std::string_view s, size_t& at) {
  while (at < s.size() && (s[at] == ' ' || s[at] == '\t')) ++at;
}

std::string read_identifier(std::string_view s, size_t& at) {
  const size_t from = at;
  if (at < s.size() && (is_ascii_letter(s[at]) || s[at] == '_'))
    while (at < s.size() && is_identifier_char(s[at])) ++at;
  return std::string(s.substr(from, at - from));
}

std::string read_dotted(std::string_view s, size_t& at) {
  std::string dotted = read_identifier(s, at);
  while (!dotted.empty() && at + 1 < s.size() && s[at] == '.' && (is_ascii_letter(s[at + 1]) || s[at + 1] == '_')) {
    ++at;
    dotted += "." + read_identifier(s, at);
  }
  return dotted;
}

// `word` at the start of `s`, followed by a non-identifier character.
bool starts_with_word(std::string_view s, std::string_view word) {
  return s.substr(0, word.size()) == word && (s.size() == word.size() || !is_identifier_char(s[word.size()]));
}

// `import a.b as c, d` → one entry per dotted name.
void read_plain_import(std::string_view s, PythonImport base, std::vector<PythonImport>& out) {
  size_t at = 6;  // after "import"
  while (at < s.size()) {
    skip_spaces(s, at);
    PythonImport entry = base;
    entry.module = read_dotted(s, at);
    if (entry.module.empty()) return;
    entry.bound = entry.module.substr(0, entry.module.find('.'));
    skip_spaces(s, at);
    if (starts_with_word(s.substr(at), "as")) {
      at += 2;
      skip_spaces(s, at);
      entry.bound = read_identifier(s, at);
      skip_spaces(s, at);
    }
    out.push_back(std::move(entry));
    if (at >= s.size() || s[at] != ',') return;
    ++at;
  }
}

// `from ..m import (a as b, c)` / `from m import *`.
void read_from_import(std::string_view s, PythonImport base, std::vector<PythonImport>& out) {
  size_t at = 4;  // after "from"
  skip_spaces(s, at);
  while (at < s.size() && s[at] == '.') {
    ++base.level;
    ++at;
  }
  skip_spaces(s, at);
  if (!starts_with_word(s.substr(at), "import")) base.module = read_dotted(s, at);
  skip_spaces(s, at);
  if (!starts_with_word(s.substr(at), "import")) return;
  if (base.module.empty() && base.level == 0) return;
  at += 6;
  while (at < s.size()) {
    while (at < s.size() && (s[at] == ' ' || s[at] == '\t' || s[at] == '(' || s[at] == ',')) ++at;
    if (at < s.size() && s[at] == '*') {
      PythonImport entry = base;
      entry.name = "*";
      out.push_back(std::move(entry));
      return;
    }
    PythonImport entry = base;
    entry.name = read_identifier(s, at);
    if (entry.name.empty()) return;
    entry.bound = entry.name;
    skip_spaces(s, at);
    if (starts_with_word(s.substr(at), "as")) {
      at += 2;
      skip_spaces(s, at);
      entry.bound = read_identifier(s, at);
    }
    out.push_back(std::move(entry));
  }
}

// The plain names an assignment statement binds: `a = …`, `a, b = …`, `(a, b) = …`, `a: T = …`,
// `a += …`. Attribute and subscript targets bind nothing.
std::vector<std::string> assigned_names(std::string_view s) {
  std::vector<std::string> names;
  size_t at = 0;
  while (at < s.size()) {
    while (at < s.size() && (s[at] == ' ' || s[at] == '(' || s[at] == '[' || s[at] == '*')) ++at;
    std::string name = read_identifier(s, at);
    if (name.empty()) return {};
    names.push_back(std::move(name));
    while (at < s.size() && (s[at] == ' ' || s[at] == ')' || s[at] == ']')) ++at;
    if (at < s.size() && s[at] == ',') {
      ++at;
      continue;
    }
    break;
  }
  if (at >= s.size()) return {};
  if (s[at] == '=' && (at + 1 >= s.size() || s[at + 1] != '=')) return names;
  if (s[at] == ':' && names.size() == 1) {  // annotated: binds only with a value
    const size_t equals = s.find('=', at);
    if (equals != std::string_view::npos && (equals + 1 >= s.size() || s[equals + 1] != '=')) return names;
    return {};
  }
  static constexpr std::string_view kAugmented = "+-*/%&|^@<>";
  if (kAugmented.find(s[at]) != std::string_view::npos) {
    size_t op = at;
    while (op < s.size() && kAugmented.find(s[op]) != std::string_view::npos) ++op;
    if (op < s.size() && s[op] == '=' && (op + 1 >= s.size() || s[op + 1] != '=') && op - at <= 3 &&
        s.substr(at, 2) != "<=" && s.substr(at, 2) != ">=")
      return names;
  }
  return {};
}

bool catches_import_errors(std::string_view except_clause) {
  const std::string_view rest = trim(except_clause.substr(6));
  if (rest.empty() || rest.front() == ':') return true;
  for (std::string_view broad : {"ImportError", "ModuleNotFoundError", "Exception", "BaseException", "AttributeError"})
    if (rest.find(broad) != std::string_view::npos) return true;
  return false;
}

bool looks_open_ended(std::string_view code) {
  for (std::string_view sign : {"globals()", "sys.modules[__name__]", "setattr(sys.modules", "exec("})
    if (code.find(sign) != std::string_view::npos) return true;
  return false;
}

enum class BlockKind { Function, Class, Try, TypeChecking, Other };

struct Block {
  int indent = 0;
  BlockKind kind = BlockKind::Other;
  size_t first_import = 0;  // imports.size() when the block opened
  int module_class = -1;    // a module-scope class's body: its index in PythonModuleScan::classes
};

class Scanner {
 public:
  PythonModuleScan scan(std::string_view text) {
    for (const Statement& statement : statements_of(text)) read(statement);
    collect_attribute_uses();
    return std::move(result_);
  }

 private:
  void read(const Statement& statement) {
    const std::string_view s = trim(statement.code);
    close_blocks(statement.indent);
    const bool module_scope = in_module_scope();
    if (looks_open_ended(s)) result_.open_ended = true;
    if (starts_with_word(s, "except") && closed_try_ && closed_try_->indent == statement.indent) {
      if (catches_import_errors(s))
        for (size_t i = closed_try_->first_import; i < closed_try_end_; ++i) result_.imports[i].guarded = true;
    }
    if (starts_with_word(s, "import") || starts_with_word(s, "from")) {
      read_import(s, statement.line, module_scope);
      return;
    }
    const bool header = !s.empty() && s.back() == ':';
    const bool is_async = starts_with_word(s, "async");
    const std::string_view def_part = is_async ? trim(s.substr(5)) : s;
    if (!s.empty() && s.front() == '@') {
      decorated_ = true;
      others_.push_back({statement.line, std::string(s)});
      return;
    }
    if (starts_with_word(def_part, "def") || starts_with_word(s, "class")) {
      const bool is_class = starts_with_word(s, "class");
      size_t at = is_class ? 5 : 3;
      skip_spaces(def_part, at);
      const std::string name = read_identifier(def_part, at);
      if (module_scope && !name.empty()) {
        bind(name, statement.line);
        locally_bound_.insert(name);
        if (name == "__getattr__") result_.open_ended = true;
        if (is_class) read_class(def_part, at, name, statement.line);
        else read_function(def_part, at, name, statement.line);
      } else if (!is_class && !name.empty() && class_body_of_innermost_def() != nullptr) {
        class_body_of_innermost_def()->methods.emplace_back(name, statement.line);
      }
      decorated_ = false;
      if (header) {
        const bool new_class = is_class && module_scope && !name.empty();
        blocks_.push_back({statement.indent, is_class ? BlockKind::Class : BlockKind::Function, result_.imports.size(),
                           new_class ? static_cast<int>(result_.classes.size()) - 1 : -1});
      }
      return;
    }
    others_.push_back({statement.line, std::string(s)});
    if (header) {
      BlockKind kind = BlockKind::Other;
      if (starts_with_word(s, "try")) kind = BlockKind::Try;
      if (starts_with_word(s, "if") && s.find("TYPE_CHECKING") != std::string_view::npos) kind = BlockKind::TypeChecking;
      blocks_.push_back({statement.indent, kind, result_.imports.size()});
      return;
    }
    if (module_scope) {
      for (const std::string& name : assigned_names(s)) {
        bind(name, statement.line);
        locally_bound_.insert(name);
        if (name == "__getattr__") result_.open_ended = true;
      }
    }
    if (starts_with_word(s, "global")) {
      size_t at = 6;
      while (at < s.size()) {
        while (at < s.size() && (s[at] == ' ' || s[at] == ',')) ++at;
        const std::string name = read_identifier(s, at);
        if (name.empty()) break;
        result_.bound.insert(name);
      }
    }
  }

  void read_function(std::string_view def_part, size_t after_name, const std::string& name, int line) {
    skip_spaces(def_part, after_name);
    if (after_name >= def_part.size() || def_part[after_name] != '(') return;
    size_t after = 0;
    const std::string_view inside = parenthesised(def_part, after_name, after);
    if (after == std::string_view::npos) return;
    result_.functions.push_back({name, line, decorated_, parse_parameters(inside)});
  }

  void read_class(std::string_view def_part, size_t after_name, const std::string& name, int line) {
    PythonClass found{name, line, {}, {}};
    skip_spaces(def_part, after_name);
    if (after_name < def_part.size() && def_part[after_name] == '(') {
      size_t after = 0;
      const std::string_view inside = parenthesised(def_part, after_name, after);
      for (size_t at = 0; at < inside.size();) {
        while (at < inside.size() && (inside[at] == ' ' || inside[at] == ',')) ++at;
        const std::string base = read_dotted(inside, at);
        if (base.empty()) break;
        skip_spaces(inside, at);
        if (at < inside.size() && inside[at] == '=') {  // metaclass=…: no base
          while (at < inside.size() && inside[at] != ',') ++at;
          continue;
        }
        found.bases.push_back(base);
        while (at < inside.size() && inside[at] != ',') ++at;
      }
    }
    result_.classes.push_back(std::move(found));
  }

  // The class whose body directly holds the next def: the innermost def/class block is a
  // module-scope class.
  PythonClass* class_body_of_innermost_def() {
    for (auto block = blocks_.rbegin(); block != blocks_.rend(); ++block) {
      if (block->kind == BlockKind::Function) return nullptr;
      if (block->kind == BlockKind::Class) return block->module_class >= 0 ? &result_.classes[block->module_class] : nullptr;
    }
    return nullptr;
  }

  void read_import(std::string_view s, int line, bool module_scope) {
    PythonImport base;
    base.line = line;
    base.module_scope = module_scope;
    for (const Block& block : blocks_)
      if (block.kind == BlockKind::TypeChecking) base.guarded = true;
    const size_t before = result_.imports.size();
    if (starts_with_word(s, "import")) read_plain_import(s, base, result_.imports);
    else read_from_import(s, base, result_.imports);
    for (size_t i = before; i < result_.imports.size(); ++i) {
      const PythonImport& entry = result_.imports[i];
      if (!entry.bound.empty()) {
        imported_names_.insert(entry.bound);
        if (module_scope) bind(entry.bound, line);
      }
    }
  }

  void bind(const std::string& name, int line) {
    if (result_.bound.insert(name).second) result_.definitions.emplace_back(name, line);
    else result_.rebound.insert(name);
  }

  void close_blocks(int indent) {
    while (!blocks_.empty() && blocks_.back().indent >= indent) {
      if (blocks_.back().kind == BlockKind::Try) {
        closed_try_ = blocks_.back();
        closed_try_end_ = result_.imports.size();
      }
      blocks_.pop_back();
    }
  }

  bool in_module_scope() const {
    for (const Block& block : blocks_)
      if (block.kind == BlockKind::Function || block.kind == BlockKind::Class) return false;
    return true;
  }

  // `alias.attr…` chains whose head an import binds and nothing else at module scope rebinds.
  void collect_attribute_uses() {
    for (const auto& [line, code] : others_) {
      const std::string_view s = code;
      size_t at = 0;
      while (at < s.size()) {
        if (!(is_ascii_letter(s[at]) || s[at] == '_') || (at > 0 && (is_identifier_char(s[at - 1]) || s[at - 1] == '.'))) {
          ++at;
          continue;
        }
        const std::string head = read_identifier(s, at);
        if (!imported_names_.contains(head) || locally_bound_.contains(head)) continue;
        PythonAttributeUse use{line, {head}};
        while (at + 1 < s.size() && s[at] == '.' && (is_ascii_letter(s[at + 1]) || s[at + 1] == '_')) {
          ++at;
          use.parts.push_back(read_identifier(s, at));
        }
        read_call(s, at, line, use.parts);
        if (use.parts.size() > 1) result_.attribute_uses.push_back(std::move(use));
      }
    }
  }

  void read_call(std::string_view s, size_t at, int line, const std::vector<std::string>& callee) {
    skip_spaces(s, at);
    if (at >= s.size() || s[at] != '(') return;
    size_t after = 0;
    const std::string_view inside = parenthesised(s, at, after);
    if (after == std::string_view::npos) return;
    PythonCall call;
    call.line = line;
    call.callee = callee;
    read_call_arguments(inside, call);
    result_.calls.push_back(std::move(call));
  }

  PythonModuleScan result_;
  bool decorated_ = false;  // a decorator line waits for its def or class
  std::set<std::string> locally_bound_;  // module-scope names bound other than by an import
  std::vector<Block> blocks_;
  std::optional<Block> closed_try_;
  size_t closed_try_end_ = 0;
  std::set<std::string> imported_names_;
  std::vector<std::pair<int, std::string>> others_;  // non-import statements: line, code
};

}  // namespace

PythonModuleScan scan_python_module(std::string_view text) { return Scanner().scan(text); }

}  // namespace atom
