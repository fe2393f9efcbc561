#include "core/report/render.h"

namespace atom {

// nlohmann::json keeps objects in a std::map, so keys come out sorted by byte value on every
// platform; `replace` turns invalid UTF-8 into U+FFFD instead of throwing.
std::string dump_json(const nlohmann::json& value, int indent) {
  return value.dump(indent, ' ', /*ensure_ascii=*/false, nlohmann::json::error_handler_t::replace);
}

}  // namespace atom
