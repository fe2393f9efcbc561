// D5: nearly the same block added to two backbone (Tier 1/2) files, only names differing.
#include <algorithm>
#include <memory>
#include <set>
#include <re2/re2.h>

#include "core/analysis/review_model.h"
#include "core/model/identifier_chars.h"
#include "core/rules/rule.h"
#include "core/rules/finding_at.h"

namespace atom {
namespace {

const RuleMeta kMeta{
    .id = "D5",
    .slug = "duplicated-backbone-block",
    .category = "D",
    .default_severity = Severity::Warn,
    .summary = "Nearly identical blocks added to two backbone files (same formula, constants and calls; "
               "only names differ).",
    .what =
        "Compares the runs of added lines in Tier 1/2 files pairwise. Each line is reduced to its "
        "shape: local names become a placeholder while numbers, operators, keywords and attribute "
        "or method names stay. Two blocks match when at least 6 substantial lines (and 80% of the "
        "smaller block) line up in order.",
    .why =
        "The same algorithm pasted into two backbone files will be fixed in one and not the other: "
        "the next bug fix lands in half the models (ATOM#1493). A shared helper keeps one copy.",
    .example =
        "The same 12-line scale/reshape/fused-call block added to `deepseek_v2.py` and "
        "`deepseek_v4.py` with `q_a` renamed to `q_lora`.",
    .must_not_fire =
        "Short blocks (fewer than 6 substantial lines), blocks in Tier 3 files, boilerplate lines "
        "(imports, bare returns, brackets), or blocks that differ in their formulas or constants.",
    .source = "ATOM#1493",
    .messages = {{
        .id = "duplicated-block",
        .problem = "the {lines}-line block added here repeats the block added at {other} with only names changed",
        .impact = "two copies of one algorithm in backbone files: the next fix lands in one and silently "
                  "misses the other",
        .action_verified = "move the shared logic into one helper both files call",
        .action_inferred = "whether the two copies should be one helper",
    }},
    .line_patterns = {},
};

constexpr size_t kMinLines = 6;

bool is_keyword(const std::string& word) {
  static const std::set<std::string> kKeywords = {
      "and", "as", "assert", "await", "break", "class", "continue", "def", "del", "elif", "else",
      "except", "False", "for", "from", "if", "import", "in", "is", "lambda", "None", "not", "or",
      "pass", "raise", "return", "True", "try", "while", "with", "yield", "torch", "self"};
  return kKeywords.count(word) > 0;
}

// Local names → "_", everything else kept; spaces dropped.
std::string shape_of(const std::string& code) {
  std::string out;
  for (size_t i = 0; i < code.size();) {
    char c = code[i];
    if (is_ascii_letter(c) || c == '_') {
      size_t end = i;
      while (end < code.size() && is_identifier_char(code[end])) ++end;
      std::string word = code.substr(i, end - i);
      bool attribute = i > 0 && code[i - 1] == '.';
      out += attribute || is_keyword(word) ? word : "_";
      i = end;
    } else {
      if (c != ' ' && c != '\t') out += c;
      ++i;
    }
  }
  return out;
}

struct Block {
  const FileView* file = nullptr;
  const CodeLine* first = nullptr;
  std::vector<std::string> shapes;  // substantial lines only
};

bool substantial(const CodeLine& line, const std::string& shape) {
  if (line.blank_or_comment || line.in_docstring || shape.size() < 10) return false;
  static const RE2 kImport(R"(^\s*(?:import|from)\b)");
  return !RE2::PartialMatch(line.code, kImport);
}

std::vector<Block> added_blocks(const FileView& file) {
  std::vector<Block> blocks;
  for (const HunkView& hunk : file.hunks) {
    Block current{&file, nullptr, {}};
    auto flush = [&] {
      if (current.shapes.size() >= kMinLines) blocks.push_back(current);
      current = Block{&file, nullptr, {}};
    };
    for (const CodeLine& line : hunk.lines) {
      if (!is_new_code(line)) {
        if (line.kind != LineKind::Removed && !line.blank_or_comment) flush();
        continue;
      }
      std::string shape = shape_of(line.code);
      if (!substantial(line, shape)) continue;
      if (!current.first) current.first = &line;
      current.shapes.push_back(std::move(shape));
    }
    flush();
  }
  return blocks;
}

size_t common_lines(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  std::vector<std::vector<size_t>> lcs(a.size() + 1, std::vector<size_t>(b.size() + 1, 0));
  for (size_t i = 1; i <= a.size(); ++i)
    for (size_t j = 1; j <= b.size(); ++j)
      lcs[i][j] = a[i - 1] == b[j - 1] ? lcs[i - 1][j - 1] + 1 : std::max(lcs[i - 1][j], lcs[i][j - 1]);
  return lcs[a.size()][b.size()];
}

class D5Rule : public Rule {
 public:
  const RuleMeta& meta() const override { return kMeta; }

  void check(const ReviewModel& model, std::vector<Finding>& out) const override {
    std::vector<Block> blocks;
    for (const FileView& file : model.files) {
      if (file.tier.tier > 2 || file.is_test || !is_code_file(file)) continue;
      for (Block& block : added_blocks(file)) blocks.push_back(std::move(block));
    }
    std::set<std::pair<const FileView*, int>> reported;  // one finding per block start
    for (size_t i = 0; i < blocks.size(); ++i)
      for (size_t j = i + 1; j < blocks.size(); ++j) {
        const Block& a = blocks[i];
        const Block& b = blocks[j];
        if (a.file == b.file || a.shapes.size() > 400 || b.shapes.size() > 400) continue;
        size_t common = common_lines(a.shapes, b.shapes);
        size_t smaller = std::min(a.shapes.size(), b.shapes.size());
        if (common < kMinLines || common * 5 < smaller * 4) continue;
        if (!reported.insert({b.file, b.first->new_line}).second) continue;
        out.push_back(finding_at("D5", Severity::Warn, Tag::Verified, *b.file, b.first->new_line, "duplicated-block",
                                 {{"lines", std::to_string(common)},
                                  {"other", a.file->path + ":" + std::to_string(a.first->new_line)}}));
      }
  }
};

}  // namespace

std::unique_ptr<Rule> make_d5_duplicated_backbone_block() { return std::make_unique<D5Rule>(); }

}  // namespace atom
