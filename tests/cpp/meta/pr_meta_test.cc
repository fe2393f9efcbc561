#include "core/model/pr_meta.h"

#include <gtest/gtest.h>

namespace atom {
namespace {

TEST(PrMeta, ContractShape) {
  const MetaParseResult parsed = parse_pr_meta(R"({
    "repo": "ROCm/ATOM", "number": 1498, "title": "Fuse norm", "body": "faster",
    "labels": ["perf", "MI308"], "author": "alice", "base_sha": "b1", "head_sha": "h1",
    "comments": [{"author": "bob", "body": "why?", "path": "atom/config.py", "line": 12},
                 {"author": "carol", "body": "top level"}],
    "dismissed": [{"rule": "B4", "path": "atom/x.py", "line": 98, "reason": "checked"}], "all_rules": true})");
  ASSERT_EQ(parsed.error, "");
  const PrMeta& meta = parsed.meta;
  EXPECT_EQ(meta.repo, "ROCm/ATOM");
  EXPECT_EQ(meta.number, 1498);
  EXPECT_EQ(meta.title, "Fuse norm");
  EXPECT_EQ(meta.body, std::optional<std::string>("faster"));
  EXPECT_EQ(meta.labels, (std::vector<std::string>{"perf", "MI308"}));
  EXPECT_EQ(meta.author, "alice");
  EXPECT_EQ(meta.base_sha, "b1");
  EXPECT_EQ(meta.head_sha, "h1");
  ASSERT_EQ(meta.comments.size(), 2u);
  EXPECT_EQ(meta.comments[0].author, "bob");
  EXPECT_EQ(meta.comments[0].path, "atom/config.py");
  EXPECT_EQ(meta.comments[0].line, 12);
  EXPECT_EQ(meta.comments[1].path, "");
  EXPECT_EQ(meta.comments[1].line, 0);
  ASSERT_EQ(meta.dismissed.size(), 1u);
  EXPECT_EQ(meta.dismissed[0].rule, "B4");
  EXPECT_EQ(meta.dismissed[0].line, 98);
  EXPECT_EQ(meta.dismissed[0].reason, "checked");
  EXPECT_TRUE(meta.all_rules);
  EXPECT_FALSE(parse_pr_meta("{}").meta.all_rules);
}

TEST(PrMeta, GhPrViewShape) {
  const MetaParseResult parsed = parse_pr_meta(R"({
    "number": 7, "title": "t", "body": "",
    "labels": [{"id": "L1", "name": "bug", "color": "ff0000"}],
    "author": {"login": "dave", "is_bot": false}, "baseRefOid": "base1", "headRefOid": "head1",
    "comments": [{"author": {"login": "erin"}, "body": "lgtm", "createdAt": "2026-01-01T00:00:00Z"}]})");
  ASSERT_EQ(parsed.error, "");
  EXPECT_EQ(parsed.meta.labels, (std::vector<std::string>{"bug"}));
  EXPECT_EQ(parsed.meta.author, "dave");
  EXPECT_EQ(parsed.meta.base_sha, "base1");
  EXPECT_EQ(parsed.meta.head_sha, "head1");
  EXPECT_EQ(parsed.meta.body, std::optional<std::string>(""));  // empty body is still a body
  ASSERT_EQ(parsed.meta.comments.size(), 1u);
  EXPECT_EQ(parsed.meta.comments[0].author, "erin");
}

TEST(PrMeta, BodyNullOrAbsentIsUnknown) {
  EXPECT_FALSE(parse_pr_meta(R"({"title": "t"})").meta.body.has_value());
  EXPECT_FALSE(parse_pr_meta(R"({"body": null})").meta.body.has_value());
  EXPECT_EQ(parse_pr_meta(R"({"line": null, "comments": [{"line": null}]})").error, "");
}

TEST(PrMeta, EmptyInputIsEmptyMeta) {
  for (const char* text : {"", "  \n", "{}"}) {
    const MetaParseResult parsed = parse_pr_meta(text);
    EXPECT_EQ(parsed.error, "") << text;
    EXPECT_EQ(parsed.meta.number, 0);
    EXPECT_FALSE(parsed.meta.body.has_value());
  }
}

TEST(PrMeta, SyntaxErrorNamesTheByte) {
  const MetaParseResult parsed = parse_pr_meta("{\"title\": \"x\",, }");
  EXPECT_EQ(parsed.error, "meta JSON: syntax error at byte 15");
  EXPECT_EQ(parse_pr_meta("[1, 2]").error, "meta JSON: the top level must be an object");
}

TEST(PrMeta, WrongTypesGiveOneLineErrors) {
  EXPECT_EQ(parse_pr_meta(R"({"number": "1498"})").error, "meta JSON: \"number\" must be a non-negative integer");
  EXPECT_EQ(parse_pr_meta(R"({"number": -1})").error, "meta JSON: \"number\" must be a non-negative integer");
  EXPECT_EQ(parse_pr_meta(R"({"number": 99999999999})").error,
            "meta JSON: \"number\" must be a non-negative integer");
  EXPECT_EQ(parse_pr_meta(R"({"labels": "bug"})").error, "meta JSON: \"labels\" must be an array");
  EXPECT_EQ(parse_pr_meta(R"({"labels": [3]})").error,
            "meta JSON: \"labels\" must be an array of strings or {\"name\": ...} objects");
  EXPECT_EQ(parse_pr_meta(R"({"title": {"login": "x"}})").error, "meta JSON: \"title\" must be a string");
  EXPECT_EQ(parse_pr_meta(R"({"comments": [{"line": "12"}]})").error,
            "meta JSON: \"comments[0].line\" must be a non-negative integer");
  EXPECT_EQ(parse_pr_meta(R"({"all_rules": "yes"})").error, "meta JSON: \"all_rules\" must be true or false");
  EXPECT_EQ(parse_pr_meta(R"({"dismissed": [{}, 5]})").error, "meta JSON: \"dismissed\" must be an array of objects");
  const MetaParseResult bad = parse_pr_meta(R"({"number": 5, "author": 3})");
  EXPECT_EQ(bad.error, "meta JSON: \"author\" must be a string or {\"login\": ...}");
  EXPECT_EQ(bad.meta.number, 0);  // no half-filled meta on error
}

TEST(PrMeta, HostileInputNeverThrows) {
  std::string deep(100000, '[');
  EXPECT_NE(parse_pr_meta(deep).error, "");
  EXPECT_NE(parse_pr_meta(std::string("{\"title\": \"\xff\xfe\"}")).error, "");
  EXPECT_EQ(parse_pr_meta(std::string("{\"a\": 1}\0junk", 13)).error, "meta JSON: NUL byte at byte 9");
}

}  // namespace
}  // namespace atom
