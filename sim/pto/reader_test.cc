#include "sim/pto/reader.h"

#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace pto::sim::pto_text {
namespace {

using ::testing::HasSubstr;

constexpr char kTile[] =
    "!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, "
    "blayout=row_major, slayout=none_box, fractal=512, pad=0>";

// A kernel with every structural form: constants, views, a loop carrying a
// scalar, an if, a while with a block label, and DPS ops.
std::string Kernel() {
  return absl::StrReplaceAll(R"(module attributes {pto.target_arch = "a5"} {
  func.func @k(%arg0: !pto.ptr<f32>, %arg1: i32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %cst = arith.constant 1.0 : f32
    %true = arith.constant true
    %x = pto.make_tensor_view %arg0, shape = [%c16, %c16], strides = [%c16, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>
    %t = pto.alloc_tile : TILE
    %u = pto.alloc_tile : TILE
    %x_pview = pto.partition_view %x, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
    pto.tload ins(%x_pview : !pto.partition_tensor_view<16x16xf32>) outs(%t : TILE)
    %n = scf.for %i = %c0 to %c16 step %c1 iter_args(%acc = %c0) -> (index) {
      pto.tadds ins(%t, %cst : TILE, f32) outs(%u : TILE)
      %next = arith.addi %acc, %i : index
      scf.yield %next : index
    }
    %b = arith.cmpi slt, %n, %c16 : index
    scf.if %b {
      pto.tmov ins(%u : TILE) outs(%t : TILE)
    } else {
      pto.tcvt ins(%u {rmode = #pto<round_mode CAST_RINT>} : TILE) outs(%t : TILE)
    }
    %k_out = scf.while (%k = %c0) : (index) -> (index) {
      %go = arith.cmpi slt, %k, %c16 : index
      scf.condition(%go) %k : index
    } do {
    ^bb0(%k_1: index):
      %k2 = arith.addi %k_1, %c1 : index
      scf.yield %k2 : index
    }
    pto.tstore ins(%t : TILE) outs(%x_pview : !pto.partition_tensor_view<16x16xf32>)
    return
  }
}
)",
                             {{"TILE", kTile}});
}

TEST(ReaderTest, ReadsAKernel) {
  absl::StatusOr<Module> m = ReadPto("k.pto", Kernel());
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_EQ(m->op().FindAttr("pto.target_arch")->value, "a5");
  ASSERT_EQ(m->body().ops.size(), 1u);
  const Operation& fn = m->body().ops[0];
  EXPECT_EQ(fn.FindAttr("sym_name")->value, "@k");
  const Block& body = fn.regions[0];
  ASSERT_EQ(body.args.size(), 2u);
  EXPECT_EQ(body.args[1].type, "i32");
  const Operation* loop = nullptr;
  const Operation* w = nullptr;
  for (const Operation& op : body.ops) {
    if (op.name == "scf.for") loop = &op;
    if (op.name == "scf.while") w = &op;
  }
  ASSERT_NE(loop, nullptr);
  EXPECT_EQ(loop->Find("init")->value, "%c0");
  EXPECT_EQ(loop->regions[0].args.size(), 2u);
  EXPECT_EQ(loop->results[0].type, "index");
  const Operation& adds = loop->regions[0].ops[0];
  EXPECT_EQ(adds.name, "pto.tadds");
  EXPECT_EQ(adds.Find("scalar")->type, "f32");
  ASSERT_NE(w, nullptr);
  EXPECT_EQ(w->regions.size(), 2u);
  EXPECT_EQ(w->regions[1].args[0].value, "%k_1");
}

// Each mutation of the kernel is an error at its place.
struct Broken {
  absl::string_view from, to, message;
};

class ReaderErrorTest : public ::testing::TestWithParam<Broken> {};

TEST_P(ReaderErrorTest, IsLocated) {
  std::string text = Kernel();
  size_t at = text.find(std::string(GetParam().from));
  ASSERT_NE(at, std::string::npos) << GetParam().from;
  text.replace(at, GetParam().from.size(), std::string(GetParam().to));
  absl::StatusOr<Module> m = ReadPto("k.pto", text);
  ASSERT_FALSE(m.ok()) << GetParam().to;
  EXPECT_THAT(m.status().message(), HasSubstr(GetParam().message));
  EXPECT_THAT(m.status().message(), HasSubstr("k.pto:"));
  EXPECT_THAT(m.status().message(), HasSubstr("^"));  // the caret line
}

INSTANTIATE_TEST_SUITE_P(
    Mutations, ReaderErrorTest,
    ::testing::Values(
        Broken{"pto.tmov ins(%u : ", "pto.tmov ins(%u, %t : ", "error: expected ':', found ','"},
        Broken{"pto.tadds", "pto.taddz", "error: unknown op 'pto.taddz'"},
        Broken{"outs(%u : !pto", "outs(%nope : !pto", "use of undefined value %nope"},
        Broken{"%u = pto.alloc_tile", "%t = pto.alloc_tile", "redefinition of %t"},
        Broken{"pto.tload ins(%x_pview : !pto.partition_tensor_view<16x16xf32>)",
               "pto.tload ins(%x_pview : !pto.partition_tensor_view<8x16xf32>)",
               "%x_pview is used as !pto.partition_tensor_view<8x16xf32> but was defined as"},
        Broken{"scf.yield %k2 : index\n    }", "scf.yield %k2 : index\n", "expected"},
        Broken{"%next = arith.addi %acc, %i : index", "%next = arith.addi %acc, %i : index\n"
                                                      "      pto.barrier <PIPE_ALL>\n"
                                                      "      %z = pto.barrier <PIPE_ALL>",
               "pto.barrier defines 0 value(s), not 1"},
        Broken{"    scf.if %b {", "    %q = arith.addi %next, %c1 : index\n    scf.if %b {",
               "use of undefined value %next"},
        Broken{"pto.tcvt ins(%u {", "pto.tcvt ins(%u {rmode = ,", "expected an attribute value"}));

TEST(ReaderTest, SourceLocations) {
  std::string text = Kernel();
  std::string line = "%b = arith.cmpi slt, %n, %c16 : index";
  text.replace(text.find(line), line.size(), line + " loc(\"k.py\":7:9)");
  absl::StatusOr<Module> m = ReadPto("k.pto", text);
  ASSERT_TRUE(m.ok()) << m.status();
  for (const Operation& op : m->body().ops[0].regions[0].ops) {
    if (op.name != "arith.cmpi") continue;
    EXPECT_EQ(op.loc_file, "k.py");
    EXPECT_EQ(op.loc_line, 7);
    EXPECT_EQ(op.loc_col, 9);
  }
}

TEST(ReaderTest, AWhileCarryingNothing) {
  absl::StatusOr<Module> m = ReadPto("k.pto", R"(module {
  func.func @k(%b: i1) {
    scf.while : () -> () {
      scf.condition(%b)
    } do {
      scf.yield
    }
    return
  }
}
)");
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_TRUE(m->body().ops[0].regions[0].ops[0].operands.empty());
}

TEST(ReaderTest, NestingIsBounded) {
  std::string text = "module {\n  func.func @k(%b: i1) {\n";
  for (int i = 0; i < 300; ++i) text += "scf.if %b {\n";
  absl::StatusOr<Module> m = ReadPto("k.pto", text);
  ASSERT_FALSE(m.ok());
  EXPECT_THAT(m.status().message(), HasSubstr("error: regions nest deeper than 256"));
}

TEST(ReaderTest, ModuleLevelErrors) {
  EXPECT_THAT(ReadPto("k.pto", "func.func @k() {\n}\n").status().message(),
              HasSubstr("k.pto:1:1: error: expected 'module'"));
  EXPECT_THAT(ReadPto("k.pto", "module {\n  %c = arith.constant 1 : index\n}\n").status().message(),
              HasSubstr("expected a func.func in the module, found arith.constant"));
  EXPECT_THAT(ReadPto("k.pto", "module {\n}\n}").status().message(),
              HasSubstr("k.pto:3:1: error: expected the end of the input"));
  EXPECT_TRUE(ReadPto("k.pto", "module {\n}\n").ok());
}

}  // namespace
}  // namespace pto::sim::pto_text
