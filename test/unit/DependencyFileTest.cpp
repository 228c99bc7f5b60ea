//===- unit/DependencyFileTest.cpp - Make-format dependency files ---------===//
#include "stencilcc/Support/DependencyFile.h"

#include <gtest/gtest.h>

using namespace stencilcc;

TEST(DependencyFileTest, EscapesLikeClang) {
  EXPECT_EQ(escapeMakePath("/src/heat.c"), "/src/heat.c");
  EXPECT_EQ(escapeMakePath("my dir/a b.h"), "my\\ dir/a\\ b.h");
  // A backslash before a space is doubled, so it is not read as the escape.
  EXPECT_EQ(escapeMakePath("a\\ b"), "a\\\\\\ b");
  EXPECT_EQ(escapeMakePath("a\\b"), "a\\b");
  EXPECT_EQ(escapeMakePath("#x$y"), "\\#x$$y");
}

TEST(DependencyFileTest, OneRuleWithContinuedLines) {
  EXPECT_EQ(formatMakeDependencies({"out.cu"}, {"in.c", "inc/h 1.h"}),
            "out.cu: \\\n  in.c \\\n  inc/h\\ 1.h\n");
  EXPECT_EQ(formatMakeDependencies({"a.cu", "b x"}, {"in.c"}),
            "a.cu b\\ x: \\\n  in.c\n");
}

TEST(DependencyFileTest, PhonyRulesForEveryHeaderNotTheInput) {
  EXPECT_EQ(formatMakeDependencies({"out.cu"}, {"in.c", "a.h", "b.h"}, true),
            "out.cu: \\\n  in.c \\\n  a.h \\\n  b.h\n\na.h:\n\nb.h:\n");
}
