// Test fixture for the analyses: a Context with a source file and terse
// builders over the Context factories and MakeCall (built-in ops).
//
//   class MyTest : public IrTest {};
//   TEST_F(MyTest, Foo) {
//     const Var* x = V("x", Tile());
//     const Call* y = Op("tile.adds", {x, ctx_.Float(1.0)});
//     const Function* f = Fn("k", {x}, {y->type()},
//                            Seq({ctx_.NewAssign(V("y", y->type()), y, L(2)), ...}));
//   }

#ifndef PTO_IR_ANALYSIS_TEST_UTIL_H_
#define PTO_IR_ANALYSIS_TEST_UTIL_H_

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <vector>

#include "gtest/gtest.h"
#include "ir/check.h"
#include "ir/context.h"
#include "ir/ops/builtin.h"

namespace pto::ir {

class IrTest : public ::testing::Test {
 protected:
  // A location in "k.py".
  SourceLoc L(uint32_t line, uint16_t col = 5) { return SourceLoc{line, col, file_}; }

  const TileType* Tile(DataType dtype = DataType::kFP32,
                       std::initializer_list<int64_t> shape = {16, 16},
                       std::optional<MemorySpace> space = MemorySpace::kVec) {
    return ctx_.GetTileType(dtype, ctx_.IndexList(std::vector<int64_t>(shape)), space);
  }
  const TensorType* Tensor(DataType dtype = DataType::kFP32,
                           std::initializer_list<int64_t> shape = {16, 16}) {
    return ctx_.GetTensorType(dtype, ctx_.IndexList(std::vector<int64_t>(shape)));
  }
  const ScalarType* Scalar(DataType dtype = DataType::kIndex) {
    return ctx_.GetScalarType(dtype);
  }

  const Var* V(absl::string_view name, const Type* type, SourceLoc loc = {}) {
    return ctx_.NewVar(name, type, loc);
  }
  const IterArg* Iter(absl::string_view name, const Expr* init, SourceLoc loc = {}) {
    return ctx_.NewIterArg(name, init->type(), init, loc);
  }
  const MakeTuple* Ints(std::initializer_list<int64_t> values) {
    return ctx_.NewMakeTuple(ctx_.IndexList(std::vector<int64_t>(values)));
  }

  // A built-in op call; the test author guarantees it type-checks.
  const Call* Op(absl::string_view name, std::initializer_list<const Expr*> args,
                 std::initializer_list<NamedAttr> kwargs = {}, SourceLoc loc = {}) {
    absl::StatusOr<const Call*> call =
        MakeCall(ctx_, name, std::vector<const Expr*>(args), std::vector<NamedAttr>(kwargs), loc);
    PTO_CHECK(call.ok()) << call.status().message();
    return *call;
  }
  // `name = value` with a fresh Var of the value's type.
  const AssignStmt* Let(const Var*& out, absl::string_view name, const Expr* value,
                        SourceLoc loc = {}) {
    out = V(name, value->type(), loc);
    return ctx_.NewAssign(out, value, loc);
  }

  const Stmt* Seq(std::initializer_list<const Stmt*> stmts) {
    return ctx_.NewSeq(std::vector<const Stmt*>(stmts));
  }
  const Function* Fn(absl::string_view name, std::initializer_list<const Var*> params,
                     std::initializer_list<const Type*> returns, const Stmt* body,
                     FunctionType type = FunctionType::kInCore, SourceLoc loc = {}) {
    std::vector<ParamDirection> dirs(params.size(), ParamDirection::kIn);
    return ctx_.NewFunction(name, std::vector<const Var*>(params), dirs,
                            std::vector<const Type*>(returns), body, type, std::nullopt,
                            std::nullopt, loc);
  }
  Program Prog(std::initializer_list<const Function*> functions) {
    return ctx_.NewProgram("Program", std::vector<const Function*>(functions));
  }

  Context ctx_;
  uint16_t file_ = ctx_.AddFile("k.py");
};

}  // namespace pto::ir

#endif  // PTO_IR_ANALYSIS_TEST_UTIL_H_
