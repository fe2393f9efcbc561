// D1c: `__init__` reads `self.X` before the same `__init__` assigns it (pylint E0203).
#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <re2/re2.h>

#include "core/analysis/line_lexer.h"
#include "core/analysis/review_model.h"
#include "core/model/diff.h"
#include "core/rules/d/d1c_line_statements.h"
#include "core/rules/rule.h"

namespace atom {
namespace {

const RuleMeta kMeta{
    .id = "D1c",
    .slug = "attribute-read-before-init-assigns",
    .category = "D",
    .default_severity = Severity::Red,
    .summary = "`__init__` reads `self.X` on a new line before a later line of the same `__init__` assigns it.",
    .what =
        "Finds a Python `__init__` where an added statement (an assert, a condition, a call argument, "
        "`self.X.y = …`, `self.X[i] = …`) reads `self.X` and a later line of the same `__init__` "
        "assigns `self.X = …` (plain, annotated or tuple target), with no earlier assignment of "
        "`self.X` (nor `setattr(self, \"X\", …)`) in view. The first read of each attribute is reported.",
    .why =
        "Until `__init__` assigns it the instance has no attribute `X`, so the read raises "
        "`AttributeError` while the object is being built. Checks added in front of the "
        "assignments they test are the usual shape, and they only run when their guard is on, "
        "so the default configuration never shows it (ATOM#65, fixed by moving the asserts down in ATOM#108).",
    .example =
        "```python\nclass Attention(nn.Module):\n    def __init__(self, q_norm=None):\n        super().__init__()\n"
        "        if FUSE_QK_NORM:\n            assert self.q_norm is not None   # AttributeError\n"
        "        self.q_norm = q_norm\n```\n"
        "Use instead: put the assert after `self.q_norm = q_norm`, or test the parameter `q_norm`.",
    .must_not_fire =
        "The read is guarded by `hasattr(self, \"X\")` / `getattr(self, \"X\", …)`; the `__init__` "
        "catches `AttributeError` or uses `self.__dict__` / `vars(self)` / `setattr` with a computed name; "
        "the read sits on the assigning line itself (`self.x = self.x or default` reads a class or base "
        "value on purpose); `self.X` is assigned earlier (also by `setattr(self, \"X\", …)`); an earlier "
        "call hands `self` to other code (`self.register_buffer(…)`, `init_weights(self)`) or runs a base "
        "`__init__` whose bases are not known to be stateless; the file defines a class attribute `X = …` / "
        "`X: T = …` at class-body indent, a method or property `def X`, or `__getattr__` / `__new__`; the "
        "read is inside a nested def or lambda (it runs later); `self.X: T` alone (a declaration); the "
        "first read of `X` is an unchanged line; lines before the read are out of view and the later "
        "assignment is an unchanged line; a later hunk (past unseen lines) reads `self.…` or returns before "
        "it assigns any `self.…` (it is likely another method); any function other than `__init__`. The finding is red only when "
        "the diff shows `__init__` from its `def` to the assignment without a gap and the class's bases "
        "are known and stateless (none, `object`, `nn.Module`, `ABC`, `Protocol`); otherwise it is "
        "inferred (warn).",
    .source = "ATOM#65",
    .messages = {{
        .id = "read-before-assign",
        .problem = "`self.{attr}` is read at line {read_line} of `__init__`, but the first assignment "
                   "`self.{attr} = …` comes later, at line {assign_line}",
        .impact = "AttributeError when the class is constructed along this path",
        .action_verified = "move the read after `self.{attr} = …` (line {assign_line}) or assign it first",
        .action_inferred = "whether a base class, a class attribute or a line the diff does not show sets "
                           "`self.{attr}` before line {read_line}",
        .trigger = "`self.{attr}` read at line {read_line}, first assigned at line {assign_line} of the same `__init__`",
    }},
    .line_patterns = {},
};

// Bases whose `__init__` sets no attribute a subclass would read as its own.
bool stateless_bases(std::string_view bases) {
  static const std::set<std::string_view> kStateless = {"",    "object",    "nn.Module", "torch.nn.Module",
                                                        "ABC", "abc.ABC", "Protocol"};
  size_t start = 0;
  while (start <= bases.size()) {
    size_t comma = bases.find(',', start);
    size_t length = comma == std::string_view::npos ? std::string_view::npos : comma - start;
    std::string_view base = d1c::trim(bases.substr(start, length));
    if (!kStateless.count(base)) return false;
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return true;
}

// What `nn.Module.__init__` sets on the instance.
bool module_state(const std::string& attr) {
  static const std::set<std::string> kModuleState = {
      "training", "_parameters", "_buffers", "_modules", "_non_persistent_buffers_set", "_backward_hooks",
      "_backward_pre_hooks", "_forward_hooks", "_forward_pre_hooks", "_state_dict_hooks",
      "_load_state_dict_pre_hooks", "_load_state_dict_post_hooks", "_state_dict_pre_hooks"};
  return kModuleState.count(attr) > 0;
}

struct ClassHeader {
  std::string name;
  std::string bases;  // text inside the parentheses, "" when there are none
  int indent = 0;
};

std::optional<ClassHeader> parse_class(std::string_view code) {
  static const RE2 kClass(R"(^(\s*)class\s+(\w+)\s*(?:\((.*)\))?\s*:)");
  // Every line of a file comes here: only one that starts with `class` can match.
  const size_t first = code.find_first_not_of(" \t\n\v\f\r");
  if (first == std::string_view::npos || code.compare(first, 5, "class") != 0) return std::nullopt;
  std::string indent, name, bases;
  if (!RE2::PartialMatch(re2::StringPiece(code.data(), code.size()), kClass, &indent, &name, &bases)) return std::nullopt;
  return ClassHeader{name, bases, indent_columns(indent)};
}

// The new-side lines of one `__init__` body (context and added, with blank and nested lines so
// gaps show), as far as the diff lets us follow it.
struct InitBody {
  std::string class_name;                 // "" when unknown
  std::vector<const CodeLine*> lines;
  std::vector<bool> nested;               // the line belongs to a nested def
  bool starts_at_def = false;             // lines.front() is `def __init__`
  bool guessed = false;                   // no def in view; recognised by its super().__init__() call
  int method_indent = -1;                 // indent of the def line; -1 when unknown
};

bool is_init(std::string_view function) {
  return function == "__init__" || (function.size() > 9 && function.substr(function.size() - 9) == ".__init__");
}

std::string class_of(std::string_view function) {
  if (function.size() <= 9) return {};
  std::string_view owner = function.substr(0, function.size() - 9);
  size_t dot = owner.rfind('.');
  return std::string(dot == std::string_view::npos ? owner : owner.substr(dot + 1));
}

bool starts_with_closing_bracket(const CodeLine& line) {
  std::string_view code = d1c::trim(line.code);
  return !code.empty() && (code.front() == ')' || code.front() == ']' || code.front() == '}');
}

const RE2& self_attribute() {
  static const RE2 re(R"((?:^|[^\w.])self\s*\.\s*([A-Za-z_]\w*))");
  return re;
}

// Hunks further apart than this are not assumed to continue the same method.
constexpr int kMaxCarriedGap = 30;

// What a statement line says about whether a later hunk still continues `__init__` (the lines
// in between are unseen): assigning `self.X` looks like one; reading `self.X` first, or
// returning, looks like another method's (lazy set-up: `if self._x is None: self._x = …`).
enum class Continuation { Unknown, Likely, Unlikely };

Continuation continuation_evidence(const CodeLine& line) {
  static const RE2 kSelfTarget(R"(self\s*\.\s*\w+)");
  if (line.blank_or_comment || line.continuation || line.in_docstring) return Continuation::Unknown;
  for (std::string_view target : d1c::python_assignment(line.code).targets)
    if (RE2::FullMatch(re2::StringPiece(target.data(), target.size()), kSelfTarget)) return Continuation::Likely;
  if (RE2::PartialMatch(line.code, self_attribute()) || d1c::starts_with_word(line.code, "return") ||
      d1c::starts_with_word(line.code, "yield"))
    return Continuation::Unlikely;
  return Continuation::Unknown;
}

// Follows each `__init__` through the file: the lines the tracker names `…__init__`; the lines of
// later hunks (git names the class, not the method, in their header) that stay deeper than the
// def, once such a hunk assigns `self.X` before reading any; and a body whose def is out of view
// but whose `super().__init__(` call is in view.
std::vector<InitBody> init_bodies(const FileView& file) {
  static const RE2 kSuperInit(R"((?:^|[^\w.])super\s*\([^)]*\)\s*\.\s*__init__\s*\()");
  std::vector<InitBody> bodies;
  constexpr size_t kNone = static_cast<size_t>(-1);
  size_t open = kNone;  // index of the body being followed
  std::string open_function;
  std::vector<const CodeLine*> pending;  // lines of a carried hunk awaiting evidence
  int last_line = 0;
  for (const HunkView& hunk : file.hunks) {
    std::optional<ClassHeader> section = parse_class(hunk.hunk ? std::string_view(hunk.hunk->section) : "");
    if (open != kNone && (hunk.hunk == nullptr || hunk.hunk->new_start - last_line > kMaxCarriedGap || !section ||
                          section->name != bodies[open].class_name || bodies[open].method_indent < 0))
      open = kNone;
    pending.clear();
    bool carried = open != kNone;  // this hunk starts past unseen lines
    for (const CodeLine& line : hunk.lines) {
      if (line.kind == LineKind::Removed) continue;
      last_line = line.new_line;
      bool loose = line.blank_or_comment || line.continuation || line.in_docstring || starts_with_closing_bracket(line);
      if (open != kNone) {
        InitBody& body = bodies[open];
        bool inside = line.function == open_function ||
                      (body.method_indent >= 0 && (loose || line.indent > body.method_indent));
        if (inside && carried) {
          Continuation evidence = continuation_evidence(line);
          if (evidence == Continuation::Unlikely) {
            open = kNone;
            continue;
          }
          pending.push_back(&line);
          if (evidence == Continuation::Unknown) continue;
          carried = false;
          for (const CodeLine* held : pending) {
            body.lines.push_back(held);
            body.nested.push_back(!held->function.empty() && held->function != open_function);
          }
          pending.clear();
          continue;
        }
        if (inside) {
          body.lines.push_back(&line);
          body.nested.push_back(!line.function.empty() && line.function != open_function);
          continue;
        }
        open = kNone;
      }
      if (is_init(line.function) && d1c::python_def_name(line.code) == "__init__") {
        open = bodies.size();
        open_function = line.function;
        bodies.push_back({class_of(line.function), {&line}, {false}, true, false, line.indent});
      } else if (is_init(line.function) && !line.blank_or_comment) {
        open = bodies.size();  // the def is above the hunk (a section naming the method)
        open_function = line.function;
        bodies.push_back({class_of(line.function), {&line}, {false}, false, false, -1});
      } else if (line.function.empty() && section && !loose && line.indent == section->indent + 8 &&
                 RE2::PartialMatch(line.code, kSuperInit)) {
        open = bodies.size();
        open_function.clear();
        bodies.push_back({section->name, {&line}, {false}, false, true, section->indent + 4});
      }
      carried = false;
    }
  }
  return bodies;
}

// What the file shows of a class: its header's bases, and the names its body defines.
struct ClassFacts {
  std::optional<std::string> bases;   // unset when no header (or conflicting ones) is in view
  std::set<std::string> class_names;  // class attributes and defs at the class-body indent
};

// What the file shows of every class, gathered in one pass: each class header seen (bases
// conflicting between two headers of one name make them unknown), and the names defined or bound
// at each indent outside functions.
class FileClasses {
 public:
  explicit FileClasses(const FileView& file) {
    auto consider = [&](std::string_view code) {
      std::optional<ClassHeader> found = parse_class(code);
      if (!found) return;
      auto [it, inserted] = headers_.try_emplace(found->name, Header{*found, false});
      if (!inserted) {
        if (it->second.header.bases != found->bases) it->second.conflicting = true;
        it->second.header = *found;
      }
    };
    for (const HunkView& hunk : file.hunks) {
      if (hunk.hunk) consider(hunk.hunk->section);
      for (const CodeLine& line : hunk.lines)
        if (line.kind != LineKind::Removed) consider(line.code);
    }
    std::vector<const CodeLine*> lines = d1c::new_side_lines(file);
    for (size_t i = 0; i < lines.size(); ++i) {
      const CodeLine& line = *lines[i];
      if (line.blank_or_comment || line.continuation || line.in_docstring) continue;
      std::string def = d1c::python_def_name(line.code);
      if (!def.empty()) names_at_indent_[line.indent].insert(def);
      if (!line.function.empty()) continue;
      size_t end = i;
      for (std::string& name : d1c::python_bound_names(d1c::statement_text(lines, i, &end)))
        names_at_indent_[line.indent].insert(name);
    }
  }

  // The bases of `class_name`'s header and the names at its class-body indent (of this class or
  // of another class with the same indent: erring towards silence).
  ClassFacts facts(const std::string& class_name) const {
    ClassFacts facts;
    const auto header = headers_.find(class_name);
    const bool known = header != headers_.end();
    if (known && !header->second.conflicting) facts.bases = header->second.header.bases;
    const auto names = names_at_indent_.find(known ? header->second.header.indent + 4 : 4);
    if (names != names_at_indent_.end()) facts.class_names = names->second;
    return facts;
  }

 private:
  struct Header {
    ClassHeader header;
    bool conflicting = false;
  };
  std::map<std::string, Header> headers_;
  std::map<int, std::set<std::string>> names_at_indent_;
};

// `self.X` reads and assignments of one statement.
struct AttributeUse {
  std::map<std::string, int> reads;  // attribute → occurrences that are not pure targets
  std::set<std::string> assigned;
  bool opaque = false;               // may set attributes whose names the text does not show
  bool calls_base_init = false;      // super().__init__(…) / Base.__init__(self, …)
  bool passes_self = false;          // hands `self` to a function (`init_weights(self)`)
  std::set<std::string> self_calls;  // `self.m(…)`: a method that could set attributes, unless m is one
};

// `code` is the statement's stripped code; `raw` its diff text, where string literals survive.
AttributeUse attribute_use(const std::string& code, std::string_view raw) {
  static const RE2 kBareAnnotation(R"(\s*self\s*\.\s*\w+\s*:[^=]*)");
  static const RE2 kLambda(R"(((?:^|\W)lambda\W))");
  static const RE2 kPureTarget(R"(self\s*\.\s*([A-Za-z_]\w*))");
  static const RE2 kSetattrLiteral(R"(setattr\(\s*self\s*,\s*["']([A-Za-z_]\w*)["'])");
  static const RE2 kSetattrAny(R"(setattr\(\s*self\s*,)");
  static const RE2 kDictAccess(R"(__dict__|vars\(\s*self\s*\)|__setattr__)");
  static const RE2 kBaseInit(R"((?:super\s*\([^)]*\)|[\w.]+)\s*\.\s*__init__\s*\(\s*(?:self\s*[,)])?)");
  static const RE2 kSelfMethodCall(R"((?:^|[^\w.])self\s*\.\s*(\w+)\s*\()");
  static const RE2 kSelfArgument(R"(\(\s*self\s*[,)])");
  AttributeUse use;
  if (RE2::FullMatch(code, kBareAnnotation)) return use;  // `self.x: T` declares: neither reads nor sets
  std::string_view text = code;  // a lambda's body runs later: only the text before it counts
  re2::StringPiece lambda;
  if (RE2::PartialMatch(code, kLambda, &lambda)) text = text.substr(0, static_cast<size_t>(lambda.data() - code.data()));
  re2::StringPiece input(text.data(), text.size());
  std::string attr;
  while (RE2::FindAndConsume(&input, self_attribute(), &attr)) ++use.reads[attr];
  for (std::string_view target : d1c::python_assignment(text).targets) {
    if (RE2::FullMatch(re2::StringPiece(target.data(), target.size()), kPureTarget, &attr)) {
      use.assigned.insert(attr);
      if (--use.reads[attr] == 0) use.reads.erase(attr);
    }
  }
  re2::StringPiece raw_input(raw.data(), raw.size());
  while (RE2::FindAndConsume(&raw_input, kSetattrLiteral, &attr)) use.assigned.insert(attr);
  std::string other_setattr(raw);
  RE2::GlobalReplace(&other_setattr, kSetattrLiteral, "");
  use.opaque = RE2::PartialMatch(other_setattr, kSetattrAny) || RE2::PartialMatch(std::string(raw), kDictAccess);
  std::string calls = code;
  use.calls_base_init = RE2::GlobalReplace(&calls, kBaseInit, "") > 0;
  use.passes_self = RE2::PartialMatch(calls, kSelfArgument);
  re2::StringPiece calls_input(calls);
  while (RE2::FindAndConsume(&calls_input, kSelfMethodCall, &attr)) use.self_calls.insert(attr);
  return use;
}

std::string raw_statement(const std::vector<const CodeLine*>& lines, size_t first, size_t end) {
  std::string text;
  for (size_t i = first; i <= end; ++i) {
    text += d1c::raw_text(*lines[i]);
    text += '\n';
  }
  return text;
}

// The attributes the body guards with hasattr/getattr by name, and whether it catches AttributeError.
struct Guards {
  std::set<std::string> named;
  bool catches_attribute_error = false;
};

Guards guards_of(const InitBody& body) {
  static const RE2 kNamedGuard(R"((?:hasattr|getattr)\(\s*self\s*,\s*["']([A-Za-z_]\w*)["'])");
  Guards guards;
  for (const CodeLine* line : body.lines) {
    std::string_view raw = d1c::raw_text(*line);
    re2::StringPiece input(raw.data(), raw.size());
    std::string attr;
    while (RE2::FindAndConsume(&input, kNamedGuard, &attr)) guards.named.insert(attr);
    guards.catches_attribute_error |= raw.find("AttributeError") != std::string_view::npos;
  }
  return guards;
}

struct Statement {
  size_t first = 0, end = 0;
  AttributeUse use;
};

std::vector<Statement> statements_of(const InitBody& body) {
  std::vector<Statement> statements;
  const auto& lines = body.lines;
  for (size_t i = 0; i < lines.size(); ++i) {
    const CodeLine& line = *lines[i];
    if (body.nested[i] || line.blank_or_comment || line.continuation || line.in_docstring) continue;
    size_t end = i;
    std::string code = d1c::statement_text(lines, i, &end);
    if (!(i == 0 && body.starts_at_def)) statements.push_back({i, end, attribute_use(code, raw_statement(lines, i, end))});
    i = end;
  }
  return statements;
}

// The line of the statement holding the first read of `attr`.
size_t read_line_index(const InitBody& body, const Statement& statement, const std::string& attr) {
  for (size_t i = statement.first; i <= statement.end; ++i) {
    re2::StringPiece input(body.lines[i]->code);
    std::string found;
    while (RE2::FindAndConsume(&input, self_attribute(), &found))
      if (found == attr) return i;
  }
  return statement.first;
}

class D1cRule : public Rule {
 public:
  const RuleMeta& meta() const override { return kMeta; }

  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    for (const FileView& file : model.files) {
      if (file.language != Language::Python) continue;
      std::optional<FileClasses> classes;  // only for a file with an `__init__` in view
      for (const InitBody& body : init_bodies(file)) {
        if (!classes) classes.emplace(file);
        check_body(file, body, classes->facts(body.class_name), out);
      }
    }
  }

 private:
  void check_body(const FileView& file, const InitBody& body, const ClassFacts& facts, std::vector<Finding>& out) const {
    std::vector<Statement> statements = statements_of(body);
    Guards guards = guards_of(body);
    if (guards.catches_attribute_error) return;
    for (const char* hook : {"__getattr__", "__getattribute__", "__new__"})
      if (facts.class_names.count(hook)) return;  // attributes may come from elsewhere
    std::set<std::string> assigned, settled;  // settled: first read already judged
    const bool stateless = facts.bases && stateless_bases(*facts.bases);
    std::map<std::string, std::vector<size_t>> assignments;  // attribute → statements assigning it, in order
    for (size_t s = 0; s < statements.size(); ++s)
      for (const std::string& attr : statements[s].use.assigned) assignments[attr].push_back(s);
    bool base_initialised = false;
    for (size_t s = 0; s < statements.size(); ++s) {
      const Statement& statement = statements[s];
      // From here on any attribute may exist: set by name at run time, by code that got `self`
      // (a method, a helper), or by a base class `__init__` whose attributes we cannot see.
      if (statement.use.opaque || statement.use.passes_self) return;
      for (const std::string& method : statement.use.self_calls)
        if (!assignments.count(method)) return;  // a method, not an attribute holding a callable
      if (statement.use.calls_base_init && !stateless) return;
      base_initialised |= statement.use.calls_base_init;
      for (const auto& [attr, occurrences] : statement.use.reads) {
        if (assigned.count(attr) || statement.use.assigned.count(attr) || !settled.insert(attr).second) continue;
        if (guards.named.count(attr) || facts.class_names.count(attr)) continue;
        if (base_initialised && module_state(attr)) continue;
        size_t read = read_line_index(body, statement, attr);
        if (body.lines[read]->kind != LineKind::Added) continue;
        std::optional<size_t> assign = later_assignment(statements, assignments, s, attr);
        if (!assign) continue;
        // Unseen lines before the read may set the attribute; a later assignment the PR adds
        // (rather than one already there) says the attribute is new or being moved.
        bool prefix_visible = body.starts_at_def && d1c::contiguous(body.lines, 0, read);
        if (!prefix_visible && body.lines[*assign]->kind != LineKind::Added) continue;
        bool verified =
            body.starts_at_def && !body.guessed && d1c::contiguous(body.lines, 0, *assign) && stateless;
        report(file, *body.lines[read], *body.lines[*assign], attr, verified, out);
      }
      assigned.insert(statement.use.assigned.begin(), statement.use.assigned.end());
    }
  }

  // The first line of the first statement after `from` that assigns `attr`.
  static std::optional<size_t> later_assignment(const std::vector<Statement>& statements,
                                                const std::map<std::string, std::vector<size_t>>& assignments,
                                                size_t from, const std::string& attr) {
    auto found = assignments.find(attr);
    if (found == assignments.end()) return std::nullopt;
    auto next = std::upper_bound(found->second.begin(), found->second.end(), from);
    if (next == found->second.end()) return std::nullopt;
    return statements[*next].first;
  }

  void report(const FileView& file, const CodeLine& read, const CodeLine& assign, const std::string& attr,
              bool verified, std::vector<Finding>& out) const {
    std::string read_line = std::to_string(read.new_line), assign_line = std::to_string(assign.new_line);
    Finding finding = d1c::finding_at("D1c", file, read, "read-before-assign",
                                     {{"attr", attr}, {"read_line", read_line}, {"assign_line", assign_line}});
    if (verified) {
      finding.severity = Severity::Red;
      finding.trigger.emplace();
    } else {
      finding.tag = Tag::Inferred;
    }
    d1c::add_unique(out, std::move(finding));
  }
};

}  // namespace

std::unique_ptr<Rule> make_d1c_attribute_read_before_init_assigns() { return std::make_unique<D1cRule>(); }

}  // namespace atom
