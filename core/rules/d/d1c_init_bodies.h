// What a file shows of each `__init__` for D1c: the body, followed through the diff's hunks as
// far as the diff lets it be, its statements read from the head's syntax trees, and what the file
// shows of the class. Best effort on a window of a file: never throws.
#pragma once
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/analysis/review_model.h"
#include "core/rules/d/d1c_init_statements.h"

namespace atom::d1c {

// The new-side lines of one `__init__` body (context and added, blank and nested lines too, so
// gaps show).
struct InitBody {
  std::string class_name;             // "" when unknown
  std::vector<const CodeLine*> lines;
  std::vector<bool> nested;           // the line belongs to a nested def
  bool starts_at_def = false;         // lines.front() is `def __init__`
  bool guessed = false;               // no def in view; recognised by its base `__init__` call
  int method_indent = -1;             // indent of the def line; -1 when unknown
};

// Each `__init__` of the file: the lines the function tracker names `…__init__`; the lines of
// later hunks (git names the class, not the method, in their header) that stay deeper than the
// def, once such a hunk assigns `self.X` before reading any; and a body whose def is out of view
// but whose base `__init__` call is in view.
std::vector<InitBody> init_bodies(const FileView& file);
// Whether the diff adds a line the function tracker places in an `__init__`. Every finding reads
// an attribute on an added line of a body; on a whole file the tracker places every line, so a
// file without one needs none of the above (which reads the head's trees at each `__init__`).
bool adds_in_an_init(const FileView& file);

// The body's statements in order, without the def itself and nested defs.
std::vector<Statement> statements_of(const FileView& file, const InitBody& body);
Guards guards_of(const FileView& file, const InitBody& body);
// Whether the body shows every line from its `def` down to file line `line`.
bool shown_from_def(const InitBody& body, int line);

// What the file shows of a class: its header's bases, and the names its body defines.
struct ClassFacts {
  std::optional<std::string> bases;   // "nn.Module,Mixin" (no spaces); unset when no header (or conflicting ones) is in view
  std::set<std::string> class_names;  // class attributes and defs at the class-body indent
};

// Every class header the file shows (in the head's trees, or as a hunk's section), and the names
// bound at each indent outside functions.
class FileClasses {
 public:
  explicit FileClasses(const FileView& file);
  // The bases of `class_name`'s header and the names at its class-body indent (of this class or
  // of another class with the same indent: erring towards silence).
  ClassFacts facts(const std::string& class_name) const;

 private:
  struct Header {
    std::string bases;  // as ClassFacts::bases, keywords as "metaclass=M"
    int indent = 0;
    bool conflicting = false;
  };
  void add_header(const std::string& name, const std::string& bases, int indent);
  std::map<std::string, Header> headers_;
  std::map<int, std::set<std::string>> names_at_indent_;
};

}  // namespace atom::d1c
