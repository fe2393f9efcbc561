// B3 — a new Python branch on per-batch values, a host sync (`.item()`, `.tolist()`) or a tensor
// allocation inside a cudagraph-captured region.
#include <memory>
#include <set>
#include <re2/re2.h>
#include "core/analysis/python_structure.h"
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
         "whether `{function}` runs under cudagraph capture, where `{statement}` would break it."},
        {"allocation", "`{statement}` allocates a tensor inside the captured `{function}`",
         "The allocation is recorded at capture time; replays reuse memory the graph no longer owns or the "
         "wrong size: corrupted output or a capture error.",
         "allocate the buffer once outside the captured region (a static buffer sized for the largest batch).",
         "whether `{function}` runs under cudagraph capture, where allocating with `{statement}` breaks replay."},
        {"dynamic_branch", "`{statement}` branches on per-batch values inside the captured `{function}`",
         "The branch is evaluated once at capture and baked into every replay: later batches take the captured "
         "path whatever their values, giving wrong output.",
         "make the decision outside the captured region (one graph per case) or on the device.",
         "whether `{function}` runs under cudagraph capture, where this branch would be frozen."},
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

bool is_capture_block(const PyBlock& block) {
  // Only the recording context itself: `graph_capture()` in ATOM wraps the whole capture loop,
  // including the eager setup between recordings.
  static const RE2 capture(R"(\bcuda\.graph\s*\()");
  return block.kind == PyBlockKind::With && RE2::PartialMatch(block.header_code, capture);
}

bool forward_path(const FileView& file) {
  return file.path.rfind("atom/models/", 0) == 0 || file.path.rfind("atom/model_ops/", 0) == 0;
}

// Last component of a qualified function name ("Runner.run_model" → "run_model").
std::string last_component(const std::string& function) {
  const size_t dot = function.find_last_of('.');
  return dot == std::string::npos ? function : function.substr(dot + 1);
}

// Per file: the lines inside capture blocks and the names of the functions those blocks call.
struct CaptureScope {
  std::set<const CodeLine*> lines_in_blocks;
  std::set<std::string> called;
};

CaptureScope capture_scope(const FileView& file) {
  static const RE2 call(R"((?:\bself\.|\b)(\w+)\s*\()");
  CaptureScope scope;
  for (const HunkView& hunk : file.hunks) {
    const SideLines lines = side_lines(hunk, Side::New);
    for (const PyBlock& block : python_blocks(lines)) {
      if (!is_capture_block(block)) continue;
      for (size_t index = block.header + 1; index < block.end && index < lines.size(); ++index) {
        scope.lines_in_blocks.insert(lines[index]);
        re2::StringPiece rest(lines[index]->code);
        std::string name;
        while (RE2::FindAndConsume(&rest, call, &name)) scope.called.insert(name);
      }
    }
  }
  return scope;
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
    auto captured_function = [&](const FileView& file, const CodeLine& line) -> bool {
      auto it = scopes.find(&file);
      if (it == scopes.end()) return false;
      if (it->second.lines_in_blocks.count(&line)) return true;
      if (line.function.empty()) return false;
      if (forward_path(file) && in_function(line, "forward") && !RE2::PartialMatch(line.function, eager_encoder))
        return true;
      return it->second.called.count(last_component(line.function)) > 0;
    };
    static const RE2 per_batch(
        R"(\.(?:item|tolist|any|all|sum|max|min|nonzero)\(|\btorch\.(?:any|all|equal|isnan|isinf|count_nonzero|nonzero)\(|\battn_metadata\b|\bforward_context\b|\bget_forward_context\(|\bseq_lens\w*|\bmax_seqlen\w*|\bcontext_lens\w*|\bquery_start_loc\b|\bcu_seqlens\w*)");
    static const RE2 phase_only(R"(\.(?:is_prefill|is_decode|is_dummy_run|is_dummy)\b)");
    const std::pair<const char*, const char*> kinds[] = {
        {"B3.host_sync", "host_sync"}, {"B3.allocation", "allocation"}, {"B3.branch", "dynamic_branch"}};
    for (const auto& [key, message] : kinds) {
      for (const auto& [file, line] : model.hits(key)) {
        if (line->in_docstring || !captured_function(*file, *line)) continue;
        const std::string statement = abc::source_text(line->diff ? std::string_view(line->diff->text) : line->code, Language::Python);
        if (std::string_view(message) == "dynamic_branch") {
          if (!RE2::PartialMatch(line->code, per_batch)) continue;
          if (RE2::PartialMatch(line->code, phase_only) && !RE2::PartialMatch(line->code, R"(\.(?:item|tolist|any|all)\()"))
            continue;
        }
        const std::string function = line->function.empty() ? "capture block" : line->function;
        Finding finding = abc::line_finding("B3", Severity::Red, *file, *line, message,
                                            {{"statement", abc::clip(statement)}, {"function", function}});
        finding.trigger = "`" + abc::clip(statement) + "` in captured `" + function + "` (" + file->path + ":" +
                          std::to_string(line->new_line) + ")";
        out.push_back(std::move(finding));
      }
    }
  }
};

}  // namespace

std::unique_ptr<Rule> make_b3_cudagraph_capture() { return std::make_unique<B3CudagraphCapture>(); }

}  // namespace atom
