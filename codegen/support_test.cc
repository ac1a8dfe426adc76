// CheckCodegenSupport: a program inside every rule is claimed and emits;
// one construct outside a rule makes the claim Unimplemented, located and
// naming the rule, and EmitPto then refuses it too.

#include "codegen/support.h"

#include <string>

#include "absl/strings/str_replace.h"
#include "backends/registry.h"
#include "codegen/pto_emitter.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/context.h"
#include "ir/text/parser/parser.h"

namespace pto::codegen {
namespace {

using ::testing::HasSubstr;

const backends::Backend* A5() { return *backends::FindBackend("a5"); }
const backends::Backend* A2A3() { return *backends::FindBackend("a2a3"); }

// A lowered kernel with every control-flow form the claim includes. $BODY
// is replaced by a test's extra statements (8 spaces deep).
constexpr char kKernel[] = R"(import pypto.language as pl

@pl.program
class K:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[4, 16], pl.FP32], o: pl.Out[pl.Tensor[[4, 16], pl.FP32]]) -> pl.Tensor[[4, 16], pl.FP32]:
        t: pl.Tile[[4, 16], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [4, 16], [4, 16])
        for i, (acc,) in pl.range(2, init_values=(t,)):
            u: pl.Tile[[4, 16], pl.FP32, pl.Mem.Vec] = pl.tile.adds(acc, 1.0)
            acc_out: pl.Tile[[4, 16], pl.FP32, pl.Mem.Vec] = pl.yield_(u)
        for (n, a) in pl.while_(init_values=(3, acc_out)):
            pl.cond(n > 0)
            v: pl.Tile[[4, 16], pl.FP32, pl.Mem.Vec] = pl.tile.muls(a, 2.0)
            n_next: pl.Scalar[pl.INDEX] = n - 1
            n_out, a_out = pl.yield_(n_next, v)
        while n_out < 0:
            w: pl.Tile[[4, 16], pl.FP32, pl.Mem.Vec] = pl.tile.neg(a_out)
        if n_out == 0:
            s: pl.Tile[[4, 16], pl.FP32, pl.Mem.Vec] = pl.yield_(a_out)
        else:
            s: pl.Tile[[4, 16], pl.FP32, pl.Mem.Vec] = pl.yield_(t)
$BODY
        r: pl.Tensor[[4, 16], pl.FP32] = pl.tile.store(s, [0, 0], o)
        return r
)";

struct Outcome {
  absl::Status claim;
  absl::Status emitted;
};

Outcome Check(absl::string_view body, const backends::Backend* backend = A5()) {
  std::string text = absl::StrReplaceAll(kKernel, {{"$BODY", body}});
  ir::Context ctx;
  absl::StatusOr<ir::Program> p = ir::ParseProgram(ctx, text, "k.py");
  EXPECT_TRUE(p.ok()) << p.status();
  if (!p.ok()) return {p.status(), p.status()};
  return {CheckCodegenSupport(*p, backend), EmitPto(*p, backend).status()};
}

TEST(CodegenSupportTest, ClaimsALoweredKernelWithEveryLoopForm) {
  Outcome o = Check("        pass");
  EXPECT_TRUE(o.claim.ok()) << o.claim;
  EXPECT_TRUE(o.emitted.ok()) << o.emitted;
  Outcome none = Check("        pass", nullptr);
  EXPECT_TRUE(none.claim.ok()) << none.claim;
}

void ExpectOutside(const Outcome& o, absl::string_view rule, absl::string_view what) {
  EXPECT_EQ(o.claim.code(), absl::StatusCode::kUnimplemented) << o.claim;
  EXPECT_THAT(o.claim.message(), HasSubstr("k.py:"));
  EXPECT_THAT(o.claim.message(), HasSubstr("error: codegen: outside what PTO codegen claims"));
  EXPECT_THAT(o.claim.message(), HasSubstr(rule));
  EXPECT_THAT(o.claim.message(), HasSubstr(what));
  // These are all constructs EmitPto refuses.
  EXPECT_FALSE(o.emitted.ok());
  EXPECT_THAT(o.emitted.message(), HasSubstr("codegen: "));
}

TEST(CodegenSupportTest, ACompositeOpIsOutside) {
  ExpectOutside(Check("        c: pl.Tile[[4, 16], pl.FP32, pl.Mem.Vec] = pl.tile.sin(t)"),
                "(rule 1)", "tile.sin is composite");
}

TEST(CodegenSupportTest, ACastThatIsNotOneTcvtIsOutside) {
  // INT32 -> FP16 has no native pto.tcvt on a5 (backends/a5).
  ExpectOutside(
      Check("        i: pl.Tile[[4, 16], pl.INT32, pl.Mem.Vec] = pl.tile.cast(t, target_type=pl.INT32)\n"
            "        h: pl.Tile[[4, 16], pl.FP16, pl.Mem.Vec] = pl.tile.cast(i, target_type=pl.FP16)"),
      "(rule 2)", "tile.cast from INT32 to FP16");
}

TEST(CodegenSupportTest, ATileOfADtypeWithoutInCoreSupportIsOutside) {
  ExpectOutside(
      Check("        q: pl.Tile[[4, 16], pl.INT4, pl.Mem.Vec] = pl.tile.cast(t, target_type=pl.INT4)"),
      "(rule 3)", "INT4");
}

TEST(CodegenSupportTest, AReturnInsideALoopIsOutside) {
  ExpectOutside(Check("        for j in pl.range(1):\n"
                      "            rr: pl.Tensor[[4, 16], pl.FP32] = pl.tile.store(t, [0, 0], o)\n"
                      "            return rr"),
                "(rule 4)", "a return inside a loop or if");
}

TEST(CodegenSupportTest, ANegativeStepIsOutside) {
  ExpectOutside(Check("        for j in pl.range(3, 0, -1):\n"
                      "            y: pl.Tile[[4, 16], pl.FP32, pl.Mem.Vec] = pl.tile.neg(t)"),
                "(rule 5)", "positive constant");
}

TEST(CodegenSupportTest, UnsignedScalarArithmeticIsOutside) {
  ExpectOutside(Check("        k: pl.Scalar[pl.UINT32] = pl.cast(n_out, pl.UINT32)\n"
                      "        k2: pl.Scalar[pl.UINT32] = k + k"),
                "(rule 6)", "UINT32");
}

TEST(CodegenSupportTest, ATselsScratchSharingTheSourceIsOutsideWhereTheBackendForbidsIt) {
  constexpr char kSels[] =
      "        m = pl.tile.cmps(t, 0.0, cmp_type=3)\n"
      "        sl = pl.tile.sels(m, t, t, 0.5)";
  ASSERT_FALSE(A2A3()->TselsTmpMayOverlapInputs());
  ExpectOutside(Check(kSels, A2A3()), "(rule 2)", "tile.sels on a2a3");
  ASSERT_TRUE(A5()->TselsTmpMayOverlapInputs());
  Outcome a5 = Check(kSels, A5());
  EXPECT_TRUE(a5.claim.ok()) << a5.claim;
  EXPECT_TRUE(a5.emitted.ok()) << a5.emitted;
}

TEST(CodegenSupportTest, MxQuantisationIsOutsideWhereTheBackendLacksIt) {
  constexpr char kMx[] =
      "        e: pl.Tile[[1, 32], pl.UINT8, pl.Mem.Vec] = pl.tile.create([1, 32], dtype=pl.UINT8, "
      "target_memory=pl.Mem.Vec)\n"
      "        ws: pl.Tile[[1, 96], pl.UINT8, pl.Mem.Vec] = pl.tile.create([1, 96], dtype=pl.UINT8, "
      "target_memory=pl.Mem.Vec)\n"
      "        zz = pl.tile.tmov_x2zz(e, ws, group_axis=1, dst_rows=16, dst_cols=2)";
  ASSERT_FALSE(A2A3()->SupportsMxQuantization());
  ExpectOutside(Check(kMx, A2A3()), "(rule 2)", "tile.tmov_x2zz: MX quantisation on a2a3");
  Outcome a5 = Check(kMx, A5());
  EXPECT_TRUE(a5.claim.ok()) << a5.claim;
  EXPECT_TRUE(a5.emitted.ok()) << a5.emitted;
}

TEST(CodegenSupportTest, ALoopYieldingAnotherTensorIsOutside) {
  ExpectOutside(Check("        for j, (d,) in pl.range(1, init_values=(o,)):\n"
                      "            d_out = pl.yield_(x)"),
                "(rule 5)", "yielded as another tensor");
}

TEST(CodegenSupportTest, AnOrchestrationFunctionIsOutside) {
  std::string text = absl::StrReplaceAll(kKernel, {{"$BODY", "        pass"},
                                                  {"FunctionType.InCore", "FunctionType.Orchestration"}});
  ir::Context ctx;
  absl::StatusOr<ir::Program> p = ir::ParseProgram(ctx, text, "k.py");
  ASSERT_TRUE(p.ok()) << p.status();
  ExpectOutside({CheckCodegenSupport(*p, A5()), EmitPto(*p, A5()).status()}, "(rule 0)",
                "has type Orchestration");
}

TEST(CodegenSupportTest, HostPythonAndRuntimeBoundBodiesAreOutside) {
  // Neither has a DSL body to emit: a HOST SubWorker's body is host Python
  // kept as text, and a `...` one is bound by the runtime.
  for (absl::string_view body : {"        import os", "        ..."}) {
    std::string text = absl::StrCat(
        "import pypto.language as pl\n@pl.program\nclass P:\n"
        "    @pl.function(level=pl.Level.HOST, role=pl.Role.SubWorker)\n"
        "    def h(x: pl.Tensor[[16], pl.FP32]):\n",
        body, "\n");
    ir::Context ctx;
    absl::StatusOr<ir::Program> p = ir::ParseProgram(ctx, text, "k.py");
    ASSERT_TRUE(p.ok()) << p.status();
    ExpectOutside({CheckCodegenSupport(*p, A5()), EmitPto(*p, A5()).status()}, "(rule 0)",
                  "function 'h' has no DSL body");
  }
}

}  // namespace
}  // namespace pto::codegen
