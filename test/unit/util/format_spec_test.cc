#include "util/format_spec.h"

#include <gtest/gtest.h>

namespace dtrace {
namespace {

const FormatConv& only_conv(const ParsedFormat& f) {
  EXPECT_EQ(f.conversions(), 1u);
  for (const FormatPiece& p : f.pieces)
    if (p.is_conv) return p.conv;
  static const FormatConv none;
  return none;
}

TEST(FormatSpec, SplitsLiteralsAndConversions) {
  ParsedFormat f = parse_format("a=%d, b=%-8s%%\n");
  ASSERT_EQ(f.fault, FormatFault::kNone);
  ASSERT_EQ(f.pieces.size(), 6u);
  EXPECT_EQ(f.pieces[0].text, "a=");
  EXPECT_EQ(f.pieces[1].text, "%d");
  EXPECT_EQ(f.pieces[3].text, "%-8s");
  EXPECT_EQ(f.pieces[3].conv.width, 8);
  EXPECT_EQ(f.pieces[4].conv.conv, '%');
  EXPECT_EQ(f.pieces[5].text, "\n");
  EXPECT_EQ(f.conversions(), 3u);
}

TEST(FormatSpec, ReadsFlagsWidthPrecisionAndSize) {
  const FormatConv& c = only_conv(parse_format("%-+ #0'12.5llx"));
  EXPECT_EQ(c.flags, "-+ #0'");
  EXPECT_EQ(c.width, 12);
  EXPECT_EQ(c.prec, 5);
  EXPECT_EQ(c.size, "ll");
  EXPECT_EQ(c.conv, 'x');
  EXPECT_EQ(c.name(), "llx");
  EXPECT_EQ(c.c_spec("ll", 'x'), "%-+ #0'12.5llx");
}

TEST(FormatSpec, FlagsMayFollowTheWidthAsInDTrace) {
  const FormatConv& c = only_conv(parse_format("%8-d"));
  EXPECT_EQ(c.c_spec("ll", 'd'), "%-8lld");
}

TEST(FormatSpec, QuestionMarkIsPointerWidth) {
  EXPECT_EQ(only_conv(parse_format("%?p")).width, 16);
  EXPECT_EQ(only_conv(parse_format("%-?a")).c_spec("", 's'), "%-16s");
}

TEST(FormatSpec, StarsAndAggregationValue) {
  const FormatConv& c = only_conv(parse_format("%-*.*@d"));
  EXPECT_TRUE(c.width_star);
  EXPECT_TRUE(c.prec_star);
  EXPECT_TRUE(c.agg);
  EXPECT_EQ(c.name(), "d");
  EXPECT_EQ(only_conv(parse_format("%.s")).prec, 0);
  EXPECT_EQ(only_conv(parse_format("%wc")).name(), "wc");
  EXPECT_EQ(only_conv(parse_format("%hhu")).size, "hh");
}

TEST(FormatSpec, FaultsNameTheConversion) {
  EXPECT_EQ(parse_format("%d %").fault, FormatFault::kNoName);
  EXPECT_EQ(parse_format("%d %").fault_conv, 2u);
  EXPECT_EQ(parse_format("%1.2.3d").fault, FormatFault::kTwoDots);
  EXPECT_EQ(parse_format("%%%1$d").fault, FormatFault::kPositional);
  EXPECT_EQ(parse_format("%%%1$d").fault_conv, 2u);
  EXPECT_EQ(parse_format("%-%").fault, FormatFault::kPercentFlags);
  EXPECT_EQ(parse_format("%l").fault, FormatFault::kNoName);
}

TEST(FormatSpec, UnknownConversionsAreTheCallersToReject) {
  ParsedFormat f = parse_format("%jd");
  EXPECT_EQ(f.fault, FormatFault::kNone);
  EXPECT_EQ(only_conv(f).name(), "j");
}

}  // namespace
}  // namespace dtrace
