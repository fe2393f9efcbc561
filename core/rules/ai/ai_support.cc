#include "core/rules/ai/ai_support.h"
#include "core/rules/finding_at.h"

#include <re2/re2.h>

namespace atom::ai {

std::string comment_of(const CodeLine& line, Language language) {
  if (line.diff == nullptr || language == Language::Other) return {};
  const std::string& raw = line.diff->text;
  char quote = 0;
  for (size_t i = 0; i < raw.size(); ++i) {
    const char c = raw[i];
    if (quote != 0) {
      if (c == '\\') ++i;
      else if (c == quote) quote = 0;
    } else if (c == '"' || (c == '\'' && language == Language::Python)) {
      quote = c;
    } else if (language == Language::Python && c == '#') {
      return raw.substr(i + 1);
    } else if (language == Language::Cpp && c == '/' && i + 1 < raw.size() && raw[i + 1] == '/') {
      return raw.substr(i + 2);
    }
  }
  return {};
}

bool comment_gives_reason(const std::string& comment) {
  static const RE2 directive(R"((?i)\b(?:noqa|nosec|pragma|type:\s*ignore|pylint:\s*disable)\b(?:\s*[:=]?\s*(?:[A-Z]+\d+|[\w-]+\[[^\]]*\]|[a-z-]+)(?:\s*,\s*[A-Z]*\d+)*)?)");
  static const RE2 code(R"(\b[A-Z]+\d+\b)");
  static const RE2 word(R"(([A-Za-z]{2,}))");
  std::string text = comment;
  RE2::GlobalReplace(&text, directive, " ");
  RE2::GlobalReplace(&text, code, " ");
  re2::StringPiece rest(text);
  int words = 0;
  std::string found;
  while (RE2::FindAndConsume(&rest, word, &found)) ++words;
  return words >= 3;
}

Finding line_finding(const char* rule, Severity severity, Tag tag, const FileView& file, const CodeLine& line,
                     const char* message_id, std::map<std::string, std::string> fields) {
  fields.emplace("path", file.path);
  fields.emplace("line", std::to_string(line.line_number()));
  return finding_at(rule, severity, tag, file, line, message_id, std::move(fields));
}

}  // namespace atom::ai
