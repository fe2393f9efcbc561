#include <gtest/gtest.h>

#include "core/model/valid_utf8.h"

namespace atom {
namespace {

TEST(ToValidUtf8, KeepsValidTextIncludingMultibyte) {
  EXPECT_EQ(to_valid_utf8("plain"), "plain");
  EXPECT_EQ(to_valid_utf8("caf\xC3\xA9 \xE2\x80\x94 \xF0\x9F\x94\xB4"), "caf\xC3\xA9 \xE2\x80\x94 \xF0\x9F\x94\xB4");
}

TEST(ToValidUtf8, ReplacesEachInvalidByteWithReplacementCharacter) {
  EXPECT_EQ(to_valid_utf8("a\xFF" "b"), "a\xEF\xBF\xBD" "b");
  EXPECT_EQ(to_valid_utf8("\xC3"), "\xEF\xBF\xBD");                   // truncated sequence
  EXPECT_EQ(to_valid_utf8("\xC0\xAF"), "\xEF\xBF\xBD\xEF\xBF\xBD");   // overlong
  EXPECT_EQ(to_valid_utf8("\xED\xA0\x80"), "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");  // surrogate
  EXPECT_EQ(to_valid_utf8(std::string("x\0y", 3)), std::string("x\0y", 3));
}

}  // namespace
}  // namespace atom
