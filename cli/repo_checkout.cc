#include "cli/repo_checkout.h"

#include <filesystem>
#include <fstream>
#include <iterator>

#include "core/engine/review.h"

namespace atom::cli {
namespace {

namespace fs = std::filesystem;

constexpr std::uintmax_t kMaxFileBytes = 16u << 20;

// A relative path that stays inside the checkout: no root, no `..`, no empty name.
bool stays_inside(const fs::path& relative) {
  if (relative.empty() || relative.is_absolute() || relative.has_root_name()) return false;
  for (const fs::path& part : relative)
    if (part == ".." || part.empty()) return false;
  return true;
}

}  // namespace

bool read_head_files(const std::string& dir, const std::string& diff_bytes, HeadFiles& out, std::string& error) {
  std::error_code code;
  if (!fs::is_directory(dir, code)) {
    error = dir + ": --repo needs a directory (a checkout at the pull request's head)";
    return false;
  }
  for (const std::string& path : head_paths_to_read(diff_bytes)) {
    const fs::path relative(path);
    if (!stays_inside(relative)) continue;
    const fs::path full = fs::path(dir) / relative;
    if (!fs::is_regular_file(full, code) || fs::file_size(full, code) > kMaxFileBytes || code) continue;
    std::ifstream stream(full, std::ios::binary);
    std::string text((std::istreambuf_iterator<char>(stream)), std::istreambuf_iterator<char>());
    if (!stream.bad()) out.emplace(path, std::move(text));
  }
  return true;
}

}  // namespace atom::cli
