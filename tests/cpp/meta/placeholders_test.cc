#include "core/model/placeholders.h"

#include <gtest/gtest.h>

namespace atom {
namespace {

using Names = std::vector<std::string>;

TEST(Placeholders, LengthOfOnePlaceholderWhereItOpens) {
  EXPECT_EQ(placeholder_length("`{var}` unset", 1), 5u);
  EXPECT_EQ(placeholder_length("{line_2}", 0), 8u);
  EXPECT_EQ(placeholder_length("`{var}` unset", 0), 0u);  // a backtick opens no placeholder
}

TEST(Placeholders, BracesThatAreNotAPlaceholder) {
  EXPECT_EQ(placeholder_length("{}", 0), 0u);
  EXPECT_EQ(placeholder_length("{a b}", 0), 0u);
  EXPECT_EQ(placeholder_length("{name", 0), 0u);
  EXPECT_EQ(placeholder_length("{na-me}", 0), 0u);
  EXPECT_EQ(placeholder_length("x", 5), 0u);
}

TEST(Placeholders, NamesInOrderWithRepeats) {
  EXPECT_EQ(placeholder_names("{a} then {b}, {a} again"), (Names{"a", "b", "a"}));
  EXPECT_EQ(placeholder_names("{{x}}"), (Names{"x"}));
  EXPECT_EQ(placeholder_names("dict {} and {not closed"), Names{});
}

using Fields = std::map<std::string, std::string>;

TEST(OptionalParts, TextWhenTheFieldHasAValueNothingOtherwise) {
  const std::string text = "removed from `{function}`{at? but {at} still passes it}";
  EXPECT_EQ(resolve_optional_parts(text, {{"at", "a.py:3"}}), "removed from `{function}` but {at} still passes it");
  EXPECT_EQ(resolve_optional_parts(text, {}), "removed from `{function}`");
  EXPECT_EQ(resolve_optional_parts(text, {{"at", ""}}), "removed from `{function}`");
}

TEST(OptionalParts, NegatedPartsAndTwoOfThemSideBySide) {
  const std::string text = "{!else?there is no `else`}{header?the `{header}` branch}";
  EXPECT_EQ(resolve_optional_parts(text, {{"header", "elif x"}}), "there is no `else`the `{header}` branch");
  EXPECT_EQ(resolve_optional_parts(text, {{"else", "1"}}), "");
}

TEST(OptionalParts, BracesThatOpenNoPartStayAsTheyAre) {
  for (const std::string text : {"{x}", "{x?unclosed", "{?x}", "{!?x}", "{a b?x}", "dict {}"})
    EXPECT_EQ(resolve_optional_parts(text, {{"x", "1"}, {"a", "1"}}), text) << text;
}

TEST(OptionalParts, ShownInBracketsForTheCatalogue) {
  EXPECT_EQ(show_optional_parts("renamed{at? but {at} still uses it}."), "renamed[ but {at} still uses it].");
}

}  // namespace
}  // namespace atom
