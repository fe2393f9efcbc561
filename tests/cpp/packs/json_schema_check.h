// A small JSON Schema (2020-12) checker for the keywords core/packs/pack.schema.json uses, so the
// tests can hold the committed schema against the loader. A keyword it does not know is itself an
// error: the schema cannot grow a constraint the tests silently ignore.
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace atom::schema_test {

// Each violation as "JSON pointer: keyword"; empty when `value` conforms to `schema`.
std::vector<std::string> schema_violations(const nlohmann::json& schema, const nlohmann::json& value);

}  // namespace atom::schema_test
