#include "core/repository/python_signatures.h"

#include <algorithm>

#include "core/model/identifier_chars.h"

namespace atom {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// The parts of `s` between top-level commas (brackets nest; strings are blanked already).
std::vector<std::string_view> top_level_parts(std::string_view s) {
  std::vector<std::string_view> parts;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '(' || c == '[' || c == '{') ++depth;
    else if (c == ')' || c == ']' || c == '}') --depth;
    else if (c == ',' && depth == 0) {
      parts.push_back(trim(s.substr(start, i - start)));
      start = i + 1;
    }
  }
  parts.push_back(trim(s.substr(start)));
  parts.erase(std::remove_if(parts.begin(), parts.end(), [](std::string_view p) { return p.empty(); }), parts.end());
  return parts;
}

std::string leading_identifier(std::string_view s) {
  size_t end = 0;
  while (end < s.size() && is_identifier_char(s[end])) ++end;
  if (end == 0 || is_ascii_digit(s[0])) return "";
  return std::string(s.substr(0, end));
}

// `name=` at the top of an argument (not `==`, not `a[i]=`): the keyword's name, else "".
std::string keyword_of(std::string_view argument) {
  const std::string name = leading_identifier(argument);
  if (name.empty()) return "";
  const std::string_view rest = trim(argument.substr(name.size()));
  return rest.size() >= 1 && rest[0] == '=' && (rest.size() == 1 || rest[1] != '=') ? name : "";
}

}  // namespace

std::string_view parenthesised(std::string_view s, size_t open, size_t& after) {
  int depth = 0;
  for (size_t i = open; i < s.size(); ++i) {
    if (s[i] == '(' || s[i] == '[' || s[i] == '{') ++depth;
    else if ((s[i] == ')' || s[i] == ']' || s[i] == '}') && --depth == 0) {
      after = i + 1;
      return s.substr(open + 1, i - open - 1);
    }
  }
  after = std::string_view::npos;
  return {};
}

std::vector<PythonParameter> parse_parameters(std::string_view inside) {
  std::vector<PythonParameter> parameters;
  bool keyword_only = false;
  for (std::string_view part : top_level_parts(inside)) {
    if (part == "/") {
      for (PythonParameter& earlier : parameters) earlier.positional_only = true;
      continue;
    }
    if (part == "*") {
      keyword_only = true;
      continue;
    }
    PythonParameter parameter;
    if (part.starts_with("**")) {
      parameter.kind = ParameterKind::VarKeyword;
      part.remove_prefix(2);
    } else if (part.starts_with("*")) {
      parameter.kind = ParameterKind::VarPositional;
      part.remove_prefix(1);
      keyword_only = true;
    } else {
      parameter.kind = keyword_only ? ParameterKind::KeywordOnly : ParameterKind::Positional;
    }
    parameter.name = leading_identifier(trim(part));
    int depth = 0;
    for (char c : part) {
      if (c == '(' || c == '[' || c == '{') ++depth;
      else if (c == ')' || c == ']' || c == '}') --depth;
      else if (c == '=' && depth == 0) parameter.has_default = true;
    }
    if (!parameter.name.empty()) parameters.push_back(std::move(parameter));
  }
  return parameters;
}

void read_call_arguments(std::string_view inside, PythonCall& call) {
  for (std::string_view argument : top_level_parts(inside)) {
    if (argument.starts_with("*")) {
      call.unpacks = true;
      continue;
    }
    const std::string keyword = keyword_of(argument);
    if (!keyword.empty()) call.keywords.push_back(keyword);
    else if (call.keywords.empty()) ++call.positional;
  }
}

std::string call_mismatch(const PythonFunction& function, const PythonCall& call) {
  if (call.unpacks) return "";
  bool var_positional = false, var_keyword = false;
  std::vector<const PythonParameter*> positional;
  for (const PythonParameter& parameter : function.parameters) {
    var_positional |= parameter.kind == ParameterKind::VarPositional;
    var_keyword |= parameter.kind == ParameterKind::VarKeyword;
    if (parameter.kind == ParameterKind::Positional) positional.push_back(&parameter);
  }
  if (!var_positional && call.positional > static_cast<int>(positional.size()))
    return "passes " + std::to_string(call.positional) + " positional arguments";
  for (const std::string& keyword : call.keywords) {
    const bool named = std::any_of(function.parameters.begin(), function.parameters.end(), [&](const PythonParameter& p) {
      return p.name == keyword && !p.positional_only &&
             (p.kind == ParameterKind::Positional || p.kind == ParameterKind::KeywordOnly);
    });
    if (!named && !var_keyword) return "passes `" + keyword + "=`";
  }
  for (size_t index = 0; index < function.parameters.size(); ++index) {
    const PythonParameter& parameter = function.parameters[index];
    if (parameter.has_default) continue;
    if (parameter.kind != ParameterKind::Positional && parameter.kind != ParameterKind::KeywordOnly) continue;
    const auto at = std::find(positional.begin(), positional.end(), &parameter);
    const bool filled_by_position = at != positional.end() && at - positional.begin() < call.positional;
    const bool filled_by_keyword = std::find(call.keywords.begin(), call.keywords.end(), parameter.name) != call.keywords.end();
    if (!filled_by_position && !filled_by_keyword) return "does not pass `" + parameter.name + "`";
  }
  return "";
}

}  // namespace atom
