// The analysed PR that every rule reads: each file of the diff with its tier, its language and
// its hunks as "code lines" (comments and string contents stripped, indentation, the enclosing
// function), plus the PR text. Built once per review by build_review_model().
//
// Rules read code structure from the syntax trees (core/analysis/file_trees.h: each side's tree,
// whole or per hunk; python_syntax.h, cpp_syntax.h). Line helpers over one side of one hunk:
//   core/analysis/structure.h  SideLines, hunk_of/index_of, has_identifier, in_function
#pragma once
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>
#include "core/model/diff.h"
#include "core/model/file_source.h"
#include "core/model/pr_meta.h"
#include "core/packs/pack.h"
#include "core/tiers/tier_table.h"

namespace atom {

class LinePatternSet;

enum class Language { Python, Cpp, Other };  // Cpp: .c .cc .cpp .cu .cuh .h .hpp .hip; Triton is Python
struct FileTrees;  // core/analysis/file_trees.h: the parsed sides, made on first use
class RepositoryIndex;  // core/repository/repository_index.h: the whole snapshot, a layer above

struct CodeLine {
  const DiffLine* diff = nullptr;   // the underlying diff line (kind, raw text, numbers)
  LineKind kind = LineKind::Context;
  int old_line = 0, new_line = 0;
  std::string code;                 // comments removed, string-literal contents blanked (quotes kept)
  bool blank_or_comment = false;    // nothing left after stripping
  bool in_docstring = false;        // Python: inside a triple-quoted string
  int indent = 0;                   // leading columns (tab = 8)
  // Python: the line continues a statement begun earlier (inside open brackets, after a trailing
  // backslash, or inside a multi-line string); C++: after a macro's trailing backslash or inside
  // a block comment / raw string. Structure helpers skip such lines when looking for headers.
  bool continuation = false;
  std::string function;             // innermost enclosing def/function ("Class.method"); "" = module level/unknown
  // An added or removed line that is not new code: moved, re-indented or reformatted
  // (core/analysis/moved_lines.h). Rules treat it as unchanged through is_new_code/is_deleted_code.
  bool moved = false;
  int line_number() const { return kind == LineKind::Removed ? old_line : new_line; }
};

// The one test of "did the PR write this line": an added line that is not moved code.
inline bool is_new_code(const CodeLine& line) { return line.kind == LineKind::Added && !line.moved; }
// The one test of "did the PR delete this line": a removed line that is not moved code.
inline bool is_deleted_code(const CodeLine& line) { return line.kind == LineKind::Removed && !line.moved; }
// A line the PR wrote or deleted: what every "did this PR change it" question reads.
inline bool is_changed_code(const CodeLine& line) { return is_new_code(line) || is_deleted_code(line); }
// The line as the diff has it, comments and string contents included.
inline std::string_view raw_text(const CodeLine& line) {
  return line.diff ? std::string_view(line.diff->text) : std::string_view(line.code);
}

struct HunkView {
  const Hunk* hunk = nullptr;
  std::vector<CodeLine> lines;      // in diff order
};

struct FileView {
  const FileDiff* file = nullptr;
  std::string path;
  Language language = Language::Other;
  TierInfo tier;
  bool is_test = false;             // under tests/ or test_*.py / *_test.*
  std::vector<HunkView> hunks;
  std::vector<std::string> changed_functions;  // functions with new or deleted code (not only moved), sorted, unique
  // Whole: reviewed over the whole file, both texts known (the syntax layer parses them);
  // Hunks: from the diff's hunks alone, for `source_reason` (core/model/file_source.h).
  ReviewSource source = ReviewSource::Hunks;
  std::string source_reason = "not-provided";
  std::string head_text;            // the file at the PR's head; Whole only ("" for a deleted file)
  std::string base_text;            // the file before the PR; Whole only ("" for an added file)
  // The syntax trees of both sides, parsed when a rule first asks (head_trees / base_trees).
  mutable std::shared_ptr<FileTrees> trees;
};

// A file whose code the analysis reads: Python or C/C++ (not docs, configs, CI files or scripts).
inline bool is_code_file(const FileView& file) { return file.language != Language::Other; }

struct ReviewModel {
  // Not copyable: pattern_hits points into `files`. Moving keeps those pointers valid.
  ReviewModel() = default;
  ReviewModel(ReviewModel&&) = default;
  ReviewModel& operator=(ReviewModel&&) = default;
  ReviewModel(const ReviewModel&) = delete;
  ReviewModel& operator=(const ReviewModel&) = delete;

  const ParsedDiff* diff = nullptr;
  const PrMeta* meta = nullptr;
  std::string pack_name;            // "ATOM" or "": the name of the pack whose tier table applies
  const Pack* pack = nullptr;       // the repository knowledge the rules read; never null once built
  std::vector<FileView> files;
  // The whole repository the PR lands in (its untouched files), when the host gave a snapshot:
  // rules that verify against it ask core/repository; nullptr: only the diff's files are known.
  const RepositoryIndex* repository = nullptr;
  std::string pr_text;              // title + "\n" + body (body may be absent)
  bool has_body = false;

  // New-code lines (is_new_code) whose stripped code matched the line pattern `key` declared by some rule
  // (RuleMeta::line_patterns). Filled by one RE2::Set pass over every added line.
  std::map<std::string, std::vector<std::pair<const FileView*, const CodeLine*>>> pattern_hits;
  const std::vector<std::pair<const FileView*, const CodeLine*>>& hits(const std::string& key) const;
};

// `diff` and `meta` must outlive the model (it points into them). Never throws. `sources`, one per
// diff file (core/diff/widen_to_whole_files.h), say how each file is reviewed; empty: every file
// from its hunks, "not-provided". `pack` (which must outlive the model) holds the knowledge the rules
// read; nullptr: the built-in pack for meta.repo (core/packs/builtin_packs.h). `patterns` are the
// rules' line patterns (core/rules/rule_line_patterns.h), matched once over every new code line.
ReviewModel build_review_model(const ParsedDiff& diff, const PrMeta& meta, const TierTable& tiers,
                               const LinePatternSet& patterns, const std::vector<FileSource>& sources = {},
                               const Pack* pack = nullptr);

Language language_for_path(std::string_view path);
bool is_test_path(std::string_view path);

}  // namespace atom
