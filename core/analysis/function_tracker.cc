#include "core/analysis/function_tracker.h"

#include <algorithm>
#include <array>
#include <re2/re2.h>
#include "core/analysis/line_lexer.h"

namespace atom {
namespace {

const RE2& python_def_re() {
  static const RE2 re(R"(^\s*(?:async\s+)?def\s+(\w+))");
  return re;
}
const RE2& python_class_re() {
  static const RE2 re(R"(^\s*class\s+(\w+))");
  return re;
}
const RE2& cpp_type_re() {
  static const RE2 re(R"(^\s*(?:template\s*<.*>\s*)?(class|struct|union|namespace)\b\s*(?:alignas\s*\([^)]*\)\s*)?([\w:]*))");
  return re;
}

// Whether a Python line can open a def or a class: most lines cannot, and the check is cheaper
// than running the two patterns on every line.
bool may_open_scope(std::string_view code) {
  const size_t first = code.find_first_not_of(" \t\n\f\r");  // what RE2's \s skips
  if (first == std::string_view::npos) return false;
  const std::string_view rest = code.substr(first);
  return rest.starts_with("def") || rest.starts_with("async") || rest.starts_with("class");
}

bool contains(const auto& list, std::string_view word) {
  for (std::string_view w : list)
    if (w == word) return true;
  return false;
}

}  // namespace

std::string cpp_function_name(std::string_view code) {
  static const RE2 call_re(R"(([A-Za-z_~][\w:~]*)\s*\()");
  static const RE2 prefix_re(R"([\w\s:<>,*&~()]*)");  // parens: attributes such as __launch_bounds__(256)
  static constexpr std::array<std::string_view, 17> kNotFunctions = {
      "if", "for", "while", "switch", "catch", "return", "sizeof", "alignof", "decltype",
      "static_assert", "do", "else", "new", "delete", "throw", "typeid", "defined"};
  static constexpr std::array<std::string_view, 5> kAttributes = {
      "__launch_bounds__", "__attribute__", "alignas", "__declspec", "__align__"};
  static constexpr std::array<std::string_view, 7> kNotPrefixWords = {
      "return", "new", "throw", "else", "case", "delete", "co_return"};
  re2::StringPiece input(code.data(), code.size());
  const char* const begin = code.data();
  std::string name;
  while (RE2::FindAndConsume(&input, call_re, &name)) {
    if (contains(kAttributes, name)) continue;
    if (contains(kNotFunctions, name)) return "";
    const size_t name_pos = static_cast<size_t>(input.data() - begin);
    // The name ends before the '(' just consumed; everything before it is the prefix.
    const std::string_view consumed = code.substr(0, name_pos);
    const size_t start = consumed.rfind(name);
    const std::string_view prefix = code.substr(0, start == std::string_view::npos ? 0 : start);
    if (!RE2::FullMatch(re2::StringPiece(prefix.data(), prefix.size()), prefix_re)) return "";
    for (std::string_view word : kNotPrefixWords) {
      static const std::string kSep = " \t*&<>,:";
      size_t at = prefix.find(word);
      while (at != std::string_view::npos) {
        const bool starts = at == 0 || kSep.find(prefix[at - 1]) != std::string::npos;
        const size_t after = at + word.size();
        const bool ends = after >= prefix.size() || kSep.find(prefix[after]) != std::string::npos;
        if (starts && ends) return "";
        at = prefix.find(word, at + 1);
      }
    }
    return name;
  }
  return "";
}

FunctionTracker::FunctionTracker(Language language, std::string_view section)
    : language_(language) {
  const re2::StringPiece text(section.data(), section.size());
  std::string name;
  if (language_ == Language::Python) {
    const int indent = indent_columns(section);
    if (RE2::PartialMatch(text, python_def_re(), &name)) scopes_.push_back({name, true, indent});
    else if (RE2::PartialMatch(text, python_class_re(), &name)) scopes_.push_back({name, false, indent});
    python_function_ = current_python();
  } else if (language_ == Language::Cpp) {
    std::string kind;
    section_function_ = cpp_function_name(section);
    if (section_function_.empty() && RE2::PartialMatch(text, cpp_type_re(), &kind, &name) &&
        kind != "namespace") {
      section_class_ = name;
    }
  }
}

std::string FunctionTracker::observe(const CodeLine& line) {
  switch (language_) {
    case Language::Python: return observe_python(line);
    case Language::Cpp: return observe_cpp(line);
    case Language::Other: break;
  }
  return "";
}

std::string FunctionTracker::observe_python(const CodeLine& line) {
  if (line.blank_or_comment || line.continuation) return python_function_;
  bool changed = false;
  while (!scopes_.empty() && scopes_.back().level >= line.indent) {
    scopes_.pop_back();
    changed = true;
  }
  if (may_open_scope(line.code)) {
    const re2::StringPiece code(line.code);
    std::string name;
    if (RE2::PartialMatch(code, python_def_re(), &name)) {
      scopes_.push_back({name, true, line.indent});
      changed = true;
    } else if (RE2::PartialMatch(code, python_class_re(), &name)) {
      scopes_.push_back({name, false, line.indent});
      changed = true;
    }
  }
  if (changed) python_function_ = current_python();
  return python_function_;
}

std::string FunctionTracker::current_python() const {
  size_t innermost = scopes_.size();
  for (size_t i = scopes_.size(); i-- > 0;) {
    if (scopes_[i].is_function) {
      innermost = i;
      break;
    }
  }
  if (innermost == scopes_.size()) return "";
  std::string qualified;
  for (size_t i = 0; i <= innermost; ++i) {
    if (!qualified.empty()) qualified += '.';
    qualified += scopes_[i].name;
  }
  return qualified;
}

std::string FunctionTracker::observe_cpp(const CodeLine& line) {
  const std::string& code = line.code;
  if (line.blank_or_comment) return current_cpp();
  size_t first = code.find_first_not_of(" \t");
  if (first != std::string::npos && code[first] == '#') return current_cpp();  // preprocessor

  const bool in_hunk_function =
      std::any_of(scopes_.begin(), scopes_.end(), [](const Scope& s) { return s.is_function; });
  if (pending_name_.empty() && !in_hunk_function && !line.continuation) {
    std::string kind, name;
    if (RE2::PartialMatch(code, cpp_type_re(), &kind, &name)) {
      pending_name_ = kind == "namespace" ? "" : name;
      pending_is_function_ = false;
      pending_paren_ = 0;
      if (pending_name_.empty()) pending_name_ = " ";  // an unnamed scope still needs its braces tracked
    } else if (std::string fn = cpp_function_name(code); !fn.empty()) {
      pending_name_ = fn;
      pending_is_function_ = true;
      pending_paren_ = 0;
    }
  }

  std::string result;
  bool closed = false;
  for (char c : code) {
    if (!pending_name_.empty()) {
      if (c == '(') ++pending_paren_;
      else if (c == ')') --pending_paren_;
      else if (c == ';' && pending_paren_ <= 0) pending_name_.clear();
      else if (c == '{' && pending_paren_ <= 0) {
        if (pending_is_function_ && depth_ <= 0) section_function_.clear();
        scopes_.push_back({pending_name_ == " " ? "" : pending_name_, pending_is_function_, depth_});
        pending_name_.clear();
        ++depth_;
        continue;
      }
    }
    if (c == '{') {
      ++depth_;
    } else if (c == '}') {
      --depth_;
      if (!scopes_.empty() && depth_ <= scopes_.back().level) {
        if (!closed) result = current_cpp();
        closed = true;
        scopes_.pop_back();
      }
    }
  }
  if (!closed) result = current_cpp();
  if (scopes_.empty() && line.indent == 0 && first != std::string::npos && code[first] == '}') {
    section_function_.clear();
    if (code.find(';') != std::string::npos) section_class_.clear();
  }
  return result;
}

std::string FunctionTracker::current_cpp() const {
  size_t innermost = scopes_.size();
  for (size_t i = scopes_.size(); i-- > 0;) {
    if (scopes_[i].is_function) {
      innermost = i;
      break;
    }
  }
  if (innermost == scopes_.size()) {
    if (section_function_.empty()) return "";
    if (section_class_.empty() || section_function_.find("::") != std::string::npos) return section_function_;
    return section_class_ + "::" + section_function_;
  }
  const std::string& name = scopes_[innermost].name;
  if (name.find("::") != std::string::npos) return name;
  std::string owner;
  for (size_t i = innermost; i-- > 0;) {
    if (!scopes_[i].is_function && !scopes_[i].name.empty()) {
      owner = scopes_[i].name;
      break;
    }
  }
  if (owner.empty()) owner = section_class_;
  return owner.empty() ? name : owner + "::" + name;
}

}  // namespace atom
