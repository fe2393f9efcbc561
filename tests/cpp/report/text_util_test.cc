#include <gtest/gtest.h>

#include "core/report/text_util.h"

namespace atom {
namespace {

TEST(AsSentence, EndsWithPunctuationOnce) {
  EXPECT_EQ(as_sentence("  wrong output "), "wrong output.");
  EXPECT_EQ(as_sentence("why?"), "why?");
  EXPECT_EQ(as_sentence("done."), "done.");
  EXPECT_EQ(as_sentence(""), "");
}

}  // namespace
}  // namespace atom
