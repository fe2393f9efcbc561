#include "cli/cli_common.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

namespace atom::cli {

Arguments split_arguments(const std::vector<std::string>& args, const std::set<std::string>& with_value,
                          const std::string& command, const std::set<std::string>& flags) {
  Arguments result;
  for (size_t i = 0; i < args.size() && result.error.empty(); ++i) {
    const std::string& arg = args[i];
    if (arg == "-" || arg.rfind("--", 0) != 0) {
      result.positional.push_back(arg);
      continue;
    }
    const size_t equals = arg.find('=');
    const std::string name = arg.substr(0, equals);
    if (flags.count(name)) {
      if (equals != std::string::npos) result.error = "option " + name + " takes no value";
      else result.options[name] = "";
    } else if (!with_value.count(name)) {
      result.error = "unknown option " + name + " for '" + command + "' (see atom-review --help)";
    } else if (equals != std::string::npos) {
      result.options[name] = arg.substr(equals + 1);
    } else if (i + 1 < args.size()) {
      result.options[name] = args[++i];
    } else {
      result.error = "option " + name + " needs a value";
    }
  }
  return result;
}

bool read_input(const std::string& path, std::string& content, std::string& error) {
  if (path == "-") {
    std::ostringstream buffer;
    buffer << std::cin.rdbuf();
    content = buffer.str();
    return true;
  }
  std::error_code ignored;
  if (std::filesystem::is_directory(path, ignored)) {
    error = path + ": is a directory, not a file";
    return false;
  }
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    error = path + ": cannot read (" + std::strerror(errno) + ")";
    return false;
  }
  content.assign(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
  if (file.bad()) {
    error = path + ": read error";
    return false;
  }
  return true;
}

int fail(const std::string& line) {
  std::cerr << "atom-review: " << line << "\n";
  return kExitUnusable;
}

bool check_choice(const Arguments& args, const std::string& option, const std::set<std::string>& allowed,
                  std::string& error) {
  auto it = args.options.find(option);
  if (it == args.options.end() || allowed.count(it->second)) return true;
  std::string choices;
  for (const std::string& choice : allowed) choices += (choices.empty() ? "" : "|") + choice;
  error = option + " must be one of " + choices + ", not '" + it->second + "'";
  return false;
}

}  // namespace atom::cli
