// The built-in packs (core/packs/*.json): which applies to which repository, and that the ATOM
// pack read through the user's path (`--pack core/packs/atom.json`) reviews the corpus exactly as
// the built-in one does.
#include "core/packs/builtin_packs.h"

#include <gtest/gtest.h>

#include "core/engine/pack_input.h"
#include "core/engine/review.h"
#include "core/packs/embedded_packs.h"
#include "core/report/render.h"
#include "tests/cpp/ci/ci_test_support.h"

namespace atom {
namespace {

TEST(BuiltinPacks, EveryEmbeddedPackLoads) {
  EXPECT_EQ(builtin_packs().size(), embedded_packs().size());
}

TEST(BuiltinPacks, RepoSelectsThePack) {
  EXPECT_EQ(builtin_pack_for_repo("").name, "ATOM");
  EXPECT_EQ(builtin_pack_for_repo("rocm/atom").tiers.pack_name(), "ATOM");
  EXPECT_EQ(builtin_pack_for_repo("ROCm/aiter").name, "aiter");
  // aiter's pack holds knowledge only: no tier table, so no tier claims on its files.
  EXPECT_TRUE(builtin_pack_for_repo("ROCm/aiter").tiers.empty());
  EXPECT_EQ(builtin_pack_for_repo("ROCm/aiter").tiers.pack_name(), "");
  const Pack& other = builtin_pack_for_repo("someone/else");
  EXPECT_EQ(other.name, "");
  EXPECT_TRUE(other.tiers.empty());
  EXPECT_EQ(other.tiers.classify("atom/model_engine/model_runner.py").reason, "not in the tier table");
  EXPECT_EQ(other.knowledge.stack_modules, builtin_pack_for_repo("ROCm/ATOM").knowledge.stack_modules);
}

TEST(BuiltinPacks, KnowledgeTheRulesRead) {
  for (const char* repo : {"ROCm/ATOM", "ROCm/aiter"}) {
    const PackKnowledge& knowledge = builtin_pack_for_repo(repo).knowledge;
    EXPECT_NE(std::find(knowledge.stack_modules.begin(), knowledge.stack_modules.end(), "torch"),
              knowledge.stack_modules.end()) << repo;
    ASSERT_TRUE(knowledge.custom_op_decorator_pattern) << repo;
    std::string name;
    EXPECT_TRUE(RE2::PartialMatch("@torch_compile_guard(gen_fake=f)", *knowledge.custom_op_decorator_pattern, &name));
    EXPECT_EQ(name, "torch_compile_guard");
    EXPECT_FALSE(RE2::PartialMatch("@functools.cache", *knowledge.custom_op_decorator_pattern));
  }
}

// Every 7th corpus diff (atom and aiter), reviewed with the built-in pack of its repository and
// with that pack's file loaded as a user's pack: the same bytes.
TEST(BuiltinPacks, PackFileReviewsTheCorpusAsTheBuiltInPack) {
  const std::vector<ci_test::fs::path> diffs = ci_test::every_nth(ci_test::corpus_diffs(), 7);
  if (diffs.empty()) GTEST_SKIP() << "no corpus at " << ATOM_SHARED_DIR;
  std::map<std::string, Pack> from_files;
  for (const char* name : {"atom", "aiter"}) {
    PackLoad load = load_user_pack(ci_test::read_file(std::string(ATOM_SOURCE_DIR) + "/core/packs/" + name + ".json"));
    ASSERT_TRUE(load.pack) << name << ": " << (load.errors.empty() ? "" : pack_error_line(load.errors[0]));
    from_files.emplace(name, std::move(*load.pack));
  }
  for (const ci_test::fs::path& diff : diffs) {
    const std::string meta_text = ci_test::read_file(ci_test::meta_beside(diff));
    const MetaParseResult parsed = parse_pr_meta(meta_text);
    ASSERT_EQ(parsed.error, "") << diff;
    const nlohmann::json given = nlohmann::json::parse(meta_text);
    const std::string bytes = ci_test::read_file(diff);
    const Pack& file_pack = from_files.at(diff.parent_path().filename().string());
    EXPECT_EQ(dump_json(to_result_json(run_review(bytes, parsed.meta, given)), 2),
              dump_json(to_result_json(run_review(bytes, parsed.meta, given, file_pack)), 2))
        << diff;
  }
}

}  // namespace
}  // namespace atom
