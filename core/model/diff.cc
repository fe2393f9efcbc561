#include "core/model/diff.h"

namespace atom {

const char* to_string(FileStatus status) {
  switch (status) {
    case FileStatus::Modified: return "modified";
    case FileStatus::Added: return "added";
    case FileStatus::Deleted: return "deleted";
    case FileStatus::Renamed: return "renamed";
    case FileStatus::Copied: return "copied";
    case FileStatus::ModeOnly: return "mode";
  }
  return "modified";
}

}  // namespace atom
