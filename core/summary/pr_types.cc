// Step 3 of the seed: which kinds of change this PR is (several may apply). Each type is decided
// by its own signs in the changed lines, the paths or the PR text, and reports the first one.
#include <functional>
#include <map>
#include <optional>
#include <vector>

#include "core/summary/diff_scan.h"
#include "core/summary/summary_parts.h"

namespace atom {
namespace {

using Found = std::optional<Evidence>;  // a type's first sign, or none

constexpr LineQuery kAddedCode{.added = true, .skip_tests = true, .code_only = true};
constexpr LineQuery kChangedCode{.added = true, .removed = true, .skip_tests = true, .code_only = true};
constexpr LineQuery kChangedRaw{.added = true, .removed = true, .raw = true, .skip_tests = true, .code_only = true};

Found line_evidence(const ReviewModel& model, const RE2& pattern, const LineQuery& query) {
  if (auto hit = first_matching_line(model, pattern, query)) return where(*hit);
  return std::nullopt;
}

Found first_of(std::initializer_list<std::function<Found()>> searches) {
  for (const auto& search : searches)
    if (auto evidence = search()) return evidence;
  return std::nullopt;
}

Found path_evidence(const ReviewModel& model, const RE2& pattern) {
  for (const FileView& file : model.files)
    if (!file.is_test && RE2::PartialMatch(file.path, pattern)) return whole_file(file);
  return std::nullopt;
}

Found performance(const ReviewModel& model) { return text_evidence(model, perf_claim_pattern()); }

Found aiter_op(const ReviewModel& model) {
  static const RE2 aiter(R"(^\s*(?:from\s+aiter[\w.]*\s+import|import\s+aiter)|\baiter\.\w+\s*\()");
  return line_evidence(model, aiter, kChangedCode);
}

// A Python `def` whose signature line changed (same name, different text) or was renamed
// (one def removed and another added in the same hunk).
Found api_signature(const ReviewModel& model) {
  static const RE2 def(R"(^\s*(?:async\s+)?def\s+(\w+)\s*\()");
  for (const FileView& file : model.files) {
    if (file.is_test || file.language != Language::Python) continue;
    for (const HunkView& hunk : file.hunks) {
      std::map<std::string, std::string> removed;  // name → signature text
      const CodeLine* first_added = nullptr;
      for (const CodeLine& line : hunk.lines) {
        std::string name;
        if (is_deleted_code(line) && RE2::PartialMatch(line.code, def, &name)) removed[name] = line.code;
      }
      for (const CodeLine& line : hunk.lines) {
        std::string name;
        if (!is_new_code(line) || !RE2::PartialMatch(line.code, def, &name)) continue;
        const auto it = removed.find(name);
        if (it != removed.end() && it->second != line.code) return where({&file, &line});
        if (it == removed.end() && first_added == nullptr) first_added = &line;
      }
      if (first_added != nullptr && !removed.empty()) return where({&file, first_added});
    }
  }
  return std::nullopt;
}

Found routing_flag(const ReviewModel& model) {
  static const RE2 flag(R"(tl\.constexpr|\bgetattr\s*\([^,]+,\s*["']|\bos\.environ\b|\bos\.getenv\b|\benvs\.\w+)");
  static const RE2 arch_condition(R"(^\s*(?:if|elif|while)\b.*["']gfx\w+["'])");
  return first_of({[&] { return line_evidence(model, flag, kAddedCode); },
                   [&] { return line_evidence(model, arch_condition, LineQuery{.added = true, .raw = true, .skip_tests = true, .code_only = true}); }});
}

Found model_integration(const ReviewModel& model) {
  static const RE2 model_file(R"(^atom/models/[^/]+\.py$)");
  return path_evidence(model, model_file);
}

Found dispatch(const ReviewModel& model) {
  static const RE2 condition(
      R"(^\s*(?:if|elif)\b.*\b(?:dtype|arch|gfx\w*|backend|use_\w+|is_prefill|is_decode|impl|kernel|layout|quant\w*|fp8\w*|bf16|mode|attn_type|head_dim|num_heads)\b)");
  static const RE2 dispatch_function(R"((?i)dispatch|select_|choose_|_backend|get_\w*(?:impl|kernel|backend))");
  return first_of({[&] { return line_evidence(model, condition, kAddedCode); },
                   [&]() -> Found {
                     for (const FileView& file : model.files)
                       for (const std::string& function : file.changed_functions)
                         if (!file.is_test && RE2::PartialMatch(function, dispatch_function))
                           return Evidence{file.path + " (" + function + ")", file.path};
                     return std::nullopt;
                   }});
}

Found cudagraph(const ReviewModel& model) {
  static const RE2 capture(R"((?i)cuda_?graph|graph_?capture|\bcapture\w*|\breplay\w*|hipGraph)");
  return line_evidence(model, capture, kChangedRaw);
}

Found plugin_interface(const ReviewModel& model) {
  static const RE2 bridge_path(R"(^atom/plugin/|_bridge\.py$|(?:^|/)(?:vllm|sglang)/)");
  static const RE2 words(R"((?i)\b(vllm|sglang|plugin)\b)");
  return first_of({[&] { return path_evidence(model, bridge_path); }, [&] { return title_evidence(model, words); }});
}

Found config_tuning(const ReviewModel& model) {
  static const RE2 config_path(R"((?i)^atom/config\.py$|(?:^|/)[^/]*(?:config|tuned|tuning)[^/]*\.(?:py|json|ya?ml|csv)$)");
  static const RE2 words(R"((?i)\b(tun(?:e|ed|ing)|config(?:s|uration)?)\b)");
  return first_of({[&] { return path_evidence(model, config_path); }, [&] { return title_evidence(model, words); }});
}

Found bug_fix(const ReviewModel& model) {
  static const RE2 words(
      R"((?i)\b(fix(?:es|ed)?|hotfix|bugfix|bug|crash(?:es)?|regression|incorrect|hang|segfault|nan|wrong)\b)");
  return first_of({[&] { return title_evidence(model, words); },
                   [&] { return body_evidence(model, linked_issue_pattern()); }});
}

Found fp8_quant(const ReviewModel& model) {
  static const RE2 quant(R"((?i)fp8|float8|fnuz|e4m3|e5m2|mxfp4|\bint8|quant)");
  static const RE2 words(R"((?i)\b(fp8|mxfp4|int8|quant\w*)\b)");
  return first_of({[&] { return line_evidence(model, quant, kChangedCode); },
                   [&] { return title_evidence(model, words); }});
}

Found weight_transform(const ReviewModel& model) {
  static const RE2 weights(
      R"((?i)\w*_preshuffl\w*|\w*_quantized\b|shuffle_weight\w*|preshuffle|process_weights_after_loading|weight_loader|nn\.Parameter\s*\(|register_parameter|\bweight\w*\.data\s*=)");
  return line_evidence(model, weights, kAddedCode);
}

Found async_stream(const ReviewModel& model) {
  static const RE2 streams(
      R"(torch\.cuda\.Stream|torch\.cuda\.stream\s*\(|\bstream\s*=|wait_stream|\.synchronize\s*\(|\basyncio\b|\bqueue\.\w+|Queue\s*\(|\bthreading\.|cuda\.Event|record_stream|non_blocking\s*=\s*True)");
  return line_evidence(model, streams, kAddedCode);
}

// A new if/elif whose body (deeper, new lines) assigns a plain variable: the earliest such
// if/elif. One pass with the open if/elif headers on a stack, so each line is matched once.
Found branch_assignment(const ReviewModel& model) {
  static const RE2 branch(R"(^\s*(?:if|elif)\b.*:\s*$)");
  static const RE2 assignment(R"(^\s*[A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)*\s*(?::[^=]+)?=[^=])");
  for (const FileView& file : model.files) {
    if (file.is_test || file.language != Language::Python) continue;
    for (const HunkView& hunk : file.hunks) {
      std::vector<const CodeLine*> open_heads;  // outermost first
      for (const CodeLine& line : hunk.lines) {
        if (line.kind == LineKind::Removed || line.blank_or_comment) continue;
        while (!open_heads.empty() && line.indent <= open_heads.back()->indent) open_heads.pop_back();
        if (!open_heads.empty() && is_new_code(line) && RE2::PartialMatch(line.code, assignment))
          return where({&file, open_heads.front()});
        if (is_new_code(line) && RE2::PartialMatch(line.code, branch)) open_heads.push_back(&line);
      }
    }
  }
  return std::nullopt;
}

Found custom_op(const ReviewModel& model) {
  static const RE2 op(
      R"(@compile_ops|torch\.library\.custom_op|\bcustom_op\s*\(|register_fake|impl_abstract|register_meta|direct_register_custom_op|\bdef\s+\w*_fake\b|gen_fake)");
  return line_evidence(model, op, kChangedCode);
}

Found index_arithmetic(const ReviewModel& model) {
  static const RE2 offsets(
      R"((?i)\b\w*(?:token_id|total_tokens|seq_start|batch_offset|offset|idx)\w*\s*\*\s*\w*(?:stride|size|dim|heads)\w*|\b\w*stride\w*\s*\*\s*\w*(?:token|offset|idx|start)\w*|<<<|hipLaunchKernelGGL|\bgrid\s*=\s*\()");
  return line_evidence(model, offsets, kAddedCode);
}

Found kernel_call(const ReviewModel& model) {
  static const RE2 call(R"(\baiter\.\w+\s*\(|torch\.ops\.\w+\.\w+\s*\(|\b_C\.\w+\s*\(|\w+_kernel\s*\[|<<<)");
  return line_evidence(model, call, kAddedCode);
}

// A zero-init, assert or .contiguous() removed in a hunk that does not add the same back.
Found invariant_removal(const ReviewModel& model) {
  static const RE2 invariant(R"((torch\.zeros|\.zero_\s*\(|\bassert\b|\.contiguous\s*\(\s*\)|\.fill_\s*\(\s*0))");
  for (const FileView& file : model.files) {
    if (file.is_test) continue;
    for (const HunkView& hunk : file.hunks) {
      std::map<std::string, int> balance;  // removed minus added occurrences per construct
      const CodeLine* first_removed = nullptr;
      for (const CodeLine& line : hunk.lines) {
        if (!is_changed_code(line)) continue;
        re2::StringPiece input(line.code);
        std::string construct;
        while (RE2::FindAndConsume(&input, invariant, &construct)) balance[construct] += is_deleted_code(line) ? 1 : -1;
      }
      for (const CodeLine& line : hunk.lines) {
        std::string construct;
        if (is_deleted_code(line) && RE2::PartialMatch(line.code, invariant, &construct) &&
            balance[construct] > 0 && first_removed == nullptr)
          first_removed = &line;
      }
      if (first_removed != nullptr) return where({&file, first_removed});
    }
  }
  return std::nullopt;
}

struct TypeDetector {
  const char* id;
  Found (*detect)(const ReviewModel&);
};

// The seed's Step 3 list, in its order.
constexpr TypeDetector kDetectors[] = {
    {"performance", performance},       {"aiter_op", aiter_op},
    {"api_signature", api_signature},   {"routing_flag", routing_flag},
    {"model_integration", model_integration}, {"dispatch", dispatch},
    {"cudagraph", cudagraph},           {"plugin_interface", plugin_interface},
    {"config_tuning", config_tuning},   {"bug_fix", bug_fix},
    {"fp8_quant", fp8_quant},           {"weight_transform", weight_transform},
    {"async_stream", async_stream},     {"branch_assignment", branch_assignment},
    {"custom_op", custom_op},           {"index_arithmetic", index_arithmetic},
    {"kernel_call", kernel_call},       {"invariant_removal", invariant_removal},
};

}  // namespace

std::vector<PrType> classify_pr_types(const ReviewModel& model) {
  std::vector<PrType> types;
  for (const TypeDetector& detector : kDetectors)
    if (auto evidence = detector.detect(model)) types.push_back({detector.id, *evidence});
  return types;
}

bool has_pr_type(const std::vector<PrType>& types, const std::string& id) {
  for (const auto& type : types)
    if (type.id == id) return true;
  return false;
}

}  // namespace atom
