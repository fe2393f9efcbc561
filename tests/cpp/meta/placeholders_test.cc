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

}  // namespace
}  // namespace atom
