#include "sim/pto/interpreter.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "sim/interp/buffer.h"
#include "sim/pto/grammar.h"
#include "sim/pto/reader.h"

namespace pto::sim::pto_text {
namespace {

using ::testing::HasSubstr;
using ir::DataType;

constexpr char kTile[] =
    "!pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=8, v_row=4, v_col=8, blayout=row_major, "
    "slayout=none_box, fractal=512, pad=0>";

// out = x * 2 + n, looped: acc starts at x, three trips of acc = acc * 2,
// then a while loop counting to 3, then out = acc + count (as f32).
std::string Kernel() {
  return absl::StrReplaceAll(R"(module attributes {pto.target_arch = "a5"} {
  func.func @k(%arg0: !pto.ptr<f32>, %arg1: !pto.ptr<f32>, %arg2: i32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %cst = arith.constant 2.0 : f32
    %x = pto.make_tensor_view %arg0, shape = [%c4, %c8], strides = [%c8, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>
    %out = pto.make_tensor_view %arg1, shape = [%c4, %c8], strides = [%c8, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>
    %t = pto.alloc_tile : TILE
    %x_pview = pto.partition_view %x, offsets = [%c0, %c0], sizes = [%c4, %c8] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<4x8xf32>
    pto.tload ins(%x_pview : !pto.partition_tensor_view<4x8xf32>) outs(%t : TILE)
    scf.for %i = %c0 to %c3 step %c1 {
      pto.tmuls ins(%t, %cst : TILE, f32) outs(%t : TILE)
    }
    %n = arith.index_cast %arg2 : i32 to index
    %k_out = scf.while (%k = %c0) : (index) -> (index) {
      %go = arith.cmpi slt, %k, %n : index
      scf.condition(%go) %k : index
    } do {
    ^bb0(%k_1: index):
      %k2 = arith.addi %k_1, %c1 : index
      scf.yield %k2 : index
    }
    %k_i64 = arith.index_cast %k_out : index to i64
    %kf = arith.sitofp %k_i64 : i64 to f32
    %big = arith.cmpi sgt, %k_out, %c3 : index
    %add = scf.if %big -> (f32) {
      scf.yield %cst : f32
    } else {
      scf.yield %kf : f32
    }
    pto.tadds ins(%t, %add : TILE, f32) outs(%t : TILE)
    %out_pview = pto.partition_view %out, offsets = [%c0, %c0], sizes = [%c4, %c8] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<4x8xf32>
    pto.tstore ins(%t : TILE) outs(%out_pview : !pto.partition_tensor_view<4x8xf32>)
    return
  }
}
)",
                             {{"TILE", kTile}});
}

BufferView Filled(int64_t rows, int64_t cols, float base) {
  BufferView b = AllocateBuffer(DataType::kFP32, {rows, cols}, false);
  ForEachIndex(b.shape, [&](absl::Span<const int64_t> i) {
    StoreBits(b, BitOffset(b, i), Scalar::Float(DataType::kFP32, base + i[0] * cols + i[1])
                                      .ToElementBits());
  });
  return b;
}

double At(const BufferView& b, int64_t r, int64_t c) {
  return Scalar::FromElementBits(b.dtype, LoadBits(b, BitOffset(b, {r, c}))).f;
}

absl::Status RunKernel(const std::string& text, std::vector<Value> args) {
  absl::StatusOr<Module> m = ReadPto("k.pto", text);
  if (!m.ok()) return m.status();
  return PtoInterpreter(*m).Run("k", std::move(args));
}

TEST(PtoInterpreterTest, LoopsWhileIfAndTileOps) {
  BufferView x = Filled(4, 8, 1);
  BufferView out = AllocateBuffer(DataType::kFP32, {4, 8}, false);
  ASSERT_TRUE(RunKernel(Kernel(), {Value::Of(x), Value::Of(out),
                                   Value::Of(Scalar::Int(DataType::kInt32, 2))})
                  .ok());
  // x * 8 + 2 (the while loop counts to 2, not above 3, so the if adds 2.0).
  EXPECT_EQ(At(out, 0, 0), 1 * 8 + 2);
  EXPECT_EQ(At(out, 3, 7), 32 * 8 + 2);
  ASSERT_TRUE(RunKernel(Kernel(), {Value::Of(x), Value::Of(out),
                                   Value::Of(Scalar::Int(DataType::kInt32, 5))})
                  .ok());
  EXPECT_EQ(At(out, 0, 0), 1 * 8 + 2);  // 5 > 3: the then branch's 2.0
  ASSERT_TRUE(RunKernel(Kernel(), {Value::Of(x), Value::Of(out),
                                   Value::Of(Scalar::Int(DataType::kInt32, 1))})
                  .ok());
  EXPECT_EQ(At(out, 0, 0), 1 * 8 + 1);
}

TEST(PtoInterpreterTest, ValidShapeBoundsTheWrite) {
  std::string text = Kernel();
  std::string from = "pto.tadds ins(%t, %add";
  text.replace(text.find(from), from.size(),
               "pto.set_validshape %t, %c1, %c3 : " + std::string(kTile) + "\n    " + from);
  BufferView x = Filled(4, 8, 1);
  BufferView out = AllocateBuffer(DataType::kFP32, {4, 8}, false);
  ASSERT_TRUE(RunKernel(text, {Value::Of(x), Value::Of(out),
                               Value::Of(Scalar::Int(DataType::kInt32, 0))})
                  .ok());
  EXPECT_EQ(At(out, 0, 2), 3 * 8 + 0);
  // Outside the valid [1, 3] nothing was stored.
  EXPECT_FALSE(IsDefinedAt(out, BitOffset(out, {0, 3})));
  EXPECT_FALSE(IsDefinedAt(out, BitOffset(out, {1, 0})));
}

// A col_major treshape of a row_major tile is its transpose (what codegen
// writes for tile.transpose_view), whatever its fractal boxes.
TEST(PtoInterpreterTest, AColMajorReshapeTransposes) {
  std::string text = R"(module {
  func.func @k(%arg0: !pto.ptr<f32>, %arg1: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %x = pto.make_tensor_view %arg0, shape = [%c2, %c4], strides = [%c4, %c1] : !pto.tensor_view<?x?xf32>
    %y = pto.make_tensor_view %arg1, shape = [%c4, %c2], strides = [%c2, %c1] : !pto.tensor_view<?x?xf32>
    %t = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=2, cols=4, v_row=2, v_col=4, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    %xp = pto.partition_view %x, offsets = [%c0, %c0], sizes = [%c2, %c4] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<2x4xf32>
    pto.tload ins(%xp : !pto.partition_tensor_view<2x4xf32>) outs(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=2, cols=4, v_row=2, v_col=4, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
    %v = pto.treshape %t : !pto.tile_buf<loc=vec, dtype=f32, rows=2, cols=4, v_row=2, v_col=4, blayout=row_major, slayout=none_box, fractal=512, pad=0> -> !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=2, v_row=4, v_col=2, blayout=col_major, slayout=col_major, fractal=32, pad=0>
    %yp = pto.partition_view %y, offsets = [%c0, %c0], sizes = [%c4, %c2] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<4x2xf32>
    pto.tstore ins(%v : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=2, v_row=4, v_col=2, blayout=col_major, slayout=col_major, fractal=32, pad=0>) outs(%yp : !pto.partition_tensor_view<4x2xf32>)
    return
  }
}
)";
  BufferView x = Filled(2, 4, 0);
  BufferView y = AllocateBuffer(DataType::kFP32, {4, 2}, false);
  ASSERT_TRUE(RunKernel(text, {Value::Of(x), Value::Of(y)}).ok());
  for (int64_t r = 0; r < 4; ++r) {
    for (int64_t c = 0; c < 2; ++c) EXPECT_EQ(At(y, r, c), At(x, c, r)) << r << ", " << c;
  }
}

TEST(PtoInterpreterTest, ErrorsAreLocatedAtTheOp) {
  BufferView x = Filled(4, 8, 1);
  BufferView out = AllocateBuffer(DataType::kFP32, {4, 8}, false);
  std::vector<Value> args = {Value::Of(x), Value::Of(out),
                             Value::Of(Scalar::Int(DataType::kInt32, 1))};
  // A window past the view.
  std::string text = Kernel();
  absl::StrReplaceAll({{"offsets = [%c0, %c0], sizes = [%c4, %c8] : !pto.tensor_view<?x?xf32> "
                        "-> !pto.partition_tensor_view<4x8xf32>\n    pto.tload",
                        "offsets = [%c1, %c0], sizes = [%c4, %c8] : !pto.tensor_view<?x?xf32> "
                        "-> !pto.partition_tensor_view<4x8xf32>\n    pto.tload"}},
                      &text);
  absl::Status s = RunKernel(text, args);
  EXPECT_THAT(s.message(), HasSubstr("k.pto:12:5: error: pto.partition_view: the window [1, +4) "
                                     "of dim 0 leaves the view's extent 4"));
  // A view past the memory.
  s = RunKernel(absl::StrReplaceAll(Kernel(), {{"strides = [%c8, %c1]", "strides = [%c8, %c3]"}}),
                args);
  EXPECT_THAT(s.message(), HasSubstr("pto.make_tensor_view: the view [4, 8] reaches past the end"));
  // Wrong arguments.
  s = RunKernel(Kernel(), {Value::Of(x), Value::Of(out)});
  EXPECT_THAT(s.message(), HasSubstr("@k takes 3 arguments, got 2"));
  s = RunKernel(Kernel(), {Value::Of(x), Value::Of(Scalar::Int(DataType::kInt32, 1)),
                           Value::Of(Scalar::Int(DataType::kInt32, 1))});
  EXPECT_THAT(s.message(), HasSubstr("argument 1 (%arg1) must be a buffer of !pto.ptr<f32>"));
  // A wait no other rank can satisfy, in a single-rank run.
  s = RunKernel(
      absl::StrReplaceAll(
          Kernel(), {{"    return\n",
                      "    %c1_i32 = arith.constant 1 : i32\n"
                      "    pto.comm.twait(%x_pview, %c1_i32 : !pto.partition_tensor_view<4x8xf32>, "
                      "i32) {cmp = #pto<wait_cmp ge>}\n    return\n"}}),
      args);
  EXPECT_THAT(s.message(), HasSubstr("error: pto.comm.twait: the signal cell must be an INT32"));
  EXPECT_EQ(RunKernel(Kernel(), {}).code(), absl::StatusCode::kInvalidArgument);
  absl::StatusOr<Module> m = ReadPto("k.pto", Kernel());
  ASSERT_TRUE(m.ok());
  EXPECT_EQ(PtoInterpreter(*m).Run("nope", {}).code(), absl::StatusCode::kNotFound);
}

// Every op of the grammar runs: a new emitter's PTO is executed from its
// first day.
TEST(PtoInterpreterTest, EveryGrammarOpRuns) {
  for (const OpGrammar& g : AllOpGrammars()) EXPECT_TRUE(RunsOp(g.name)) << g.name;
  for (absl::string_view op : {"scf.for", "scf.if", "scf.while"}) EXPECT_TRUE(RunsOp(op)) << op;
  EXPECT_FALSE(RunsOp("pto.tfoo"));
}

}  // namespace
}  // namespace pto::sim::pto_text
