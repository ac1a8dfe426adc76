// The fixture the printer's unit tests share (printer/printer_test.cc,
// printer/exprs_test.cc, printer/stmt_test.cc): a small registry of ops with
// upstream's schemas and simple deducers, and builders for types, calls and
// one-function programs over one Context.
//
//   TEST_F(PrinterTest, X) {
//     const Var* a = ctx_.NewVar("a", Tile({16, 16}, DataType::kFP32));
//     EXPECT_EQ(Body({ctx_.NewReturn({a})}, {a}), "        return a");
//   }

#ifndef PTO_IR_TEXT_TESTING_PRINTER_TEST_FIXTURE_H_
#define PTO_IR_TEXT_TESTING_PRINTER_TEST_FIXTURE_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "gtest/gtest.h"
#include "ir/context.h"
#include "ir/op_registry.h"
#include "ir/text/printer/printer.h"

namespace pto::ir {

inline PrintOptions Concise() {
  PrintOptions options;
  options.concise = true;
  return options;
}

// --- A small op vocabulary with upstream's schemas and simple deducers ---------

inline std::vector<const Expr*> ShapeOf(const Expr* tuple) {
  std::vector<const Expr*> dims;
  for (const Expr* e : tuple->As<MakeTuple>()->elements()) dims.push_back(e);
  return dims;
}

inline absl::StatusOr<const Type*> DeduceLoad(const DeduceContext& dc) {
  const auto* t = dc.arg(0)->type()->As<TensorType>();
  const AttrValue* space = dc.FindKwarg("target_memory");
  return dc.ctx().GetTileType(
      t->dtype(), ShapeOf(dc.arg(2)),
      space ? std::optional<MemorySpace>(space->As<MemorySpace>()) : std::nullopt);
}

inline absl::StatusOr<const Type*> DeduceStore(const DeduceContext& dc) {
  return dc.arg(2)->type();
}
inline absl::StatusOr<const Type*> DeduceFirst(const DeduceContext& dc) {
  return dc.arg(0)->type();
}
inline absl::StatusOr<const Type*> DeduceUnknown(const DeduceContext& dc) {
  return dc.ctx().GetUnknownType();
}

inline absl::StatusOr<const Type*> DeduceCast(const DeduceContext& dc) {
  const auto* t = dc.arg(0)->type()->As<TileType>();
  return dc.ctx().GetTileType(dc.FindKwarg("target_type")->dtype(), t->shape(), t->memory_space(),
                              t->view());
}

inline absl::StatusOr<const Type*> DeduceFull(const DeduceContext& dc) {
  return dc.ctx().GetTileType(dc.FindKwarg("dtype")->dtype(), ShapeOf(dc.arg(0)),
                              MemorySpace::kVec);
}

// Upstream's mask geometry for a [16, 16] input: UINT8 [16, 32], valid [16, 2].
inline absl::StatusOr<const Type*> DeduceCmps(const DeduceContext& dc) {
  Context& ctx = dc.ctx();
  TileView view;
  view.valid_shape = ctx.IndexList({16, 2});
  return ctx.GetTileType(DataType::kUInt8, ctx.IndexList({16, 32}), MemorySpace::kVec, &view);
}

inline absl::StatusOr<const Type*> DeducePair(const DeduceContext& dc) {
  const Type* parts[] = {dc.arg(0)->type(), dc.arg(0)->type()};
  return dc.ctx().GetTupleType(parts);
}

class PrinterTest : public ::testing::Test {
 protected:
  PrinterTest() {
    ops_.Register("tile.load")
        .Arg("tensor")
        .Arg("offsets")
        .Arg("shapes")
        .Arg("valid_shape")
        .OptionalKwarg("target_memory", AttrKind::kMemorySpace)
        .Deduce(DeduceLoad);
    ops_.Register("tile.store").Arg("tile").Arg("offsets").Arg("output").Deduce(DeduceStore);
    ops_.Register("tile.cast")
        .Arg("tile")
        .Kwarg("target_type", AttrKind::kDataType)
        .Kwarg("mode", AttrKind::kRoundMode, AttrValue::Enum(RoundMode::kRound))
        .OptionalKwarg("saturation_mode", AttrKind::kSaturationMode)
        .Deduce(DeduceCast);
    ops_.Register("tile.adds").Arg("lhs").Arg("rhs").Deduce(DeduceFirst);
    ops_.Register("tile.cmps")
        .Arg("lhs")
        .Arg("rhs")
        .Kwarg("cmp_type", AttrKind::kInt)
        .Deduce(DeduceCmps);
    ops_.Register("tile.full")
        .Arg("shape")
        .KeywordArg("value", /*optional=*/false)
        .Kwarg("dtype", AttrKind::kDataType)
        .Deduce(DeduceFull);
    ops_.Register("tile.and").Arg("lhs").Arg("rhs").Deduce(DeduceFirst);
    ops_.Register("tile.pair").Arg("x").Deduce(DeducePair);
    ops_.Register("pld.system.notify")
        .Arg("target")
        .Arg("peer")
        .Kwarg("op", AttrKind::kInt)
        .Deduce(DeduceUnknown);
    ops_.Register("test.kinds")
        .Arg("x")
        .OptionalKwarg("b", AttrKind::kBool)
        .OptionalKwarg("i", AttrKind::kInt)
        .OptionalKwarg("f", AttrKind::kFloat)
        .OptionalKwarg("s", AttrKind::kString)
        .OptionalKwarg("dt", AttrKind::kDataType)
        .OptionalKwarg("mem", AttrKind::kMemorySpace)
        .OptionalKwarg("tl", AttrKind::kTileLayout)
        .OptionalKwarg("tnl", AttrKind::kTensorLayout)
        .OptionalKwarg("pad", AttrKind::kPadValue)
        .OptionalKwarg("atomic", AttrKind::kAtomicType)
        .OptionalKwarg("mode", AttrKind::kRoundMode)
        .OptionalKwarg("sat", AttrKind::kSaturationMode)
        .Deduce(DeduceUnknown);
  }

  const Call* Op(absl::string_view name, std::vector<const Expr*> args,
                 std::vector<NamedAttr> kwargs = {}) {
    absl::StatusOr<const Call*> c = CreateCall(ctx_, *ops_.Find(name), args, kwargs);
    EXPECT_TRUE(c.ok()) << c.status();
    return *c;
  }
  const MakeTuple* List(std::vector<int64_t> values) {
    return ctx_.NewMakeTuple(ctx_.IndexList(values));
  }
  const ScalarType* Scalar(DataType t) { return ctx_.GetScalarType(t); }
  const TensorType* Tensor(std::vector<int64_t> shape, DataType t) {
    return ctx_.GetTensorType(t, ctx_.IndexList(shape));
  }
  const TileType* Tile(std::vector<int64_t> shape, DataType t,
                       std::optional<MemorySpace> space = MemorySpace::kVec) {
    return ctx_.GetTileType(t, ctx_.IndexList(shape), space);
  }
  const Function* Fn(absl::string_view name, std::vector<const Var*> params,
                     std::vector<const Type*> returns, std::vector<const Stmt*> body,
                     FunctionType type = FunctionType::kOpaque,
                     std::vector<ParamDirection> dirs = {}) {
    if (dirs.empty()) dirs.assign(params.size(), ParamDirection::kIn);
    return ctx_.NewFunction(name, params, dirs, returns, ctx_.NewSeq(body), type);
  }
  std::string Print(std::vector<const Function*> fns, PrintOptions options = {}) {
    return PrintProgram(ctx_.NewProgram("Program", fns), options);
  }
  // The body lines of a one-function program.
  std::string Body(std::vector<const Stmt*> body, std::vector<const Var*> params = {},
                   PrintOptions options = {}) {
    std::string text = Print({Fn("f", params, {}, body)}, options);
    size_t def = text.find("    def f(");
    size_t start = text.find('\n', def) + 1;
    return text.substr(start);
  }

  OpRegistry ops_;
  Context ctx_;
};

}  // namespace pto::ir

#endif  // PTO_IR_TEXT_TESTING_PRINTER_TEST_FIXTURE_H_
