#include "tools/cli.h"

#include <cstdlib>

#include "absl/flags/flag.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

ABSL_FLAG(std::string, test_pipeline, "default",
          "A flag whose help is long enough to be wrapped: it goes on and on past the eightieth "
          "column of the terminal.");
ABSL_FLAG(bool, q, false, "A one-letter flag.");

namespace pto::tools {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;

TEST(CliTest, HelpListsTheFlagsOfTheMainFile) {
  std::string help = HelpText({"tool FILE [flags]", "Does one thing.", __FILE__});
  EXPECT_EQ(help,
            "usage: tool FILE [flags]\n"
            "Does one thing.\n"
            "\n"
            "flags (a '-' in a name may also be spelled '_'):\n"
            "  -q (default: false)\n"
            "      A one-letter flag.\n"
            "  --test-pipeline (default: default)\n"
            "      A flag whose help is long enough to be wrapped: it goes on and on past the\n"
            "      eightieth column of the terminal.\n");
}

TEST(CliTest, HelpOmitsFlagsOfOtherFiles) {
  std::string help = HelpText({"tool", "Does one thing.", "tools/other_main.cc"});
  EXPECT_THAT(help, Not(HasSubstr("--test-pipeline")));
  EXPECT_THAT(help, Not(HasSubstr("--flagfile")));
}

TEST(CliTest, FlagNamesAcceptDashes) {
  std::vector<std::string> in = {"pto-opt", "--print-ir-after-all", "--verify-each=false",
                                 "-o", "out-file.py", "--passes=lower-composite-ops",
                                 "my-input.py", "-"};
  std::vector<char*> argv;
  for (std::string& s : in) argv.push_back(s.data());
  EXPECT_THAT(NormalizeFlagNames(static_cast<int>(argv.size()), argv.data()),
              ElementsAre("pto-opt", "--print_ir_after_all", "--verify_each=false", "-o",
                          "out-file.py", "--passes=lower-composite-ops", "my-input.py", "-"));
}

TEST(CliTest, UserPathFollowsBazelRun) {
  unsetenv("BUILD_WORKING_DIRECTORY");
  EXPECT_EQ(UserPath("a/b.py"), "a/b.py");
  setenv("BUILD_WORKING_DIRECTORY", "/home/me/repo", 1);
  EXPECT_EQ(UserPath("a/b.py"), "/home/me/repo/a/b.py");
  EXPECT_EQ(UserPath("/abs.py"), "/abs.py");
  EXPECT_EQ(UserPath("-"), "-");
  unsetenv("BUILD_WORKING_DIRECTORY");
}

TEST(CliTest, TakeRepeatedFlagKeepsEveryOccurrenceInOrder) {
  std::vector<std::string> args = {"tool", "--define=a=1", "in.py", "-define=b=[1,2]",
                                   "--define", "c=x", "--other=3", "--", "--define=d=4"};
  EXPECT_THAT(TakeRepeatedFlag(args, "define"), ElementsAre("a=1", "b=[1,2]", "c=x"));
  EXPECT_THAT(args, ElementsAre("tool", "in.py", "--other=3", "--", "--define=d=4"));
}

TEST(CliTest, SplitDefineSplitsAtTheFirstEquals) {
  absl::StatusOr<std::pair<std::string, std::string>> nv = SplitDefine("shape=a==b");
  ASSERT_TRUE(nv.ok());
  EXPECT_EQ(nv->first, "shape");
  EXPECT_EQ(nv->second, "a==b");
  EXPECT_EQ(SplitDefine("dtype").status().message(),
            "--define=dtype: expected --define=NAME=VALUE");
  EXPECT_FALSE(SplitDefine("=4").ok());
}

TEST(CliTest, ParseInputTakesTheDefinesAndNamesTheFile) {
  std::string text =
      "import pypto.language as pl\n@pl.program\nclass P:\n    @pl.function\n"
      "    def f(self, a: pl.Tensor[shape, pl.FP32]):\n        return\n";
  ir::Context ctx;
  absl::StatusOr<ir::Program> p = ParseInput(ctx, text, "in.py", false, {{"shape", "[4, 8]"}});
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(p->functions().size(), 1u);
  absl::StatusOr<ir::Program> q = ParseInput(ctx, text, "in.py", false, {});
  EXPECT_THAT(q.status().message(), HasSubstr("in.py:5:"));
  EXPECT_THAT(q.status().message(), HasSubstr("undefined name 'shape'"));
}

TEST(CliTest, ParseDefinesKeepsTheOrderAndReportsTheFirstBadValue) {
  absl::StatusOr<std::vector<ir::Define>> d = ParseDefines({"a=1", "shape=[64,128]", "a=x==y"});
  ASSERT_TRUE(d.ok()) << d.status();
  ASSERT_EQ(d->size(), 3u);
  EXPECT_EQ((*d)[0].name, "a");
  EXPECT_EQ((*d)[0].value, "1");
  EXPECT_EQ((*d)[1].name, "shape");
  EXPECT_EQ((*d)[1].value, "[64,128]");
  EXPECT_EQ((*d)[2].value, "x==y");
  EXPECT_EQ(ParseDefines({"a=1", "dtype", "=4"}).status().message(),
            "--define=dtype: expected --define=NAME=VALUE");
  EXPECT_TRUE(ParseDefines({}).ok());
}

}  // namespace
}  // namespace pto::tools
