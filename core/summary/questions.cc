// Step 2 of the seed: the five questions a reviewer answers before any rule, answered from what
// the diff and the description show (and saying so when they show nothing).
#include <algorithm>
#include <map>
#include <set>

#include "core/analysis/rearranged_code.h"
#include "core/summary/aiter_imports.h"
#include "core/summary/diff_scan.h"
#include "core/summary/summary_parts.h"

namespace atom {
namespace {

constexpr size_t kListed = 8;        // names listed in an answer before "and N more"
constexpr size_t kMaxEvidence = 20;  // evidence places kept per question

std::string join(const std::vector<std::string>& items, size_t shown = kListed) {
  std::string text;
  const size_t count = std::min(shown, items.size());
  for (size_t i = 0; i < count; ++i) text += (i == 0 ? "" : ", ") + items[i];
  if (items.size() > shown) text += " and " + std::to_string(items.size() - shown) + " more";
  return text;
}

std::string file_name(const std::string& path) {
  const size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// Appends `item` unless the list has it; says whether it did.
template <typename Item>
bool add_unique(std::vector<Item>& list, const Item& item) {
  for (const auto& existing : list)
    if (existing == item) return false;
  list.push_back(item);
  return true;
}

// Q1: the functions and kernels whose code the PR wrote or deleted, in the card's order (the one
// with the most changed lines first), each with its first such line; the files that are not code
// (docs, configs, scripts) and the binary files it changed (prebuilt kernels, whose contents a diff
// does not show; pictures and documents aside). Apart: functions whose code only moved but now runs
// in another order, block or function (lines moved into, out of or within them), and those only
// moved whole, re-indented or reformatted.
Question what_changed(const ReviewModel& model, const std::vector<std::string>& headline) {
  static const RE2 kernel_name(R"((?i)kernel|_fwd\b|_bwd\b|^_?fwd_|^_?bwd_)");
  static const RE2 kernel_file(R"(\.(?:cu|cuh|hip)$)");
  static const RE2 picture_or_document(R"((?i)\.(?:png|jpe?g|gif|webp|bmp|ico|pdf)$)");
  Question q{"Q1", "", {}};
  std::vector<std::string> functions, kernels, module_level, other_files, binaries;
  std::vector<std::pair<LineHit, bool>> changed;  // each function's first new or deleted line; a kernel?
  std::vector<LineHit> moved;  // per file, each function with moved lines and its first such line
  std::set<std::string> changed_anywhere;  // functions with new or deleted code, in any file
  bool anything_moved = false;
  for (const FileView& file : model.files) {
    if (file.is_test) continue;
    if (file.file->binary) {
      if (RE2::PartialMatch(file.path, picture_or_document)) continue;
      binaries.push_back("`" + file.path + "`");
      if (q.evidence.size() < kMaxEvidence) q.evidence.push_back(whole_file(file));
      continue;
    }
    std::set<std::string> seen;
    std::map<std::string, const CodeLine*> moved_here;
    bool outside_functions = false;
    for (const HunkView& hunk : file.hunks)
      for (const CodeLine& line : hunk.lines) {
        if (line.kind == LineKind::Context || line.blank_or_comment) continue;
        if (line.moved) {
          anything_moved = true;
          if (line.function.empty()) continue;
          // The function's first moved line, preferring where code arrived over where it left.
          const CodeLine*& first = moved_here[line.function];
          if (first == nullptr || (first->kind == LineKind::Removed && line.kind == LineKind::Added)) first = &line;
          continue;
        }
        if (line.function.empty()) {
          outside_functions = true;
          continue;
        }
        changed_anywhere.insert(line.function);
        if (!seen.insert(line.function).second) continue;
        const bool kernel = RE2::PartialMatch(line.function, kernel_name) || RE2::PartialMatch(file.path, kernel_file);
        changed.push_back({{&file, &line}, kernel});
      }
    if (outside_functions) (is_code_file(file) ? module_level : other_files).push_back("`" + file.path + "`");
    for (const auto& [function, line] : moved_here) moved.push_back({&file, line});
  }
  // Listed as the card names them: the function that carries the change first.
  std::map<std::string, size_t> rank;
  for (const std::string& name : headline) rank.emplace(name, rank.size());
  const auto rank_of = [&rank](const std::pair<LineHit, bool>& entry) {
    const auto found = rank.find(entry.first.line->function);
    return found == rank.end() ? rank.size() : found->second;
  };
  std::stable_sort(changed.begin(), changed.end(), [&](const auto& a, const auto& b) { return rank_of(a) < rank_of(b); });
  // A name changed in two files is listed for each, with its file (its path if the names clash).
  std::map<std::string, std::vector<const FileView*>> files_of;
  for (const auto& entry : changed) files_of[entry.first.line->function].push_back(entry.first.file);
  const auto named = [&files_of](const LineHit& hit) {
    const std::string name = "`" + hit.line->function + "`";
    const std::vector<const FileView*>& files = files_of[hit.line->function];
    if (files.size() < 2) return name;
    std::string file = file_name(hit.file->path);
    for (const FileView* other : files)
      if (other != hit.file && file_name(other->path) == file) file = hit.file->path;
    return name + " in `" + file + "`";
  };
  for (const auto& [hit, kernel] : changed) {
    (kernel ? kernels : functions).push_back(named(hit));
    if (q.evidence.size() < kMaxEvidence) q.evidence.push_back(where(hit));
  }
  std::set<std::string> moved_only;
  for (const LineHit& hit : moved)
    if (!changed_anywhere.count(hit.line->function)) moved_only.insert(hit.line->function);
  const std::set<std::string> runs_differently = rearranged_functions(model, moved_only);
  std::vector<std::string> rearranged, reformatted;
  for (const LineHit& hit : moved) {
    const std::string& function = hit.line->function;
    if (!moved_only.count(function)) continue;
    const std::string named = "`" + function + "`";
    if (!runs_differently.count(function)) add_unique(reformatted, named);
    else if (add_unique(rearranged, named) && q.evidence.size() < kMaxEvidence) q.evidence.push_back(where(hit));
  }
  std::vector<std::string> parts;
  if (!kernels.empty()) parts.push_back("kernels " + join(kernels));
  if (!functions.empty()) parts.push_back("functions " + join(functions));
  if (!module_level.empty()) parts.push_back("module-level code in " + join(module_level));
  if (!other_files.empty()) parts.push_back("other files " + join(other_files));
  if (!binaries.empty()) parts.push_back("binary files " + join(binaries) + " (not readable in a diff)");
  size_t test_files = 0;
  for (const FileView& file : model.files) test_files += file.is_test ? 1 : 0;
  const std::string reformatted_part = "only moved, re-indented or reformatted: " + join(reformatted);
  if (parts.empty() && !rearranged.empty()) {
    q.answer = "No line of production code is new or deleted, but code moved into, out of or within " +
               join(rearranged) + ": it may now run in another order, block or function.";
    if (!reformatted.empty()) q.answer += " Apart from that, " + reformatted_part + ".";
  } else if (parts.empty() && anything_moved) {
    q.answer = "Only moved, re-indented or reformatted code" + (reformatted.empty() ? "" : " (" + join(reformatted) + ")") +
               ": no line of production code is new or deleted.";
  } else if (parts.empty()) {
    q.answer = test_files > 0 ? "Only tests changed; no production code path changes."
                              : "No code change could be located in the diff.";
  } else {
    if (!rearranged.empty()) parts.push_back("code moved into, out of or within " + join(rearranged));
    if (!reformatted.empty()) parts.push_back(reformatted_part);
    q.answer = "Changed: ";
    for (size_t i = 0; i < parts.size(); ++i) q.answer += (i == 0 ? "" : "; ") + parts[i];
    q.answer += ".";
    if (test_files > 0) q.answer += " Tests changed in " + std::to_string(test_files) + " file(s).";
  }
  return q;
}

// Q2: archs, model families and TP configs named in the changed lines or the PR text.
Question scope(const ReviewModel& model) {
  static const RE2 arch(R"(\b(gfx\d{2,4}[a-z]?|MI\s?\d{3}[A-Z]?)\b)");
  static const RE2 family(
      R"((?i)\b(deepseek[-_ ]?(?:v\d(?:\.\d)?(?:-0324)?|r1)?|kimi(?:[-_ ]?k2(?:\.5)?)?|gpt-?oss(?:-\d+b)?|glm-?\d*(?:\.\d+)?|qwen\d*(?:\.\d+)?|llama-?\d*|mixtral|mistral)\b)");
  static const RE2 tp(R"((?i)\b(tp\s*[=:]\s*\d+|tp\d+|tensor[-_]parallel[-_]size[= ]+\d+|-tp\s+\d+))");
  static const std::map<std::string, std::string> arch_names = {
      {"gfx942", "MI300X/MI325X"}, {"gfx950", "MI355X/MI350X"}, {"gfx90a", "MI200"}, {"gfx1250", "next-generation Instinct"},
      {"gfx1201", "Radeon RX 9000"}, {"gfx1100", "Radeon RX 7900"}};
  std::vector<std::string> archs, families, tps;
  Question q{"Q2", "", {}};
  const auto collect = [&](const std::string& text, const Evidence& source) {
    bool found = false;
    for (auto& value : all_matches(text, arch)) { add_unique(archs, value); found = true; }
    for (auto& value : all_matches(text, family)) { add_unique(families, value); found = true; }
    for (auto& value : all_matches(text, tp)) { add_unique(tps, value); found = true; }
    if (found) add_unique(q.evidence, source);
  };
  collect(title_text(model), pr_text("title"));
  collect(body_text(model), pr_text("description"));
  for (const FileView& file : model.files)
    for (const HunkView& hunk : file.hunks)
      for (const CodeLine& line : hunk.lines)
        if (is_changed_code(line) && line.diff != nullptr && q.evidence.size() < kMaxEvidence)
          collect(line.diff->text, where({&file, &line}));
  for (auto& value : archs) {
    const auto it = arch_names.find(value);
    if (it != arch_names.end()) value += " (" + it->second + ")";
  }
  std::vector<std::string> parts;
  if (!archs.empty()) parts.push_back("archs " + join(archs));
  if (!families.empty()) parts.push_back("models " + join(families));
  if (!tps.empty()) parts.push_back("TP " + join(tps));
  if (parts.empty()) {
    q.answer = "Neither the diff nor the description names an arch, a model family or a TP config: the change "
               "reaches every arch and model that runs this code.";
  } else {
    q.answer = "Named: ";
    for (size_t i = 0; i < parts.size(); ++i) q.answer += (i == 0 ? "" : "; ") + parts[i];
    q.answer += ".";
    if (archs.empty()) q.answer += " No arch is named: does it hold on gfx942 and gfx950 alike?";
  }
  for (const FileView& file : model.files)
    if (file.tier.tier <= 2 && !file.is_test) {
      q.answer += " Backbone files are touched, so every model family that uses them is in scope.";
      break;
    }
  return q;
}

// Keyword arguments written on added lines inside an `aiter.X(...)` call (the call line and its
// continuation lines, followed by bracket depth on the new side).
std::vector<std::pair<const CodeLine*, std::string>> aiter_call_keywords(const HunkView& hunk) {
  static const RE2 call(R"(\baiter\.[\w.]+\s*\()");
  static const RE2 keyword(R"((?:^|[(,])\s*(\w+)=[^=])");  // PEP 8 keyword style: no spaces around '='
  std::vector<std::pair<const CodeLine*, std::string>> found;
  int depth = 0;
  for (const CodeLine& line : hunk.lines) {
    if (line.kind == LineKind::Removed) continue;
    re2::StringPiece call_at;
    const std::string& code = line.code;
    size_t from = 0;
    if (depth == 0) {
      if (code.find("aiter.") == std::string::npos) continue;  // what `call` needs, found without RE2
      if (!call.Match(code, 0, code.size(), RE2::UNANCHORED, &call_at, 1)) continue;
      from = static_cast<size_t>(call_at.data() - code.data());
    }
    size_t to = code.size();
    for (size_t i = from; i < code.size(); ++i) {
      if (code[i] == '(' || code[i] == '[') {
        ++depth;
      } else if ((code[i] == ')' || code[i] == ']') && depth > 0 && --depth == 0) {
        to = i + 1;
        break;
      }
    }
    if (is_new_code(line))
      for (const auto& name : all_matches(code.substr(from, to - from), keyword)) found.emplace_back(&line, name);
  }
  return found;
}

// Q3: aiter imports and calls added or removed, and new keyword arguments on aiter calls.
Question aiter_usage(const ReviewModel& model) {
  static const RE2 call(R"(\b(aiter\.[\w.]+)\s*\()");
  static const RE2 keyword(R"((?:^|[(,])\s*(\w+)=[^=])");
  Question q{"Q3", "", {}};
  ImportedNames added_imports, removed_imports;
  std::vector<std::pair<const FileView*, AiterImport>> imports;
  std::vector<std::string> new_kwargs;
  std::set<std::string> added_calls, removed_calls;
  const auto note = [&q](const LineHit& hit) {
    if (q.evidence.size() < kMaxEvidence) add_unique(q.evidence, where(hit));
  };
  for (const FileView& file : model.files) {
    if (file.is_test) continue;
    for (const HunkView& hunk : file.hunks) {
      for (const AiterImport& import : changed_aiter_imports(hunk)) {
        (import.added ? added_imports : removed_imports).add(import);
        imports.emplace_back(&file, import);
      }
      for (const CodeLine& line : hunk.lines) {
        // The call pattern names aiter: a line without the word is passed over without RE2.
        if (!is_changed_code(line) || line.code.find("aiter") == std::string::npos) continue;
        const bool added = is_new_code(line);
        for (const auto& name : all_matches(line.code, call)) {
          (added ? added_calls : removed_calls).insert(name);
          note({&file, &line});
        }
      }
      const auto keywords = aiter_call_keywords(hunk);
      if (keywords.empty()) continue;
      std::set<std::string> removed_keywords;
      for (const CodeLine& line : hunk.lines)
        if (line.kind == LineKind::Removed)
          for (const auto& k : all_matches(line.code, keyword)) removed_keywords.insert(k);
      for (const auto& [line, name] : keywords)
        if (!removed_keywords.count(name)) {
          add_unique(new_kwargs, "`" + name + "`");
          note({&file, line});
        }
    }
  }
  ImportedNames::drop_common(added_imports, removed_imports);
  for (const auto& [file, import] : imports)
    if ((import.added ? added_imports : removed_imports).holds_any_of(import)) note({file, import.line});
  const auto quoted = [](std::vector<std::string> items) {
    for (std::string& item : items) item = "`" + item + "`";
    return items;
  };
  const std::vector<std::string> new_imports = quoted(added_imports.listed());
  const std::vector<std::string> gone_imports = quoted(removed_imports.listed());
  std::vector<std::string> new_calls, gone_calls, changed_calls;
  for (const auto& name : added_calls) (removed_calls.count(name) ? changed_calls : new_calls).push_back("`" + name + "`");
  for (const auto& name : removed_calls)
    if (!added_calls.count(name)) gone_calls.push_back("`" + name + "`");
  std::vector<std::string> parts;
  if (!new_imports.empty()) parts.push_back("new imports " + join(new_imports));
  if (!gone_imports.empty()) parts.push_back("removed imports " + join(gone_imports));
  if (!new_calls.empty()) parts.push_back("new calls " + join(new_calls));
  if (!gone_calls.empty()) parts.push_back("removed calls " + join(gone_calls));
  if (!changed_calls.empty()) parts.push_back("changed calls " + join(changed_calls));
  if (!new_kwargs.empty()) parts.push_back("new keyword arguments on aiter calls " + join(new_kwargs));
  if (parts.empty()) {
    q.answer = "No aiter import or call is added, removed or changed.";
  } else {
    q.answer = "aiter usage changes: ";
    for (size_t i = 0; i < parts.size(); ++i) q.answer += (i == 0 ? "" : "; ") + parts[i];
    q.answer += ". Is the matching aiter change released or linked?";
  }
  return q;
}

// Q4: the mechanism behind a performance claim, as the description states it.
Question mechanism(const ReviewModel& model, const std::vector<PrType>& types) {
  static const RE2 mechanism_words(
      R"((?i)\b(fus(?:e|es|ed|ion|ing)|fewer (?:kernel )?launch\w*|launch(?:es)?|til(?:e|es|ing)|HBM|round-?trips?|bandwidth|occupancy|LDS|vectori[sz]\w*|overlap\w*|pipelin\w*|prefetch\w*|coalesc\w*|register\w*|memory traffic|allreduce|all-reduce|split-?k|persistent)\b)");
  Question q{"Q4", "", {}};
  if (!has_pr_type(types, "performance")) {
    q.answer = "No performance claim in the title or description.";
    return q;
  }
  if (!model.has_body) {
    q.answer = "Performance is claimed in the title, but the description was not available to state the mechanism.";
    return q;
  }
  const std::vector<std::string> words = all_matches(body_text(model), mechanism_words);
  if (words.empty()) {
    q.answer = "Performance is claimed, but the description names no mechanism (fewer launches, fusion, tiling, "
               "fewer HBM round-trips…): Reviewer should ask why it is faster.";
    return q;
  }
  q.answer = "Mechanism named in the description: " + join(words) + ".";
  if (auto excerpt = excerpt_around_match(body_text(model), mechanism_words)) q.evidence.push_back(pr_text("description: " + *excerpt));
  return q;
}

// Q5: does the description explain WHY (cause, mechanism, motivation) or only WHAT?
Question why_or_what(const ReviewModel& model) {
  Question q{"Q5", "", {}};
  if (!model.has_body) {
    q.answer = "The description was not available.";
    return q;
  }
  const std::string& body = body_text(model);
  if (body.find_first_not_of(" \t\r\n") == std::string::npos) {
    q.answer = "The description is empty: it explains neither what changed nor why.";
    return q;
  }
  if (auto excerpt = excerpt_around_match(body, why_pattern())) {
    q.answer = "WHY: the description gives reasons, not only a list of changes.";
    q.evidence.push_back(pr_text("description: " + *excerpt));
  } else {
    q.answer = "WHAT only: the description lists what changed but not why (no cause, mechanism or motivation).";
  }
  return q;
}

}  // namespace

std::vector<Question> answer_questions(const ReviewModel& model, const std::vector<PrType>& types,
                                       const std::vector<std::string>& headline) {
  return {what_changed(model, headline), scope(model), aiter_usage(model), mechanism(model, types), why_or_what(model)};
}

}  // namespace atom
