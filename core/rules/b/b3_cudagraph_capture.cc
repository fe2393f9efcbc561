// B3 — a new Python branch on per-batch values, a host sync (`.item()`, `.tolist()`) or a tensor
// allocation inside a cudagraph-captured region.
#include <map>
#include <memory>
#include <string_view>
#include <utility>
#include <set>
#include <re2/re2.h>
#include "core/analysis/before_parsing.h"
#include "core/analysis/file_trees.h"
#include "core/rules/a/abc_support.h"
#include "core/rules/rule.h"

namespace atom {
namespace {

const RuleMeta& b3_meta() {
  static const RuleMeta meta = [] {
    RuleMeta m;
    m.id = "B3";
    m.slug = "cudagraph-capture-break";
    m.category = "B";
    m.default_severity = Severity::Red;
    m.summary = "A dynamic branch, host sync or allocation added inside a cudagraph-captured region.";
    m.what =
        "Captured regions (rules.md Decisions, B3 scope): `def forward` (and functions nested in it) in "
        "`atom/models/**` and `atom/model_ops/**`; the body of a graph-capture block (`with torch.cuda.graph(...)`, "
        "`graph_capture(...)`) in `atom/model_engine/model_runner.py` or any file; and functions of the same file "
        "called from inside such a block. In them the rule flags an added `.item()`, `.tolist()`, `.cpu()`, "
        "`.numpy()`; an added tensor allocation (`torch.empty/zeros/ones/full/arange/tensor(...)`, `*_like`, "
        "`new_*`); and an added `if`/`elif`/`while`/`for` whose condition or iterable reads tensor values or "
        "per-batch metadata (`.item()`, `.any()`, `attn_metadata`, `forward_context`, `seq_lens`, `max_seqlen`).";
    m.why =
        "A captured graph replays the kernels recorded at capture time. A host sync breaks or invalidates the "
        "capture; a Python branch on per-batch values is evaluated once at capture and baked in for every "
        "replay; an allocation inside the region gives addresses that later replays may no longer own "
        "(ATOM#1321).";
    m.example =
        "```python\ndef forward(self, positions, hidden_states, attn_metadata):\n"
        "    if positions.max().item() >= self.max_position:   # flagged: host sync + value branch\n"
        "        positions = positions.clamp(max=self.max_position - 1)\n```";
    m.must_not_fire =
        "Branches on config or attributes fixed at init (`if self.use_fused_qk_norm:`), on the phase flags "
        "(`is_prefill`: prefill is never captured); constant arithmetic; a dtype cast of an existing tensor "
        "(`x.to(torch.bfloat16)`); the eager setup around the recording (inside ATOM's `graph_capture()` but "
        "outside `torch.cuda.graph(...)`); kwargs forwarded without branching; fixed-shape kernel calls; code outside "
        "the captured regions (weight loading, `__init__`, input preparation); test files.";
    m.source = "ATOM#1321";
    m.messages = {
        {"host_sync", "`{statement}` syncs with the host inside the captured `{function}`",
         "Capture fails or replays a value frozen at capture time: wrong output for every later batch.",
         "move `{statement}` out of the captured region or keep the value on the device.",
         "whether `{function}` runs under cudagraph capture, where `{statement}` would break it.",
         "`{statement}` in captured `{function}` ({path}:{line})"},
        {"allocation", "`{statement}` allocates a tensor inside the captured `{function}`",
         "The allocation is recorded at capture time; replays reuse memory the graph no longer owns or the "
         "wrong size: corrupted output or a capture error.",
         "allocate the buffer once outside the captured region (a static buffer sized for the largest batch).",
         "whether `{function}` runs under cudagraph capture, where allocating with `{statement}` breaks replay.",
         "`{statement}` in captured `{function}` ({path}:{line})"},
        {"dynamic_branch", "`{statement}` branches on per-batch values inside the captured `{function}`",
         "The branch is evaluated once at capture and baked into every replay: later batches take the captured "
         "path whatever their values, giving wrong output.",
         "make the decision outside the captured region (one graph per case) or on the device.",
         "whether `{function}` runs under cudagraph capture, where this branch would be frozen.",
         "`{statement}` in captured `{function}` ({path}:{line})"},
    };
    m.line_patterns = {
        {"B3.host_sync", R"(\.(?:item|tolist|cpu|numpy)\(\))"},
        {"B3.allocation",
         R"(\btorch\.(?:empty|zeros|ones|full|arange|tensor|empty_like|zeros_like|ones_like|full_like|randn|rand)\(|\.new_(?:empty|zeros|ones|full|tensor)\()"},
        {"B3.branch", R"(^\s*(?:if|elif|while|for)\b)"},
    };
    return m;
  }();
  return meta;
}

bool forward_path(const FileView& file) {
  return file.path.rfind("atom/models/", 0) == 0 || file.path.rfind("atom/model_ops/", 0) == 0;
}

// Last component of a qualified function name ("Runner.run_model" → "run_model").
std::string last_component(const std::string& function) {
  const size_t dot = function.find_last_of('.');
  return dot == std::string::npos ? function : function.substr(dot + 1);
}

// `name` is one of the dotted components of `qualified` ("Model.forward.inner" holds "forward").
bool has_component(const std::string& qualified, const std::string& name) {
  for (size_t start = 0;;) {
    const size_t dot = qualified.find('.', start);
    if (qualified.substr(start, dot == std::string::npos ? std::string::npos : dot - start) == name) return true;
    if (dot == std::string::npos) return false;
    start = dot + 1;
  }
}

// Per file: the head lines inside capture blocks and the names of the functions those blocks call.
struct CaptureScope {
  std::vector<ast::LineRange> blocks;
  std::set<std::string> called;
  bool holds(int line) const {
    for (const ast::LineRange& block : blocks)
      if (block.contains(line)) return true;
    return false;
  }
};

// The recording context itself, `with torch.cuda.graph(...)`: ATOM's `graph_capture()` wraps the
// whole capture loop, including the eager setup between recordings.
CaptureScope capture_scope(const FileView& file) {
  static const RE2 capture(R"(\bcuda\.graph\s*\()");
  CaptureScope scope;
  if (!head_shows(file, "graph")) return scope;
  for (const ast::FileSyntax& part : head_trees(file).parts) {
    const syntax::SyntaxTree& tree = part.tree;
    syntax::walk(tree.root(), [&](syntax::Node node) {
      if (node.kind() != "with_statement") return true;
      const syntax::Node clause = node.named_child(0);
      const syntax::Node body = node.field("body");
      if (clause.kind() == "with_clause" && !body.null() && RE2::PartialMatch(tree.text(clause), capture)) {
        scope.blocks.push_back({tree.start_line(body), tree.end_line(body)});
        for (const ast::PyCall& call : part.python().calls)
          if (scope.blocks.back().contains(call.line)) scope.called.insert(last_component(call.callee));
      }
      return true;
    });
  }
  return scope;
}

// What the if/elif/while/for (a comprehension's `for` too) starting on `line` tests: its condition,
// a for's iterable; null when the line starts none.
syntax::Node branch_condition_on(const ast::FileSyntax& part, int line) {
  syntax::Node found;
  syntax::walk(part.tree.root(), [&](syntax::Node node) {
    if (!found.null() || part.tree.end_line(node) < line || part.tree.start_line(node) > line) return false;
    const std::string_view kind = node.kind();
    if (part.tree.start_line(node) == line) {
      if (kind == "if_statement" || kind == "elif_clause" || kind == "while_statement") found = node.field("condition");
      if (kind == "for_statement" || kind == "for_in_clause") found = node.field("right");
    }
    return found.null();
  });
  return found;
}

class B3CudagraphCapture final : public Rule {
 public:
  const RuleMeta& meta() const override { return b3_meta(); }

  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    std::map<const FileView*, CaptureScope> scopes;
    for (const FileView& file : model.files)
      if (file.language == Language::Python && !file.is_test) scopes.emplace(&file, capture_scope(file));
    // Vision/audio encoders run eagerly before the decode graph.
    static const RE2 eager_encoder(R"((?i)vision|visual|vit\b|image|audio|encoder|projector|merger)");
    auto captured_function = [&](const FileView& file, const std::string& function) -> bool {
      if (function.empty()) return false;
      if (forward_path(file) && has_component(function, "forward") && !RE2::PartialMatch(function, eager_encoder))
        return true;
      return scopes.at(&file).called.count(last_component(function)) > 0;
    };
    static const RE2 per_batch(
        R"(\.(?:item|tolist|any|all|sum|max|min|nonzero)\(|\btorch\.(?:any|all|equal|isnan|isinf|count_nonzero|nonzero)\(|\battn_metadata\b|\bforward_context\b|\bget_forward_context\(|\bseq_lens\w*|\bmax_seqlen\w*|\bcontext_lens\w*|\bquery_start_loc\b|\bcu_seqlens\w*)");
    static const RE2 phase_only(R"(\.(?:is_prefill|is_decode|is_dummy_run|is_dummy)\b)");
    const std::pair<const char*, const char*> kinds[] = {
        {"B3.host_sync", "host_sync"}, {"B3.allocation", "allocation"}, {"B3.branch", "dynamic_branch"}};
    for (const auto& [key, message] : kinds) {
      for (const auto& [file, line] : model.hits(key)) {
        if (line->in_docstring || !scopes.count(file)) continue;
        // Neither a capture block nor a forward path in the file: nothing in it is captured.
        if (scopes.at(file).blocks.empty() && !forward_path(*file)) continue;
        for (const ast::FileSyntax& part : head_trees(*file).parts) {
          if (line->new_line < part.first_line || line->new_line > part.last_line) continue;
          // The def around the line; a fragment that does not show it has the hunk's section.
          const ast::PyFunction* def = ast::function_at(part.python(), line->new_line);
          std::string function = def ? def->qualified : part.fragment ? line->function : "";
          // A fragment without the class: the hunk's section names it ("ModelRunner.run_model").
          if (def && part.fragment && last_component(line->function) == def->name) function = line->function;
          const bool in_block = scopes.at(file).holds(line->new_line);
          if (!in_block && !captured_function(*file, function) && !(def && part.fragment && captured_function(*file, line->function)))
            continue;
          if (std::string_view(message) == "dynamic_branch") {
            const syntax::Node condition = branch_condition_on(part, line->new_line);
            if (condition.null()) continue;
            const std::string tested(part.tree.text(condition));
            if (!RE2::PartialMatch(tested, per_batch)) continue;
            if (RE2::PartialMatch(tested, phase_only) && !RE2::PartialMatch(tested, R"(\.(?:item|tolist|any|all)\()"))
              continue;
          }
          const std::string statement = abc::source_text(raw_text(*line), Language::Python);
          const std::string place = function.empty() ? "capture block" : function;
          Finding finding = abc::line_finding("B3", Severity::Red, *file, *line, message,
                                              {{"statement", abc::clip(statement)}, {"function", place}});
          finding.trigger = Finding::TriggerValues{{"path", file->path}, {"line", std::to_string(line->new_line)}};
          out.push_back(std::move(finding));
        }
      }
    }
  }
};

}  // namespace

std::unique_ptr<Rule> make_b3_cudagraph_capture() { return std::make_unique<B3CudagraphCapture>(); }

}  // namespace atom
