#include "core/rules/d/d1c_init_bodies.h"

#include <re2/re2.h>

#include "core/analysis/diff_lines_by_side.h"
#include "core/analysis/file_trees.h"
#include "core/analysis/line_lexer.h"
#include "core/analysis/structure.h"
#include "core/analysis/syntax_text.h"
#include "core/model/diff.h"

namespace atom::d1c {
namespace {

// The head's tree holding file line `line`: the whole file, or the hunk's fragment.
const ast::FileSyntax* head_part_at(const FileView& file, int line) {
  for (const ast::FileSyntax& part : head_trees(file).parts)
    if (line >= part.first_line && line <= part.last_line) return &part;
  return nullptr;
}

// The statement that starts on `line`, if the head's tree has one there.
std::optional<Statement> statement_at(const FileView& file, int line) {
  const ast::FileSyntax* part = head_part_at(file, line);
  if (!part) return std::nullopt;
  for (Statement& statement : statements_in(part->tree, line, line))
    if (statement.first_line == line) return std::move(statement);
  return std::nullopt;
}

bool defines_init(const FileView& file, int line) {
  const ast::FileSyntax* part = head_part_at(file, line);
  if (!part) return false;
  for (const ast::PyFunction& function : part->python().functions)
    if (function.header_line == line && function.name == "__init__") return true;
  return false;
}

// A class header as git writes it in a hunk's section line.
struct SectionClass {
  std::string name;
  std::string bases;  // without spaces
  int indent = 0;
};

std::optional<SectionClass> section_class(const HunkView& hunk) {
  static const RE2 kClass(R"(^(\s*)class\s+(\w+)\s*(?:\((.*)\))?\s*:)");
  if (hunk.hunk == nullptr) return std::nullopt;
  std::string indent, name, bases;
  if (!RE2::PartialMatch(hunk.hunk->section, kClass, &indent, &name, &bases)) return std::nullopt;
  return SectionClass{name, ast::without_spaces(bases), indent_columns(indent)};
}

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
  const size_t first = line.code.find_first_not_of(" \t");
  return first != std::string::npos && (line.code[first] == ')' || line.code[first] == ']' || line.code[first] == '}');
}

// Hunks further apart than this are not assumed to continue the same method.
constexpr int kMaxCarriedGap = 30;

// What a statement line says about whether a later hunk still continues `__init__` (the lines
// in between are unseen): assigning `self.X` looks like one; reading `self.X` first, or
// returning, looks like another method's (lazy set-up: `if self._x is None: self._x = …`).
enum class Continuation { Unknown, Likely, Unlikely };

Continuation continuation_evidence(const FileView& file, const CodeLine& line) {
  if (line.blank_or_comment || line.continuation || line.in_docstring) return Continuation::Unknown;
  const std::optional<Statement> statement = statement_at(file, line.new_line);
  if (!statement) return Continuation::Unknown;
  if (!statement->use.assigned.empty()) return Continuation::Likely;
  if (!statement->use.first_read_line.empty() || statement->leaves) return Continuation::Unlikely;
  return Continuation::Unknown;
}

// A line at a method body's indent below a class section, outside any function the tracker
// knows, that calls a base `__init__`: the body of an `__init__` whose def is above the hunk.
bool starts_guessed_body(const FileView& file, const CodeLine& line, const std::optional<SectionClass>& section) {
  if (!section || !line.function.empty() || line.indent != section->indent + 8) return false;
  const std::optional<Statement> statement = statement_at(file, line.new_line);
  return statement && statement->use.calls_base_init;
}

}  // namespace

bool adds_in_an_init(const FileView& file) {
  for (const HunkView& hunk : file.hunks)
    for (const CodeLine& line : hunk.lines)
      if (line.kind == LineKind::Added && is_init(line.function)) return true;
  return false;
}

std::vector<InitBody> init_bodies(const FileView& file) {
  std::vector<InitBody> bodies;
  constexpr size_t kNone = static_cast<size_t>(-1);
  size_t open = kNone;  // index of the body being followed
  std::string open_function;
  std::vector<const CodeLine*> pending;  // lines of a carried hunk awaiting evidence
  int last_line = 0;
  for (const HunkView& hunk : file.hunks) {
    const std::optional<SectionClass> section = section_class(hunk);
    if (open != kNone && (hunk.hunk == nullptr || hunk.hunk->new_start - last_line > kMaxCarriedGap || !section ||
                          section->name != bodies[open].class_name || bodies[open].method_indent < 0))
      open = kNone;
    pending.clear();
    bool carried = open != kNone;  // this hunk starts past unseen lines
    for (const CodeLine& line : hunk.lines) {
      if (line.kind == LineKind::Removed) continue;
      last_line = line.new_line;
      const bool loose =
          line.blank_or_comment || line.continuation || line.in_docstring || starts_with_closing_bracket(line);
      if (open != kNone) {
        InitBody& body = bodies[open];
        const bool inside = line.function == open_function ||
                            (body.method_indent >= 0 && (loose || line.indent > body.method_indent));
        if (inside && carried) {
          const Continuation evidence = continuation_evidence(file, line);
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
      if (is_init(line.function) && defines_init(file, line.new_line)) {
        open = bodies.size();
        open_function = line.function;
        bodies.push_back({class_of(line.function), {&line}, {false}, true, false, line.indent});
      } else if (is_init(line.function) && !line.blank_or_comment) {
        open = bodies.size();  // the def is above the hunk (a section naming the method)
        open_function = line.function;
        bodies.push_back({class_of(line.function), {&line}, {false}, false, false, -1});
      } else if (!loose && starts_guessed_body(file, line, section)) {
        open = bodies.size();
        open_function.clear();
        bodies.push_back({section->name, {&line}, {false}, false, true, section->indent + 4});
      }
      carried = false;
    }
  }
  return bodies;
}

namespace {

// Runs of the body's lines that one head tree holds, as file line ranges.
template <typename Visit>
void for_each_part_run(const FileView& file, const InitBody& body, Visit visit) {
  size_t i = 0;
  while (i < body.lines.size()) {
    const ast::FileSyntax* part = head_part_at(file, body.lines[i]->new_line);
    size_t end = i;
    while (end + 1 < body.lines.size() && body.lines[end + 1]->new_line <= (part ? part->last_line : 0)) ++end;
    if (part) visit(*part, body.lines[i]->new_line, body.lines[end]->new_line);
    i = end + 1;
  }
}

}  // namespace

std::vector<Statement> statements_of(const FileView& file, const InitBody& body) {
  std::map<int, bool> nested_at;  // body line → whether it belongs to a nested def
  for (size_t i = 0; i < body.lines.size(); ++i) nested_at.emplace(body.lines[i]->new_line, body.nested[i]);
  std::vector<Statement> statements;
  for_each_part_run(file, body, [&](const ast::FileSyntax& part, int first, int last) {
    for (Statement& statement : statements_in(part.tree, first, last)) {
      const auto at = nested_at.find(statement.first_line);
      if (at != nested_at.end() && !at->second) statements.push_back(std::move(statement));
    }
  });
  return statements;
}

Guards guards_of(const FileView& file, const InitBody& body) {
  Guards guards;
  for_each_part_run(file, body, [&](const ast::FileSyntax& part, int first, int last) {
    add_guards(part.tree, first, last, guards);
  });
  return guards;
}

bool shown_from_def(const InitBody& body, int line) {
  if (!body.starts_at_def) return false;
  for (size_t i = 1; i < body.lines.size() && body.lines[i - 1]->new_line < line; ++i)
    if (body.lines[i]->new_line != body.lines[i - 1]->new_line + 1) return false;
  return true;
}

FileClasses::FileClasses(const FileView& file) {
  const HeadLines lines(file);
  for (const HunkView& hunk : file.hunks)
    if (const std::optional<SectionClass> section = section_class(hunk))
      add_header(section->name, section->bases, section->indent);
  for (const ast::FileSyntax& part : head_trees(file).parts) {
    const ast::PythonSyntax& python = part.python();
    for (const ast::PyClass& entry : python.classes) {
      const CodeLine* header = lines.at(entry.header_line);
      if (!header) continue;
      std::string bases;
      const auto add_base = [&bases](const std::string& base) {
        if (!bases.empty()) bases += ',';
        bases += base;
      };
      for (const std::string& base : entry.bases) add_base(ast::without_spaces(base));
      for (const ast::PyArgument& keyword : entry.keywords) add_base(keyword.keyword + "=" + ast::without_spaces(keyword.text));
      add_header(entry.name, bases, header->indent);
    }
    for (const ast::PyBinding& binding : python.bindings) {
      if (binding.target != ast::PyTarget::Name) continue;
      const CodeLine* line = lines.at(binding.line);
      if (!line) continue;
      const ast::PyBindingForm form = binding.form;
      const bool defines = form == ast::PyBindingForm::Def;
      const bool binds_here = form == ast::PyBindingForm::Assign || form == ast::PyBindingForm::ForTarget ||
                              form == ast::PyBindingForm::WithAs || form == ast::PyBindingForm::Walrus ||
                              form == ast::PyBindingForm::ExceptAs || form == ast::PyBindingForm::Import ||
                              form == ast::PyBindingForm::ImportFrom || form == ast::PyBindingForm::Class ||
                              (form == ast::PyBindingForm::Annotated && !binding.value.empty());
      // A fragment cut inside a function reads as module level to its tree: the tracker knows better.
      if (defines || (binds_here && binding.function.empty() && line->function.empty()))
        names_at_indent_[line->indent].insert(binding.name);
    }
  }
}

void FileClasses::add_header(const std::string& name, const std::string& bases, int indent) {
  auto [it, inserted] = headers_.try_emplace(name, Header{bases, indent, false});
  if (inserted) return;
  if (it->second.bases != bases) it->second.conflicting = true;
  it->second.bases = bases;
  it->second.indent = indent;
}

ClassFacts FileClasses::facts(const std::string& class_name) const {
  ClassFacts facts;
  const auto header = headers_.find(class_name);
  const bool known = header != headers_.end();
  if (known && !header->second.conflicting) facts.bases = header->second.bases;
  const auto names = names_at_indent_.find(known ? header->second.indent + 4 : 4);
  if (names != names_at_indent_.end()) facts.class_names = names->second;
  return facts;
}

}  // namespace atom::d1c
