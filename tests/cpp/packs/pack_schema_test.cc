// The committed JSON Schema (core/packs/pack.schema.json) and the loader agree: the built-in packs
// and the README's example conform to both, and each invalid pack below is refused by both.
#include <gtest/gtest.h>

#include "core/engine/pack_input.h"
#include "core/packs/embedded_packs.h"
#include "tests/cpp/ci/ci_test_support.h"
#include "tests/cpp/packs/json_schema_check.h"

namespace atom {
namespace {

using nlohmann::json;

const json& pack_schema() {
  static const json schema = json::parse(ci_test::read_file(std::string(ATOM_SOURCE_DIR) + "/core/packs/pack.schema.json"));
  return schema;
}

std::string joined(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& line : lines) out += line + "\n";
  return out;
}

TEST(PackSchema, UsesOnlyKeywordsTheCheckerKnows) {
  // An empty object conforms to nothing here, but unsupported keywords are reported wherever the
  // checker walks; walking the built-in ATOM pack visits every part of the schema but $defs' uses.
  for (const EmbeddedPack& pack : embedded_packs())
    for (const std::string& violation : schema_test::schema_violations(pack_schema(), json::parse(pack.json)))
      EXPECT_EQ(violation.find("unsupported keyword"), std::string::npos) << violation;
}

TEST(PackSchema, BuiltInPacksConformToSchemaAndLoader) {
  ASSERT_GE(embedded_packs().size(), 2u);
  for (const EmbeddedPack& pack : embedded_packs()) {
    EXPECT_EQ(joined(schema_test::schema_violations(pack_schema(), json::parse(pack.json))), "") << pack.name;
    const PackLoad load = load_user_pack(pack.json);
    EXPECT_TRUE(load.pack) << pack.name << ": " << (load.errors.empty() ? "" : pack_error_line(load.errors[0]));
  }
}

TEST(PackSchema, ReadmeExampleConformsToSchemaAndLoader) {
  const std::string readme = ci_test::read_file(std::string(ATOM_SOURCE_DIR) + "/core/packs/README.md");
  const size_t section = readme.find("## Example: a pack for another repository");
  ASSERT_NE(section, std::string::npos);
  const size_t start = readme.find("```json\n", section);
  const size_t end = readme.find("```\n", start + 8);
  ASSERT_NE(end, std::string::npos);
  const std::string example = readme.substr(start + 8, end - start - 8);
  EXPECT_EQ(joined(schema_test::schema_violations(pack_schema(), json::parse(example))), "");
  EXPECT_TRUE(load_user_pack(example).pack);
}

struct Case {
  const char* what;
  const char* pack;
};

// Invalid in ways the schema can say: both refuse them.
const Case kInvalid[] = {
    {"no name", R"({"repos": []})"},
    {"unknown top-level key", R"({"name": "P", "repos": [], "tier": []})"},
    {"repo not OWNER/REPO", R"({"name": "P", "repos": ["ROCm"]})"},
    {"tier 4", R"({"name": "P", "repos": [], "tiers": [{"match": "a", "tier": 4, "reason": "r"}]})"},
    {"tier without reason", R"({"name": "P", "repos": [], "tiers": [{"match": "a", "tier": 1}]})"},
    {"unknown override key", R"({"name": "P", "repos": [], "rules": {"HK4": {"enable": false}}})"},
    {"bad severity", R"({"name": "P", "repos": [], "rules": {"HK4": {"severity": "error"}}})"},
    {"red without trigger", R"({"name": "P", "repos": [], "custom_rules": [{"id": "X", "pattern": "a",
        "severity": "red", "problem": "p", "impact": "i", "action": "a"}]})"},
    {"bad line kind", R"({"name": "P", "repos": [], "custom_rules": [{"id": "X", "pattern": "a", "lines": ["new"],
        "severity": "warn", "problem": "p", "impact": "i", "action": "a"}]})"},
    {"custom rule id", R"({"name": "P", "repos": [], "custom_rules": [{"id": "1", "pattern": "a",
        "severity": "warn", "problem": "p", "impact": "i", "action": "a"}]})"},
    {"dotted stack module", R"({"name": "P", "repos": [], "knowledge": {"stack_modules": ["torch.nn"]}})"},
    {"decorator condition", R"({"name": "P", "repos": [], "knowledge": {"custom_op_decorators": [{"name": "op", "only_with": "x"}]}})"},
    {"magic number", R"({"name": "P", "repos": [], "knowledge": {"model_magic_numbers": [{"value": "4k", "stands_for": "h"}]}})"},
    {"decorator body_is_fake", R"({"name": "P", "repos": [], "knowledge": {"custom_op_decorators": [{"name": "op", "body_is_fake": "yes"}]}})"},
    {"name with a mention, link and tag", R"({"name": "@acme/team [x](https://e.example) <img src=x>", "repos": []})"},
    {"name with a newline", R"({"name": "a\nb", "repos": []})"},
    {"name past 100 characters", R"({"name": "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "repos": []})"},
    {"owner glob *", R"({"name": "P", "repos": ["*/*"]})"},
    {"owner glob * for one name", R"({"name": "P", "repos": ["**/demo"]})"},
    {"decorator unregistered list", R"({"name": "P", "repos": [], "knowledge": {"custom_op_decorators": [{"name": "op", "unregistered_lists": ["a.B"]}]}})"},
};

TEST(PackSchema, SchemaAndLoaderAcceptPlainNamesAndOwnerGlobs) {
  for (const char* pack : {R"({"name": "aiter-dev 2.0_x", "repos": ["ROC*/*", "*m/demo"]})", R"({"name": "9", "repos": []})"}) {
    EXPECT_EQ(joined(schema_test::schema_violations(pack_schema(), json::parse(pack))), "") << pack;
    EXPECT_TRUE(load_user_pack(pack).pack) << pack;
  }
}

TEST(PackSchema, SchemaAndLoaderRefuseTheSameInvalidPacks) {
  for (const Case& invalid : kInvalid) {
    EXPECT_NE(joined(schema_test::schema_violations(pack_schema(), json::parse(invalid.pack))), "") << invalid.what;
    EXPECT_FALSE(load_user_pack(invalid.pack).pack) << invalid.what;
  }
}

// Beyond the schema: what only the loader can check (RE2, placeholders, rule ids) — the schema
// accepts these and the loader does not, which is why the loader is the reference.
TEST(PackSchema, LoaderChecksWhatTheSchemaCannot) {
  const char* beyond[] = {
      R"({"name": "P", "repos": [], "custom_rules": [{"id": "X", "pattern": "(", "severity": "warn", "problem": "p", "impact": "i", "action": "a"}]})",
      R"({"name": "P", "repos": [], "custom_rules": [{"id": "X", "pattern": "a", "severity": "warn", "problem": "{1}", "impact": "i", "action": "a"}]})",
      R"({"name": "P", "repos": [], "rules": {"D99": {"enabled": false}}})",
  };
  for (const char* pack : beyond) {
    EXPECT_EQ(joined(schema_test::schema_violations(pack_schema(), json::parse(pack))), "") << pack;
    EXPECT_FALSE(load_user_pack(pack).pack) << pack;
  }
}

TEST(PackSchema, CheckerFindsViolations) {
  // The checker itself can fail: a schema keyword it does not know, and a plain type mismatch.
  EXPECT_EQ(schema_test::schema_violations(json::parse(R"({"type": "object", "uniqueItems": true})"), json::object()),
            std::vector<std::string>{": unsupported keyword uniqueItems"});
  EXPECT_EQ(schema_test::schema_violations(json::parse(R"({"type": "string"})"), json(1)), std::vector<std::string>{": type"});
}

}  // namespace
}  // namespace atom
