// The fixture the verifier's unit tests share (verifier_test.cc,
// verifier_types_test.cc, verifier_control_test.cc,
// verifier_reporting_test.cc): IrTest plus every diagnostic of a program
// formatted, and builders for one-kernel programs, returns, yields and loops.
//
//   TEST_F(VerifierTest, X) {
//     EXPECT_THAT(Errors(Kernel({x}, {}, {Ret({x}, L(2))})), IsEmpty());
//   }

#ifndef PTO_IR_ANALYSIS_VERIFIER_TEST_FIXTURE_H_
#define PTO_IR_ANALYSIS_VERIFIER_TEST_FIXTURE_H_

#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "ir/analysis/test_util.h"
#include "ir/analysis/verifier.h"
#include "ir/context.h"

namespace pto::ir {

class VerifierTest : public IrTest {
 protected:
  // Every diagnostic of `p`, formatted.
  std::vector<std::string> Errors(const Program& p) {
    std::vector<std::string> out;
    for (const Diagnostic& d : CollectDiagnostics(p)) out.push_back(FormatDiagnostic(ctx_, d));
    return out;
  }
  // `def k(params) -> returns: body` as a one-function program.
  Program Kernel(std::initializer_list<const Var*> params,
                 std::initializer_list<const Type*> returns,
                 std::initializer_list<const Stmt*> body) {
    return Prog({Fn("k", params, returns, Seq(body), FunctionType::kInCore, L(1, 1))});
  }
  const Stmt* Ret(std::initializer_list<const Expr*> values, SourceLoc loc) {
    return ctx_.NewReturn(std::vector<const Expr*>(values), loc);
  }
  const Stmt* Yield(std::initializer_list<const Expr*> values, SourceLoc loc = {}) {
    return ctx_.NewYield(std::vector<const Expr*>(values), loc);
  }
  const ForStmt* For(const Var* i, int64_t stop, std::initializer_list<const IterArg*> iters,
                     std::initializer_list<const Stmt*> body,
                     std::initializer_list<const Var*> return_vars, SourceLoc loc) {
    return ctx_.NewFor(i, ctx_.Index(0), ctx_.Index(stop), ctx_.Index(1),
                       std::vector<const IterArg*>(iters), Seq(body),
                       std::vector<const Var*>(return_vars), ForKind::kSequential, 0, loc);
  }
  const Var* LoopVar(absl::string_view name = "i") { return V(name, Scalar()); }
  const Expr* F(double v) { return ctx_.Float(v); }
  const Expr* Lt(const Expr* a, int64_t b) {
    return ctx_.NewBinary(BinaryOp::kLt, a, ctx_.Index(b), DataType::kBool);
  }

  std::string FP32 = "pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec]";
  std::string FP16 = "pl.Tile[[16, 16], pl.FP16, pl.Mem.Vec]";
};

}  // namespace pto::ir

#endif  // PTO_IR_ANALYSIS_VERIFIER_TEST_FIXTURE_H_
