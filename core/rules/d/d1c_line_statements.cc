#include "core/rules/d/d1c_line_statements.h"

#include <algorithm>
#include <cctype>

namespace atom::d1c {
namespace {

bool is_ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

bool is_identifier(std::string_view text) {
  if (text.empty() || std::isdigit(static_cast<unsigned char>(text[0]))) return false;
  return std::all_of(text.begin(), text.end(), is_ident_char);
}

// Splits at commas outside brackets.
std::vector<std::string_view> split_top_level(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '(' || c == '[' || c == '{') ++depth;
    else if (c == ')' || c == ']' || c == '}') --depth;
    else if (c == separator && depth == 0) {
      parts.push_back(text.substr(start, i - start));
      start = i + 1;
    }
  }
  parts.push_back(text.substr(start));
  return parts;
}

// Position of the first '=' at bracket depth 0 that is a plain assignment (not ==, <=, +=, …).
size_t top_level_assign(std::string_view code) {
  int depth = 0;
  for (size_t i = 0; i < code.size(); ++i) {
    char c = code[i];
    if (c == '(' || c == '[' || c == '{') ++depth;
    else if (c == ')' || c == ']' || c == '}') --depth;
    else if (c == '=' && depth == 0) {
      char prev = i > 0 ? code[i - 1] : ' ';
      char next = i + 1 < code.size() ? code[i + 1] : ' ';
      if (next == '=') { ++i; continue; }
      if (std::string_view("=!<>+-*/%&|^@:").find(prev) != std::string_view::npos) continue;
      return i;
    }
  }
  return std::string_view::npos;
}

void add_target_names(std::string_view target, std::vector<std::string>& names, int depth = 0) {
  for (std::string_view part : split_top_level(target, ',')) {
    part = trim(part);
    while (!part.empty() && (part.front() == '(' || part.front() == '[' || part.front() == '*'))
      part.remove_prefix(1);
    while (!part.empty() && (part.back() == ')' || part.back() == ']')) part.remove_suffix(1);
    part = trim(part);
    if (part.find(',') != std::string_view::npos) {
      // A parenthesised tuple target; unbalanced brackets (a window of a file) stop here.
      if (depth < 4 && part.size() < target.size()) add_target_names(part, names, depth + 1);
    } else if (is_identifier(part)) {
      names.emplace_back(part);
    }
  }
}

void add_words_after(std::string_view code, std::string_view keyword, std::vector<std::string>& names) {
  size_t pos = 0;
  while ((pos = code.find(keyword, pos)) != std::string_view::npos) {
    bool boundary_before = pos == 0 || !is_ident_char(code[pos - 1]);
    size_t after = pos + keyword.size();
    pos = after;
    if (!boundary_before || after >= code.size() || code[after] != ' ') continue;
    size_t begin = code.find_first_not_of(' ', after);
    if (begin == std::string_view::npos) break;
    size_t end = begin;
    while (end < code.size() && is_ident_char(code[end])) ++end;
    if (end > begin) names.emplace_back(code.substr(begin, end - begin));
  }
}

}  // namespace

std::string_view trim(std::string_view text) {
  size_t begin = text.find_first_not_of(" \t");
  if (begin == std::string_view::npos) return {};
  size_t end = text.find_last_not_of(" \t");
  return text.substr(begin, end - begin + 1);
}

bool starts_with_word(std::string_view code, std::string_view word) {
  code = trim(code);
  if (code.substr(0, word.size()) != word) return false;
  return code.size() == word.size() || !is_ident_char(code[word.size()]);
}

std::vector<std::string> python_bound_names(std::string_view statement) {
  std::vector<std::string> names;
  std::string_view code = trim(statement);
  if (starts_with_word(code, "for") || starts_with_word(code, "async")) {
    size_t for_pos = code.find("for ");
    size_t in_pos = code.find(" in ");
    if (for_pos != std::string_view::npos && in_pos != std::string_view::npos && in_pos > for_pos)
      add_target_names(code.substr(for_pos + 4, in_pos - for_pos - 4), names);
  }
  if (starts_with_word(code, "with") || starts_with_word(code, "except") || starts_with_word(code, "async") ||
      starts_with_word(code, "import") || starts_with_word(code, "from"))
    add_words_after(code, "as", names);
  if (starts_with_word(code, "import")) {
    for (std::string_view part : split_top_level(code.substr(6), ',')) {
      part = trim(part);
      if (part.find(" as ") != std::string_view::npos) continue;
      std::string_view head = part.substr(0, part.find('.'));
      if (is_identifier(head)) names.emplace_back(head);
    }
  }
  if (starts_with_word(code, "from")) {
    size_t import_pos = code.find(" import ");
    if (import_pos != std::string_view::npos) {
      std::string_view list = code.substr(import_pos + 8);
      for (std::string_view part : split_top_level(list, ',')) {
        part = trim(part);
        while (!part.empty() && (part.front() == '(')) part.remove_prefix(1);
        while (!part.empty() && (part.back() == ')')) part.remove_suffix(1);
        part = trim(part);
        if (part.find(" as ") == std::string_view::npos && is_identifier(part)) names.emplace_back(part);
      }
    }
  }
  std::string def = python_def_name(code);
  if (!def.empty()) names.push_back(def);
  if (starts_with_word(code, "class")) add_words_after(code, "class", names);
  for (size_t pos = code.find(":="); pos != std::string_view::npos; pos = code.find(":=", pos + 2)) {
    size_t end = pos;
    while (end > 0 && code[end - 1] == ' ') --end;
    size_t begin = end;
    while (begin > 0 && is_ident_char(code[begin - 1])) --begin;
    if (end > begin) names.emplace_back(code.substr(begin, end - begin));
  }
  // Plain and chained assignment: every "target =" segment at bracket depth 0.
  std::string_view rest = code;
  for (size_t eq = top_level_assign(rest); eq != std::string_view::npos; eq = top_level_assign(rest)) {
    std::string_view target = rest.substr(0, eq);
    size_t colon = target.find(':');
    if (colon != std::string_view::npos && colon < target.find('['))
      target = target.substr(0, colon);  // annotation, not a slice inside a subscript target
    if (target.find('(') == std::string_view::npos || target.find('(') > target.find(','))
      add_target_names(target, names);
    rest = rest.substr(eq + 1);
  }
  return names;
}

namespace {

// The position of the first ':' at bracket depth 0, or npos.
size_t top_level_colon(std::string_view text) {
  int depth = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '(' || c == '[' || c == '{') ++depth;
    else if (c == ')' || c == ']' || c == '}') --depth;
    else if (c == ':' && depth == 0) return i;
  }
  return std::string_view::npos;
}

// True when text[0] opens a bracket that closes at its last character.
bool wrapped_in_brackets(std::string_view text) {
  if (text.size() < 2 || (text.front() != '(' && text.front() != '[')) return false;
  int depth = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '(' || c == '[' || c == '{') ++depth;
    else if ((c == ')' || c == ']' || c == '}') && --depth == 0) return i + 1 == text.size();
  }
  return false;
}

void add_targets(std::string_view target, std::vector<std::string_view>& out, int depth) {
  for (std::string_view part : split_top_level(target, ',')) {
    part = trim(part);
    while (!part.empty() && part.front() == '*') part = trim(part.substr(1));
    if (part.empty()) continue;
    if (wrapped_in_brackets(part) && depth < 4) add_targets(part.substr(1, part.size() - 2), out, depth + 1);
    else out.push_back(part);
  }
}

}  // namespace

PyAssignment python_assignment(std::string_view statement) {
  PyAssignment assignment;
  std::string_view rest = trim(statement);
  for (size_t eq = top_level_assign(rest); eq != std::string_view::npos; eq = top_level_assign(rest)) {
    std::string_view target = rest.substr(0, eq);
    if (size_t colon = top_level_colon(target); colon != std::string_view::npos) target = target.substr(0, colon);
    add_targets(target, assignment.targets, 0);
    rest = rest.substr(eq + 1);
  }
  assignment.value = trim(rest);
  return assignment;
}

std::string python_def_name(std::string_view code) {
  code = trim(code);
  if (starts_with_word(code, "async")) code = trim(code.substr(5));
  if (!starts_with_word(code, "def")) return {};
  code = trim(code.substr(3));
  size_t end = 0;
  while (end < code.size() && is_ident_char(code[end])) ++end;
  return std::string(code.substr(0, end));
}

std::vector<const CodeLine*> new_side_lines(const FileView& file) {
  std::vector<const CodeLine*> lines;
  for (const HunkView& hunk : file.hunks)
    for (const CodeLine& line : hunk.lines)
      if (line.kind != LineKind::Removed) lines.push_back(&line);
  return lines;
}

bool contiguous(const std::vector<const CodeLine*>& lines, size_t from, size_t to) {
  for (size_t i = from + 1; i <= to && i < lines.size(); ++i)
    if (lines[i]->new_line != lines[i - 1]->new_line + 1) return false;
  return true;
}

std::string statement_text(const std::vector<const CodeLine*>& lines, size_t first, size_t* end) {
  std::string text = lines[first]->code;
  size_t last = first;
  while (last + 1 < lines.size() && lines[last + 1]->continuation) {
    ++last;
    text += ' ';
    text += trim(lines[last]->code);
  }
  if (end) *end = last;
  return text;
}

void add_unique(std::vector<Finding>& out, Finding finding) {
  for (Finding& existing : out) {
    if (existing.rule == finding.rule && existing.path == finding.path && existing.line == finding.line &&
        existing.side == finding.side) {
      if (finding.severity > existing.severity) existing = std::move(finding);  // keep the strongest
      return;
    }
  }
  out.push_back(std::move(finding));
}

Finding finding_at(const char* rule, const FileView& file, const CodeLine& line, std::string message_id,
                   std::map<std::string, std::string> fields) {
  Finding finding;
  finding.rule = rule;
  finding.severity = Severity::Warn;
  finding.tag = Tag::Verified;
  finding.path = file.path;
  finding.line = line.line_number();
  finding.side = line.kind == LineKind::Removed ? Side::Old : Side::New;
  finding.message_id = std::move(message_id);
  finding.fields = std::move(fields);
  return finding;
}

std::string_view raw_text(const CodeLine& line) {
  return line.diff ? std::string_view(line.diff->text) : std::string_view(line.code);
}

}  // namespace atom::d1c
