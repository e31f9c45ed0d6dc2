// echo_text (src/core/echo_text.hpp): the echo of input in a protocol reply, on hand-made inputs.
#include <gtest/gtest.h>

#include <string>

#include "core/echo_text.hpp"

TEST(EchoText, ShortTextUnchangedControlBytesShownAsQuestionMarks) {
  EXPECT_EQ(sb::echo_text("TURN 7,7"), "TURN 7,7");
  EXPECT_EQ(sb::echo_text(std::string("a\x1b[2Jb\tc\x7f", 9)), "a?[2Jb?c?");
}

TEST(EchoText, LongTextCutAt200BytesOnACharacterBoundary) {
  EXPECT_EQ(sb::echo_text(std::string(1 << 20, 'x')), std::string(200, 'x') + "...");
  // 199 ASCII bytes and then a 3-byte character (U+91D1): byte 200 is inside it, so the cut
  // falls before it.
  const std::string s = std::string(199, 'y') + "\xe9\x87\x91" + "zzz";
  EXPECT_EQ(sb::echo_text(s), std::string(199, 'y') + "...");
  EXPECT_EQ(sb::echo_text(std::string(200, 'w')), std::string(200, 'w'));  // no cut at 200
}

TEST(EchoText, PrintableTextKeepsItsLengthAndShowsControlBytes) {
  const std::string long_line = std::string(500, 'x') + "\r\x1b" + std::string(500, 'z');
  EXPECT_EQ(sb::printable_text(long_line), std::string(500, 'x') + "??" + std::string(500, 'z'));
  EXPECT_EQ(sb::printable_text("SFEN: '\x1b' cannot be"), "SFEN: '?' cannot be");
  EXPECT_EQ(sb::printable_text("\xe9\x87\x91"), "\xe9\x87\x91");  // UTF-8 kept
}
