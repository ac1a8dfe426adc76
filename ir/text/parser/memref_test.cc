// pl.MemRef in annotations (parser/memref.cc, printer/type.cc; docs/dsl.md
// "MemRefs"): what IR each form builds, how it prints, and the errors.

#include <string>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/analysis/verifier.h"
#include "ir/context.h"
#include "ir/memref.h"
#include "ir/text/parser/parser.h"
#include "ir/text/testing/roundtrip.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

class MemRefParseTest : public ::testing::Test {
 protected:
  absl::StatusOr<Program> Parse(absl::string_view body, absl::string_view sig = "",
                                absl::string_view ret = "pl.Tensor[[64, 64], pl.FP32]") {
    text_ = absl::StrCat("import pypto.language as pl\n@pl.program\nclass P:\n    @pl.function\n",
                         "    def f(self, a: pl.Tensor[[64, 64], pl.FP32]", sig, ") -> ", ret,
                         ":\n", body);
    return ParseProgram(ctx_, text_, "t.py");
  }
  std::string Error(absl::string_view body, absl::string_view sig = "") {
    absl::StatusOr<Program> p = Parse(body, sig);
    return p.ok() ? "parsed" : std::string(p.status().message());
  }
  // The printed program; checks that it is a fixed point, verifies, and
  // re-parses to a structurally equal program.
  std::string RoundTrip(const Program& p) {
    EXPECT_TRUE(VerifyProgram(p).ok()) << VerifyProgram(p);
    return ExpectPrintIsFixedPoint(p);
  }
  const Var* Assigned(const Program& p, size_t i) {
    return p.functions()[0]->body()->As<SeqStmts>()->stmts()[i]->As<AssignStmt>()->var();
  }
  Context ctx_;
  std::string text_;
};

constexpr absl::string_view kLoadStore =
    "        mem_vec_2: pl.Ptr = pl.tile.alloc(pl.Mem.Vec, 32768)\n"
    "        x: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec, pl.MemRef(mem_vec_2, 0, 16384)] = "
    "pl.load(a, [0, 0], [64, 64])\n"
    "        y: pl.Tile[[64, 64], pl.FP32, pl.MemRef(\"mem_vec_2\", 16384, 16384), pl.Mem.Vec] = "
    "pl.add(x, x)\n"
    "        r: pl.Tensor[[64, 64], pl.FP32, pl.MemRef(\"mem_ddr_1\", 0, 16384)] = "
    "pl.store(y, [0, 0], out)\n"
    "        return r\n";

TEST_F(MemRefParseTest, TileAndTensorMemRefsBuildTheIrAndPrintInUpstreamsOrder) {
  absl::StatusOr<Program> p = Parse(
      kLoadStore, ", out: pl.Out[pl.Tensor[[64, 64], pl.FP32, pl.MemRef(\"mem_ddr_1\", 0, 16384)]]");
  ASSERT_TRUE(p.ok()) << p.status();
  const Var* base = Assigned(*p, 0);
  const auto* x = Assigned(*p, 1)->type()->As<TileType>();
  const auto* y = Assigned(*p, 2)->type()->As<TileType>();
  ASSERT_NE(x->memref(), nullptr);
  ASSERT_NE(y->memref(), nullptr);
  // A bare name and a string in scope both name the alloc's Var.
  EXPECT_EQ(x->memref()->base(), base);
  EXPECT_EQ(y->memref()->base(), base);
  EXPECT_TRUE(MemRef::SameAllocation(x->memref(), y->memref()));
  EXPECT_EQ(AsConstInt(y->memref()->byte_offset()), 16384);
  EXPECT_EQ(y->memref()->size(), 16384u);
  EXPECT_EQ(x->memory_space(), MemorySpace::kVec);
  // The annotation's MemRef is on the call's type too.
  const auto* call = p->functions()[0]->body()->As<SeqStmts>()->stmts()[1]->As<AssignStmt>();
  EXPECT_EQ(call->value()->type(), x);
  // Two annotations naming "mem_ddr_1" (signature and body) share the base.
  const Var* out = p->functions()[0]->params()[1];
  const auto* r = Assigned(*p, 3)->type()->As<TensorType>();
  EXPECT_EQ(r->memref()->base(), out->type()->As<TensorType>()->memref()->base());
  std::string printed = RoundTrip(*p);
  EXPECT_THAT(printed, HasSubstr("out: pl.Out[pl.Tensor[[64, 64], pl.FP32, "
                                 "pl.MemRef(\"mem_ddr_1\", 0, 16384)]]"));
  EXPECT_THAT(printed, HasSubstr("x: pl.Tile[[64, 64], pl.FP32, pl.MemRef(mem_vec_2, 0, 16384), "
                                 "pl.Mem.Vec] = pl.tile.load("));
  EXPECT_THAT(printed, HasSubstr("y: pl.Tile[[64, 64], pl.FP32, pl.MemRef(mem_vec_2, 16384, "
                                 "16384), pl.Mem.Vec] = pl.tile.add(x, x)"));
  EXPECT_THAT(printed, HasSubstr("r: pl.Tensor[[64, 64], pl.FP32, "
                                 "pl.MemRef(\"mem_ddr_1\", 0, 16384)] = pl.tile.store("));
}

TEST_F(MemRefParseTest, ASignatureNamesABaseTheBodyAllocates) {
  absl::StatusOr<Program> p = Parse(
      "        buf: pl.Ptr = pl.tile.alloc(pl.Mem.Vec, 16384)\n"
      "        y: pl.Tile[[64, 64], pl.FP32, pl.MemRef(buf, 0, 16384), pl.Mem.Vec] = pl.add(t, t)\n"
      "        return a\n",
      ", t: pl.Tile[[64, 64], pl.FP32, pl.MemRef(\"buf\", 0, 16384), pl.Mem.Vec]");
  ASSERT_TRUE(p.ok()) << p.status();
  const Var* t = p->functions()[0]->params()[1];
  const Var* buf = Assigned(*p, 0);
  EXPECT_EQ(t->type()->As<TileType>()->memref()->base(), buf);
  std::string printed = RoundTrip(*p);
  // A string in the signature, bare in the body.
  EXPECT_THAT(printed, HasSubstr("t: pl.Tile[[64, 64], pl.FP32, pl.MemRef(\"buf\", 0, 16384), "
                                 "pl.Mem.Vec]"));
  EXPECT_THAT(printed, HasSubstr("y: pl.Tile[[64, 64], pl.FP32, pl.MemRef(buf, 0, 16384), "));
}

TEST_F(MemRefParseTest, PinnedDeclarationsAndSlots) {
  absl::StatusOr<Program> p = Parse(
      "        s: pl.Tile[[64, 64], pl.FP32, pl.MemRef(\"scratch\"), pl.Mem.Vec] = "
      "pl.load(a, [0, 0], [64, 64])\n"
      "        for i in pl.range(2):\n"
      "            u: pl.Tile[[64, 64], pl.FP32, pl.MemRef(\"ring\", slots=2)[i % 2], pl.Mem.Vec] = "
      "pl.exp(s)\n"
      "            v: pl.Tile[[64, 64], pl.FP32, pl.MemRef(\"ring\", i % 2 * 16384, 16384, "
      "slots=2)[i % 2], pl.Mem.Vec] = pl.exp(u)\n"
      "        return a\n");
  ASSERT_TRUE(p.ok()) << p.status();
  const MemRef* s = Assigned(*p, 0)->type()->As<TileType>()->memref();
  EXPECT_TRUE(s->pinned());
  EXPECT_EQ(s->slot_count(), 1u);
  EXPECT_EQ(s->slot_index(), nullptr);
  std::string printed = RoundTrip(*p);
  EXPECT_THAT(printed, HasSubstr("pl.MemRef(\"scratch\"), pl.Mem.Vec]"));
  EXPECT_THAT(printed, HasSubstr("pl.MemRef(\"ring\", slots=2)[i % 2], pl.Mem.Vec]"));
  EXPECT_THAT(printed, HasSubstr("pl.MemRef(\"ring\", i % 2 * 16384, 16384, slots=2)[i % 2]"));
}

TEST_F(MemRefParseTest, MemRefsDoNotTakePartInTypeEquality) {
  // A non-call value, a loop-carried value and a return differing from
  // their targets in the MemRef alone.
  absl::StatusOr<Program> p = Parse(
      "        x: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.load(a, [0, 0], [64, 64])\n"
      "        y: pl.Tile[[64, 64], pl.FP32, pl.MemRef(\"m\", 0, 16384), pl.Mem.Vec] = x\n"
      "        for i, (acc,) in pl.range(2, init_values=(x,)):\n"
      "            z: pl.Tile[[64, 64], pl.FP32, pl.MemRef(\"m\", 0, 16384), pl.Mem.Vec] = "
      "pl.add(acc, y)\n"
      // The annotated, parenthesized form upstream's printer wraps long lines to.
      "            out: pl.Tile[[64, 64], pl.FP32, pl.MemRef(\"m\", 0, 16384), pl.Mem.Vec] = (\n"
      "                pl.yield_(z)\n"
      "            )\n"
      "        return out\n",
      "", "pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec]");
  ASSERT_TRUE(p.ok()) << p.status();
  RoundTrip(*p);
}

TEST_F(MemRefParseTest, Errors) {
  EXPECT_THAT(Error("        x: pl.Tile[[64, 64], pl.FP32, pl.MemRef(\"m\", 0, 64)] = "
                    "pl.load(a, [0, 0], [64, 64])\n        return a\n"),
              HasSubstr("t.py:6:39: error: a Tile annotation with a pl.MemRef must also give its "
                        "memory space"));
  EXPECT_THAT(Error("        x: pl.Tile[[64, 64], pl.FP32, pl.MemRef(a, 0, 64), pl.Mem.Vec] = "
                    "pl.load(a, [0, 0], [64, 64])\n        return a\n"),
              HasSubstr("the base of a pl.MemRef must be a pl.Ptr, but 'a' is a pl.Tensor"));
  EXPECT_THAT(Error("        x: pl.Tile[[64, 64], pl.FP32, pl.MemRef(\"m\", 0, 64)[0], pl.Mem.Vec] = "
                    "pl.load(a, [0, 0], [64, 64])\n        return a\n"),
              HasSubstr("'m' holds a single slot, so it cannot be subscripted"));
  EXPECT_THAT(Error("        x: pl.Tile[[64, 64], pl.FP32, pl.MemRef(\"m\", slots=2)[2], pl.Mem.Vec] "
                    "= pl.load(a, [0, 0], [64, 64])\n        return a\n"),
              HasSubstr("slot index 2 is out of range for 'm', which holds 2 slots"));
  EXPECT_THAT(Error("        x: pl.Tile[[64, 64], pl.FP32, pl.MemRef(0, 64, 1), pl.Mem.Vec] = "
                    "pl.load(a, [0, 0], [64, 64])\n        return a\n"),
              HasSubstr("expected the base of a pl.MemRef"));
  EXPECT_THAT(Error("        x: pl.Tile[[64, 64], pl.FP32, pl.MemRef(\"m\", 0), pl.Mem.Vec] = "
                    "pl.load(a, [0, 0], [64, 64])\n        return a\n"),
              HasSubstr("pl.MemRef takes (base, byte_offset, size) or (\"name\")"));
  EXPECT_THAT(Error("        x: pl.Tile[[64, 64], pl.FP32, pl.MemRef(\"m\", 0, -1), pl.Mem.Vec] = "
                    "pl.load(a, [0, 0], [64, 64])\n        return a\n"),
              HasSubstr("the size of a pl.MemRef must be >= 0"));
  EXPECT_THAT(Error("        x: pl.Tile[[64, 64], pl.FP32, pl.MemRef(\"m\", 0, 64), pl.Mem.Vec, "
                    "pl.MemRef(\"n\", 0, 64)] = pl.load(a, [0, 0], [64, 64])\n        return a\n"),
              HasSubstr("a Tile annotation takes at most one pl.MemRef"));
  EXPECT_THAT(Error("        x: pl.Tile[[64, 64], pl.FP32, SCRATCH, pl.Mem.Vec] = "
                    "pl.load(a, [0, 0], [64, 64])\n        return a\n"),
              HasSubstr("found 'SCRATCH', which is not defined (declare it at module level: "
                        "NAME = pl.MemRef())"));
}

}  // namespace
}  // namespace pto::ir
