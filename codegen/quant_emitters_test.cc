// MX quantisation (pto.tquant.mx with four outs, the X-to-ZZ pto.tmov) and
// the tuple plumbing around it: projections own the buffers a tuple-valued
// op writes, MakeTuple elements are renames, and tuples PTO cannot follow
// are reported.

#include "codegen/test_util.h"

namespace pto::codegen {
namespace {

using ::testing::ContainsRegex;
using ::testing::HasSubstr;
using ::testing::Not;

class QuantTest : public PtoTest {
 protected:
  const ir::Var* Workspace(absl::string_view name, DataType dtype, int64_t cols) {
    return Let(name, "tile.create", {List({1, cols})},
               {{"dtype", AttrValue::DType(dtype)},
                {"target_memory", AttrValue::Enum(MemorySpace::kVec)}});
  }
  // `raw = tile.tquant_mx_raw(a, max, scaling, group_axis=1)` on a [16, 64]
  // FP16 tile.
  const ir::Var* Raw() {
    const ir::Var* a = Load("a", DataType::kFP16, 16, 64);
    const ir::Var* max = Workspace("mx", DataType::kFP16, 32);
    const ir::Var* scaling = Workspace("sc", DataType::kFP16, 32);
    return Let("raw", "tile.tquant_mx_raw", {a, max, scaling},
               {{"group_axis", AttrValue::Int(1)}});
  }
};

TEST_F(QuantTest, TQuantWritesTheProjectedBuffersAndItsWorkspaces) {
  const ir::Var* raw = Raw();
  const ir::Var* dst = Bind("dst", ctx_.NewTupleGetItem(raw, 0));
  const ir::Var* exp = Bind("exp", ctx_.NewTupleGetItem(raw, 1));
  Let("d2", "tile.neg", {Let("w", "tile.cast", {dst}, {{"target_type",
                                                         AttrValue::DType(DataType::kFP16)}})});
  const ir::Var* tmp = Workspace("tmp", DataType::kUInt8, 96);
  Let("zz", "tile.tmov_x2zz", {exp, tmp},
      {{"group_axis", AttrValue::Int(1)}, {"dst_rows", AttrValue::Int(16)},
       {"dst_cols", AttrValue::Int(2)}});
  std::string text = EmitOk();
  std::string exp_type =
      "!pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32, v_row=1, v_col=32, "
      "blayout=row_major, slayout=none_box, fractal=32, pad=0>";
  EXPECT_EQ(Line(text, "pto.tquant.mx"),
            absl::StrCat("pto.tquant.mx ins(%a : ", VecTile("f16", 16, 64), ") outs(%dst, %exp, "
                         "%mx, %sc : ", VecTile("i8", 16, 64), ", ", exp_type, ", ",
                         VecTile("f16", 1, 32), ", ", VecTile("f16", 1, 32),
                         ") {quant_type = #pto<quant_type MXFP8>, grpAxis = "
                         "#pto<mx_group_axis axis1>}"));
  // The projections own their buffers: allocated once, written by the op.
  EXPECT_EQ(LinesWith(text, "%dst = pto.alloc_tile").size(), 1u);
  EXPECT_EQ(LinesWith(text, "%exp = pto.alloc_tile").size(), 1u);
  // PTOAS types pto.tmov's operands one by one: `ins(%a, %b : Ta, Tb)` does
  // not parse there.
  EXPECT_THAT(Line(text, "pto.tmov"),
              ContainsRegex("pto\\.tmov ins\\(%exp : !pto\\.tile_buf<[^>]*>, "
                            "%tmp : !pto\\.tile_buf<[^>]*>\\) outs\\(%zz : "));
  EXPECT_THAT(Line(text, "pto.tmov"), HasSubstr("{grpAxis = #pto<mx_group_axis axis1>}"));
}

// PTOAS rejects both MX instructions for A2/A3: the kernel is refused, named
// at the op, instead of being emitted.
TEST_F(QuantTest, MxQuantisationIsRefusedOnA2A3) {
  const ir::Var* raw = Raw();
  Let("n", "tile.cast", {Bind("dst", ctx_.NewTupleGetItem(raw, 0))},
      {{"target_type", AttrValue::DType(DataType::kFP16)}});
  EXPECT_THAT(EmitError(&A2A3()),
              HasSubstr("error: codegen: tile.tquant_mx_raw: pto.tquant.mx (MX quantisation) is "
                        "not available on a2a3 (Ascend910)"));
}

TEST_F(QuantTest, X2ZzMoveIsRefusedOnA2A3) {
  const ir::Var* exp = Workspace("exp", DataType::kUInt8, 32);
  const ir::Var* tmp = Workspace("tmp", DataType::kUInt8, 96);
  Let("zz", "tile.tmov_x2zz", {exp, tmp},
      {{"group_axis", AttrValue::Int(1)}, {"dst_rows", AttrValue::Int(16)},
       {"dst_cols", AttrValue::Int(2)}});
  EXPECT_THAT(EmitError(&A2A3()),
              HasSubstr("error: codegen: tile.tmov_x2zz: the X-to-ZZ pto.tmov (MX quantisation) "
                        "is not available on a2a3"));
  EXPECT_THAT(EmitOk(), HasSubstr("pto.tmov ins(%exp : "));
}

TEST_F(QuantTest, AnUnprojectedElementGetsAScratchBuffer) {
  const ir::Var* raw = Raw();
  Let("n", "tile.cast", {Bind("dst", ctx_.NewTupleGetItem(raw, 0))},
      {{"target_type", AttrValue::DType(DataType::kFP16)}});
  std::string text = EmitOk();
  EXPECT_EQ(LinesWith(text, "%raw_1 = pto.alloc_tile").size(), 1u);
  EXPECT_THAT(Line(text, "pto.tquant.mx"), HasSubstr("outs(%dst, %raw_1, %mx, %sc : "));
}

TEST_F(QuantTest, ASecondProjectionIsTheSameBuffer) {
  const ir::Var* raw = Raw();
  const ir::Var* alias = Bind("alias", raw);
  Bind("dst", ctx_.NewTupleGetItem(raw, 0));
  const ir::Var* again = Bind("again", ctx_.NewTupleGetItem(alias, 0));
  Let("n", "tile.cast", {again}, {{"target_type", AttrValue::DType(DataType::kFP16)}});
  std::string text = EmitOk();
  EXPECT_THAT(Line(text, "pto.tcvt"), HasSubstr("ins(%dst "));
  EXPECT_THAT(text, Not(HasSubstr("%again = pto.alloc_tile")));
}

TEST_F(QuantTest, MakeTupleElementsAreRenames) {
  const ir::Var* a = Load("a", DataType::kFP32, 16, 16);
  const ir::Var* b = Load("b", DataType::kFP32, 16, 16);
  const ir::Var* n = ScalarParam("n", DataType::kFP32);
  const ir::Var* pair = Bind("pair", ctx_.NewMakeTuple({a, b, n}));
  const ir::Var* nested = Bind("nested", ctx_.NewMakeTuple({pair, a}));
  const ir::Var* inner = Bind("inner", ctx_.NewTupleGetItem(nested, 0));
  const ir::Var* second = Bind("second", ctx_.NewTupleGetItem(inner, 1));
  const ir::Var* scale = Bind("scale", ctx_.NewTupleGetItem(pair, 2));
  Let("m", "tile.muls", {second, scale});
  std::string text = EmitOk();
  EXPECT_THAT(Line(text, "pto.tmuls"), HasSubstr("ins(%b, %arg"));
  EXPECT_THAT(text, Not(HasSubstr("%second = pto.alloc_tile")));
  EXPECT_THAT(text, Not(HasSubstr("pair")));
}

TEST_F(QuantTest, TQuantInAnEvalStmtNeedsItsResult) {
  const ir::Var* a = Load("a", DataType::kFP16, 16, 64);
  const ir::Var* max = Workspace("mx", DataType::kFP16, 32);
  const ir::Var* scaling = Workspace("sc", DataType::kFP16, 32);
  Do("tile.tquant_mx_raw", {a, max, scaling}, {{"group_axis", AttrValue::Int(1)}}, Loc(7, 3));
  EXPECT_EQ(EmitError(), "k.py:7:3: error: codegen: the tuple result of this op must be "
                         "assigned to a variable");
}

}  // namespace
}  // namespace pto::codegen
