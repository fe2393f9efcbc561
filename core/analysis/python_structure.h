// Python code structure as far as one side of one hunk shows it (SideLines from structure.h).
// All indexes are into that SideLines. A block whose end the hunk does not show has
// complete == false and runs to lines.size(): rules that need the whole block must check it.
//
//   python_blocks      every compound statement (if/elif/else/for/while/with/try/except/
//                      finally/def/class/match/case) whose header is in view, with its extent
//   enclosing_blocks   the blocks around one line, innermost last
//   python_if_chains   if/elif/else chains: the branches, their bodies, the names each binds
//   python_defs        the defs in view: decorators, parameters, whether each is used in the body
//   bound_names        the names one statement binds (assignment targets, for/with/except
//                      targets, imports, def/class names, walrus)
#pragma once
#include <string>
#include <string_view>
#include <vector>
#include "core/analysis/structure.h"

namespace atom {

enum class PyBlockKind { If, Elif, Else, For, While, With, Try, Except, Finally, Def, Class, Match, Case };

struct PyBlock {
  PyBlockKind kind = PyBlockKind::If;
  size_t header = 0;        // the header line (a decorated def's `def` line, not the decorator)
  size_t header_end = 0;    // the line holding the header's closing ':' (multi-line headers)
  size_t end = 0;           // one past the last line of the body
  bool complete = false;    // the body's end is visible in the hunk
  bool is_async = false;    // async def / async for / async with
  int indent = 0;
  std::string header_code;  // stripped code of the header's lines, joined with ' ', trimmed
  std::vector<size_t> body; // statement lines of the body (direct and nested), docstrings left out
};

// Blocks nested deeper than this (no real code comes close) are not read as blocks: their headers
// count as plain statements of the block around them.
inline constexpr size_t kMaxPythonNesting = 16;

std::vector<PyBlock> python_blocks(const SideLines& lines);
std::vector<const PyBlock*> enclosing_blocks(const std::vector<PyBlock>& blocks, size_t index);

struct PyBranch {
  std::string keyword;       // "if" | "elif" | "else"
  std::string condition;     // the condition's stripped code, "" for else
  size_t header = 0;
  const CodeLine* header_line = nullptr;
  std::vector<size_t> body;  // statement lines of the body (direct and nested)
  size_t end = 0;            // one past the body
  bool body_complete = false;
  bool exits = false;        // the body's last direct statement is return/raise/continue/break
  std::vector<std::string> assigned;         // bound by statements directly in the body, sorted
  std::vector<std::string> assigned_nested;  // bound only inside nested blocks of the body, sorted
};

struct PyIfChain {
  int indent = 0;
  std::vector<PyBranch> branches;  // in order: if, elif…, else
  bool starts_in_view = false;     // the `if` itself is in view (not only later elif/else)
  bool has_else = false;
  bool complete = false;           // the last branch's end is visible
  size_t end = 0;                  // one past the chain
};

std::vector<PyIfChain> python_if_chains(const SideLines& lines);

struct PyParam {
  std::string name;
  std::string kind;           // "" positional-or-keyword, "kwonly", "*" (*args), "**" (**kwargs)
  std::string annotation;     // stripped code, "" when none
  std::string default_value;  // stripped code, "" when none
  bool has_default = false;
  size_t line = 0;            // the line declaring it
  bool used_in_body = false;  // appears in the visible body (code, or inside an f-string's {...})
};

struct PyDef {
  std::string name;
  std::string qualified;            // CodeLine::function of the def line ("Class.method")
  size_t header = 0;                // the `def` line
  size_t signature_end = 0;         // the line holding the signature's closing ':'
  size_t end = 0;
  bool complete = false;            // the body's end is visible
  bool signature_complete = false;  // the whole signature is visible
  bool is_async = false;
  int indent = 0;
  std::vector<std::string> decorators;  // "@torch.inference_mode()" (stripped code, trimmed), in order
  std::vector<PyParam> params;
  std::vector<size_t> body;         // statement lines of the body, docstring left out
};

std::vector<PyDef> python_defs(const SideLines& lines);

// Names bound by the statement whose stripped code is `code` (header lines included: `for x in`,
// `with a as b:`, `def f(`, `except E as e:`). Attribute and subscript targets are not names.
std::vector<std::string> bound_names(std::string_view code);

}  // namespace atom
