// G1b: a blocking queue get() with no timeout in a `while True:` worker of serving code.
#include <memory>
#include <set>
#include <string_view>
#include <re2/re2.h>

#include "core/analysis/changed_lines.h"
#include "core/analysis/file_trees.h"
#include "core/analysis/python_nodes.h"
#include "core/analysis/review_model.h"
#include "core/analysis/syntax_text.h"
#include "core/rules/rule.h"
#include "core/rules/finding_at.h"

namespace atom {
namespace {

const RuleMeta kMeta{
    .id = "G1b",
    .slug = "blocking-queue-get-in-worker",
    .category = "G",
    .default_severity = Severity::Warn,
    .summary = "A queue get() with no timeout inside a `while True:` worker loop of serving code.",
    .what =
        "In serving code (`atom/entrypoints/**`, `atom/model_engine/**`, files named `*server*.py` "
        "or `*scheduler*.py`), finds a new `queue.get()` / `await queue.get()` call without a "
        "timeout inside a `while True:` loop whose body has no `Empty`/`TimeoutError` handling and "
        "no way out (`break`/`return` on a done flag or sentinel).",
    .why =
        "A worker blocked forever on an empty queue cannot notice shutdown, a dead peer or a "
        "cancelled request: the server hangs on exit or leaks the thread, and the hang shows up "
        "only under load or during restarts.",
    .example =
        "```python\nwhile True:\n    req = self.input_queue.get()   # blocks forever at shutdown\n"
        "    self.handle(req)\n```\nUse instead: `get(timeout=…)` with `except queue.Empty: "
        "continue` and a stop flag, or a sentinel that breaks the loop.",
    .must_not_fire =
        "Tests, CLIs and one-shot scripts (not serving code); `get(timeout=…)`, `get_nowait()`, "
        "`asyncio.wait_for(q.get(), …)`; a loop that catches `Empty`/`TimeoutError` or breaks/"
        "returns on a done flag or sentinel; hand-offs through `loop.call_soon_threadsafe` "
        "(ATOM#789).",
    .source = "ATOM#789 (must not fire)",
    .messages = {{
        .id = "blocking-get",
        .problem = "`{call}` blocks with no timeout inside the `while True:` worker loop at line {loop_line}, "
                   "with no Empty/Timeout handling or exit",
        .impact = "the worker hangs forever when the producer stops: the server cannot shut down cleanly "
                  "and a dead peer is never noticed",
        .action_verified = "pass a timeout and handle `queue.Empty`/`TimeoutError` with a stop flag, "
                           "or break the loop on a sentinel",
        .action_inferred = "how the worker loop at line {loop_line} exits when the queue stays empty "
                           "(part of the loop is outside the diff)",
    }},
    .line_patterns = {},
};

bool is_serving_path(const std::string& path) {
  static const RE2 kServing(R"((^|/)atom/(entrypoints|model_engine)/|(^|/)[^/]*(server|scheduler)[^/]*\.py$)");
  return RE2::PartialMatch(path, kServing);
}

bool is_loop(std::string_view kind) { return kind == "while_statement" || kind == "for_statement"; }

// Whether `node` (in a loop's body) leaves `loop`: a `return` not in a nested def, or a `break`
// not in a nested loop.
bool exits(syntax::Node node, syntax::Node loop) {
  const bool is_return = node.kind() == "return_statement";
  if (!is_return && node.kind() != "break_statement") return false;
  for (syntax::Node up = node.parent(); !up.null() && !(up == loop); up = up.parent()) {
    if (ast::is_python_scope(up)) return false;
    if (!is_return && is_loop(up.kind())) return false;
  }
  return true;
}

// Whether the loop handles an empty queue or has a way out: `Empty`/`TimeoutError` named,
// `wait_for`/`get_nowait`, a `timeout=` keyword, or a `break`/`return` leaving it.
bool handled(const syntax::SyntaxTree& tree, syntax::Node loop) {
  static const std::set<std::string_view> kHandling = {"Empty", "TimeoutError", "wait_for", "get_nowait"};
  bool found = false;
  syntax::walk(loop.field("body"), [&](syntax::Node node) {
    if (found) return false;
    if (node.kind() == "identifier" && kHandling.count(tree.text(node))) found = true;
    if (node.kind() == "keyword_argument" && tree.text(node.field("name")) == "timeout") found = true;
    found |= exits(node, loop);
    return !found;
  });
  return found;
}

// `q.get()` or `q.get(block=True)`: a get that waits forever.
bool blocking_get(const syntax::SyntaxTree& tree, syntax::Node call) {
  const syntax::Node callee = call.field("function");
  if (callee.kind() != "attribute" || tree.text(callee.field("attribute")) != "get") return false;
  for (syntax::Node argument : call.field("arguments").named_children()) {
    if (argument.kind() == "comment") continue;
    if (argument.kind() != "keyword_argument" || tree.text(argument.field("name")) != "block" ||
        tree.text(argument.field("value")) != "True")
      return false;
  }
  return true;
}

// The function around `node` (the part's root when none is in view) hands work to an event loop.
bool hands_off(const syntax::SyntaxTree& tree, syntax::Node node) {
  const syntax::Node scope = ast::enclosing_function_or_root(node);
  bool found = false;
  syntax::walk(scope, [&](syntax::Node inner) {
    if (inner.kind() == "identifier" && tree.text(inner) == "call_soon_threadsafe") found = true;
    return !found;
  });
  return found;
}

class G1bRule : public Rule {
 public:
  const RuleMeta& meta() const override { return kMeta; }

  // Each `while True:` loop of the head's trees, its body as far as the tree says it goes.
  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    for (const FileView& file : model.files) {
      if (file.language != Language::Python || file.is_test || !is_serving_path(file.path)) continue;
      const std::set<int> written = changed_lines(file).written;
      if (written.empty()) continue;
      std::set<int> reported;
      for (const ast::FileSyntax& part : head_trees(file).parts)
        syntax::walk(part.tree.root(), [&](syntax::Node node) {
          if (node.kind() != "while_statement") return true;
          const std::string_view condition = part.tree.text(node.field("condition"));
          if ((condition == "True" || condition == "1") && !handled(part.tree, node) && !hands_off(part.tree, node))
            report_gets(file, part, node, written, reported, out);
          return true;
        });
    }
  }

 private:
  // A fragment shows the loop whole when the loop ends before the fragment does, parsed cleanly.
  static bool whole_loop(const ast::FileSyntax& part, syntax::Node loop) {
    return !loop.has_error() && (!part.fragment || part.tree.end_line(loop) < part.last_line);
  }

  void report_gets(const FileView& file, const ast::FileSyntax& part, syntax::Node loop, const std::set<int>& written,
                   std::set<int>& reported, std::vector<Finding>& out) const {
    const syntax::SyntaxTree& tree = part.tree;
    syntax::walk(loop.field("body"), [&](syntax::Node node) {
      if (ast::is_python_scope(node)) return false;
      if (node.kind() != "call" || !blocking_get(tree, node)) return true;
      const int line = tree.start_line(node);
      if (!written.count(line) || !reported.insert(line).second) return true;
      const bool awaited = node.parent().kind() == "await";
      out.push_back(finding_at("G1b", Severity::Warn, whole_loop(part, loop) ? Tag::Verified : Tag::Inferred, file, line,
                               "blocking-get",
                               {{"call", (awaited ? "await " : "") + ast::one_line(tree.text(node))},
                                {"loop_line", std::to_string(tree.start_line(loop))}}));
      return true;
    });
  }
};

}  // namespace

std::unique_ptr<Rule> make_g1b_blocking_queue_get() { return std::make_unique<G1bRule>(); }

}  // namespace atom
