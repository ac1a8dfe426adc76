#include "tools/cli.h"

#include <cstdlib>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace pto::tools {
namespace {

using ::testing::ElementsAre;

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

}  // namespace
}  // namespace pto::tools
