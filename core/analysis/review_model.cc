#include "core/analysis/review_model.h"

#include <algorithm>
#include <array>
#include "core/analysis/function_tracker.h"
#include "core/analysis/line_lexer.h"
#include "core/analysis/line_patterns.h"
#include "core/analysis/moved_lines.h"
#include "core/packs/builtin_packs.h"

namespace atom {
namespace {

std::string_view extension_of(std::string_view path) {
  const size_t slash = path.rfind('/');
  const std::string_view name = slash == std::string_view::npos ? path : path.substr(slash + 1);
  const size_t dot = name.rfind('.');
  return dot == std::string_view::npos ? std::string_view() : name.substr(dot);
}

// Nothing but quotes, string prefixes and whitespace: what a docstring line leaves after blanking.
bool only_string_shell(std::string_view code) {
  return std::all_of(code.begin(), code.end(), [](char c) {
    return c == '"' || c == '\'' || c == ' ' || c == '\t' || c == 'r' || c == 'b' || c == 'f' ||
           c == 'u' || c == 'R' || c == 'B' || c == 'F' || c == 'U';
  });
}

CodeLine make_code_line(const DiffLine& diff_line, LineLexer& lexer, Language language) {
  CodeLine line;
  line.diff = &diff_line;
  line.kind = diff_line.kind;
  line.old_line = diff_line.old_line;
  line.new_line = diff_line.new_line;
  line.indent = indent_columns(diff_line.text);
  LexedLine lexed = lexer.lex(diff_line.text);
  line.code = std::move(lexed.code);
  line.in_docstring = lexed.in_docstring;
  line.continuation = lexed.continuation;
  const bool empty = line.code.find_first_not_of(" \t\r\f\v") == std::string::npos;
  line.blank_or_comment =
      empty || (language == Language::Python && line.in_docstring && only_string_shell(line.code));
  return line;
}

HunkView build_hunk_view(const Hunk& hunk, Language language) {
  HunkView view;
  view.hunk = &hunk;
  view.lines.reserve(hunk.lines.size());
  // One lexer and one function tracker per side: the old file is context + removed lines,
  // the new file context + added lines.
  LineLexer new_lexer(language), old_lexer(language);
  if (language == Language::Python) {
    for (const LineKind skipped : {LineKind::Removed, LineKind::Added}) {
      // A side that starts at the file's first line has nothing before it to be inside of.
      if ((skipped == LineKind::Removed ? hunk.new_start : hunk.old_start) <= 1) continue;
      std::vector<std::string_view> side;
      for (const DiffLine& diff_line : hunk.lines)
        if (diff_line.kind != skipped) side.push_back(diff_line.text);
      char quote = 0;
      if (starts_inside_triple_quote(side, quote))
        (skipped == LineKind::Removed ? new_lexer : old_lexer).start_inside_triple_quote(quote);
    }
  }
  FunctionTracker new_functions(language, hunk.section), old_functions(language, hunk.section);
  for (const DiffLine& diff_line : hunk.lines) {
    switch (diff_line.kind) {
      case LineKind::Context: {
        CodeLine line = make_code_line(diff_line, new_lexer, language);
        old_lexer.lex(diff_line.text);
        line.function = new_functions.observe(line);
        old_functions.observe(line);
        view.lines.push_back(std::move(line));
        break;
      }
      case LineKind::Added: {
        CodeLine line = make_code_line(diff_line, new_lexer, language);
        line.function = new_functions.observe(line);
        view.lines.push_back(std::move(line));
        break;
      }
      case LineKind::Removed: {
        CodeLine line = make_code_line(diff_line, old_lexer, language);
        line.function = old_functions.observe(line);
        view.lines.push_back(std::move(line));
        break;
      }
    }
  }
  return view;
}

// The file's lines with their functions; what moved is marked later, across the files.
FileView build_file_view(const FileDiff& file, const TierTable& tiers) {
  FileView view;
  view.file = &file;
  view.path = file.path();
  view.language = language_for_path(view.path);
  view.tier = tiers.classify(view.path);
  view.is_test = is_test_path(view.path);
  for (const Hunk& hunk : file.hunks) view.hunks.push_back(build_hunk_view(hunk, view.language));
  return view;
}

// The line's function as far as the review knows it: from the hunks alone an indented line that
// the tracker puts at module level may sit in a function whose `def` is above the hunk.
std::optional<std::string_view> function_if_known(const FileView& file, const CodeLine& line) {
  if (line.function.empty() && line.indent > 0 && file.source != ReviewSource::Whole) return std::nullopt;
  return line.function;
}

// Marks moved, re-indented and reformatted lines (moved_lines.h), which pairs a lone line of code
// only within its function, then lists each file's changed functions.
void mark_moved_lines(const ParsedDiff& diff, std::vector<FileView>& files) {
  EnclosingFunctions functions;
  for (const FileView& file : files)
    for (const HunkView& hunk : file.hunks)
      for (const CodeLine& line : hunk.lines)
        if (line.kind != LineKind::Context && !(is_code_file(file) && line.blank_or_comment))
          functions.emplace(line.diff, function_if_known(file, line));
  const std::unordered_set<const DiffLine*> moved = find_moved_lines(diff, functions);
  for (FileView& file : files) {
    for (HunkView& hunk : file.hunks)
      for (CodeLine& line : hunk.lines) {
        line.moved = moved.count(line.diff) > 0;
        if (is_changed_code(line) && !line.function.empty()) file.changed_functions.push_back(line.function);
      }
    std::vector<std::string>& names = file.changed_functions;
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
  }
}

void fill_pattern_hits(ReviewModel& model, const LinePatternSet& patterns) {
  for (const FileView& file : model.files)
    for (const HunkView& hunk : file.hunks)
      for (const CodeLine& line : hunk.lines) {
        if (!is_new_code(line) || line.blank_or_comment) continue;
        for (const std::string& key : patterns.match(line.code)) model.pattern_hits[key].emplace_back(&file, &line);
      }
}

}  // namespace

Language language_for_path(std::string_view path) {
  static constexpr std::array<std::string_view, 2> kPython = {".py", ".pyi"};
  static constexpr std::array<std::string_view, 12> kCpp = {".c",   ".cc",  ".cpp", ".cxx", ".cu",  ".cuh",
                                                            ".h",   ".hh",  ".hpp", ".hxx", ".hip", ".inl"};
  const std::string_view ext = extension_of(path);
  if (std::find(kPython.begin(), kPython.end(), ext) != kPython.end()) return Language::Python;
  if (std::find(kCpp.begin(), kCpp.end(), ext) != kCpp.end()) return Language::Cpp;
  return Language::Other;
}

bool is_test_path(std::string_view path) {
  std::string padded = "/";
  padded += path;
  if (padded.find("/tests/") != std::string::npos || padded.find("/test/") != std::string::npos)
    return true;
  const size_t slash = padded.rfind('/');
  const std::string_view name = std::string_view(padded).substr(slash + 1);
  if (name.rfind("test_", 0) == 0 || name == "conftest.py") return true;
  const size_t dot = name.rfind('.');
  const std::string_view stem = name.substr(0, dot);
  return stem.size() > 5 && (stem.substr(stem.size() - 5) == "_test" ||
                             (stem.size() > 6 && stem.substr(stem.size() - 6) == "_tests"));
}

const std::vector<std::pair<const FileView*, const CodeLine*>>& ReviewModel::hits(const std::string& key) const {
  static const std::vector<std::pair<const FileView*, const CodeLine*>> kNone;
  const auto it = pattern_hits.find(key);
  return it == pattern_hits.end() ? kNone : it->second;
}

ReviewModel build_review_model(const ParsedDiff& diff, const PrMeta& meta, const TierTable& tiers,
                               const LinePatternSet& patterns, const std::vector<FileSource>& sources,
                               const Pack* pack) {
  ReviewModel model;
  model.diff = &diff;
  model.meta = &meta;
  model.pack = pack != nullptr ? pack : &builtin_pack_for_repo(meta.repo);
  model.pack_name = tiers.pack_name();
  model.has_body = meta.body.has_value();
  model.pr_text = meta.title + "\n" + meta.body.value_or("");
  model.files.reserve(diff.files.size());
  for (size_t i = 0; i < diff.files.size(); ++i) {
    FileView view = build_file_view(diff.files[i], tiers);
    if (i < sources.size()) {
      view.source = sources[i].source;
      view.source_reason = sources[i].reason;
      view.head_text = sources[i].head_text;
      view.base_text = sources[i].base_text;
    }
    model.files.push_back(std::move(view));
  }
  mark_moved_lines(diff, model.files);
  fill_pattern_hits(model, patterns);
  return model;
}

}  // namespace atom
