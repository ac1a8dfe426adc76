#include "passes/pass_options.h"

#include <string>
#include <utility>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace pto::passes {
namespace {

using ::testing::HasSubstr;

const PassOptionSpec kSpecs[] = {
    {"limit", PassOptionSpec::kInt, "64", "a count"},
    {"strict", PassOptionSpec::kBool, "false", "a switch"},
    {"planner", PassOptionSpec::kString, "pypto", "a choice"},
};

using Pairs = std::vector<std::pair<std::string, std::string>>;

TEST(PassOptionsTest, DefaultsHoldUntilOverridden) {
  absl::StatusOr<PassOptions> o = PassOptions::Resolve("p", kSpecs, {});
  ASSERT_TRUE(o.ok()) << o.status();
  EXPECT_EQ(o->GetInt("limit"), 64);
  EXPECT_FALSE(o->GetBool("strict"));
  EXPECT_EQ(o->GetString("planner"), "pypto");

  Pairs given = {{"strict", "True"}, {"limit", "-3"}, {"planner", "ptoas"}};
  o = PassOptions::Resolve("p", kSpecs, given);
  ASSERT_TRUE(o.ok()) << o.status();
  EXPECT_EQ(o->GetInt("limit"), -3);
  EXPECT_TRUE(o->GetBool("strict"));
  EXPECT_EQ(o->GetString("planner"), "ptoas");
}

TEST(PassOptionsTest, RejectsUnknownRepeatedAndIllTypedValues) {
  Pairs unknown = {{"limt", "3"}};
  EXPECT_THAT(PassOptions::Resolve("UnrollLoops", kSpecs, unknown).status().message(),
              HasSubstr("pass 'UnrollLoops' has no option 'limt'; its options: limit, strict, planner"));
  Pairs twice = {{"limit", "3"}, {"limit", "4"}};
  EXPECT_THAT(PassOptions::Resolve("p", kSpecs, twice).status().message(),
              HasSubstr("option 'limit' is given twice"));
  Pairs not_int = {{"limit", "many"}};
  EXPECT_THAT(PassOptions::Resolve("p", kSpecs, not_int).status().message(),
              HasSubstr("option 'limit' takes an int, got 'many'"));
  Pairs not_bool = {{"strict", "yes"}};
  EXPECT_THAT(PassOptions::Resolve("p", kSpecs, not_bool).status().message(),
              HasSubstr("option 'strict' takes a bool, got 'yes'"));
  EXPECT_THAT(PassOptions::Resolve("q", {}, not_bool).status().message(),
              HasSubstr("its options: (none)"));
}

}  // namespace
}  // namespace pto::passes
