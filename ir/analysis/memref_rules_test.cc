#include "ir/analysis/memref_rules.h"

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/analysis/structural_equal.h"
#include "ir/analysis/structural_hash.h"
#include "ir/analysis/test_util.h"
#include "ir/analysis/verifier.h"
#include "ir/context.h"
#include "ir/memref.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;
using ::testing::IsEmpty;

class MemRefRulesTest : public IrTest {
 protected:
  const Var* Ptr(absl::string_view name) {
    return ctx_.NewVar(name, ctx_.GetHandleType(HandleKind::kPtr));
  }
  const MemRef* M(const Var* base, int64_t offset = 0, uint32_t slots = 1,
                  const Expr* index = nullptr) {
    return ctx_.NewMemRef(base, ctx_.Index(offset), 1024, L(1), false, slots, index);
  }
};

TEST_F(MemRefRulesTest, AMemRefIsPartOfTheInternedTypeButNotOfItsEquality) {
  const Var* base = Ptr("mem");
  const MemRef* m = M(base);
  const ShapedType* a = ctx_.WithMemRef(Tile(), m);
  EXPECT_NE(a, Tile());
  EXPECT_EQ(a->memref(), m);
  EXPECT_EQ(a->bare(), Tile());
  EXPECT_EQ(ctx_.WithMemRef(Tile(), m), a);  // interned
  EXPECT_EQ(ctx_.WithMemRef(a, nullptr), Tile());
  const ShapedType* b = ctx_.WithMemRef(Tile(), M(base, 1024));
  EXPECT_NE(a, b);
  EXPECT_TRUE(SameTypeIgnoringMemRef(a, b));
  EXPECT_TRUE(SameTypeIgnoringMemRef(ctx_.GetTupleType({a, Tensor()}),
                                     ctx_.GetTupleType({Tile(), Tensor()})));
  EXPECT_FALSE(SameTypeIgnoringMemRef(a, Tile(DataType::kFP16)));
  EXPECT_TRUE(StructuralEqual(a, Tile()));
  EXPECT_EQ(StructuralHash(a), StructuralHash(Tile()));
  // Tensors too, views kept.
  const ShapedType* t = ctx_.WithMemRef(Tensor(), M(Ptr("ddr")));
  EXPECT_EQ(t->bare(), Tensor());
  EXPECT_EQ(t->kind(), TypeKind::kTensor);
}

TEST_F(MemRefRulesTest, Rules) {
  const Var* base = Ptr("mem");
  EXPECT_EQ(MemRefProblem(ctx_.WithMemRef(Tile(), M(base))), "");
  EXPECT_THAT(MemRefProblem(ctx_.WithMemRef(Tile(DataType::kFP32, {16, 16}, std::nullopt),
                                            M(base))),
              HasSubstr("a tile type with a pl.MemRef must have a memory space"));
  EXPECT_THAT(MemRefProblem(ctx_.WithMemRef(Tile(), M(V("x", Scalar())))),
              HasSubstr("the base of a pl.MemRef must be a pl.Ptr, got pl.Scalar[pl.INDEX]"));
  EXPECT_THAT(MemRefProblem(ctx_.WithMemRef(Tile(), M(base, 0, 1, ctx_.Index(0)))),
              HasSubstr("a pl.MemRef with a single slot has no slot index"));
  EXPECT_THAT(MemRefProblem(ctx_.WithMemRef(Tile(), M(base, 0, 2, ctx_.Index(2)))),
              HasSubstr("slot index 2 is out of range for a pl.MemRef of 2 slots"));
  EXPECT_THAT(MemRefProblem(ctx_.GetTupleType(
                  {Tensor(), ctx_.WithMemRef(Tile(), M(base, 0, 0))})),
              HasSubstr("a pl.MemRef has at least one slot"));
}

TEST_F(MemRefRulesTest, TheVerifierChecksMemRefsAndComparesTypesWithoutThem) {
  const Var* base = Ptr("mem");
  const Type* placed = ctx_.WithMemRef(Tile(), M(base));
  const Var* x = V("x", Tile(), L(1, 7));
  const Var* y = V("y", placed, L(2));
  // `y` (placed) = x, returned as an unplaced tile: clean.
  Program ok = Prog({Fn("k", {x}, {Tile()},
                       Seq({ctx_.NewAssign(y, x, L(2)), ctx_.NewReturn(std::vector<const Expr*>{y}, L(3))}),
                       FunctionType::kInCore, L(1, 1))});
  EXPECT_THAT(CollectDiagnostics(ok), IsEmpty());
  const Type* unplaced_space = ctx_.WithMemRef(Tile(DataType::kFP32, {16, 16}, std::nullopt),
                                               M(base));
  const Var* z = V("z", unplaced_space, L(2));
  Program bad = Prog({Fn("k", {z}, {}, Seq({ctx_.NewReturn({}, L(3))}), FunctionType::kInCore,
                        L(1, 1))});
  ASSERT_EQ(CollectDiagnostics(bad).size(), 1u);
  EXPECT_THAT(CollectDiagnostics(bad)[0].message,
              HasSubstr("'z': a tile type with a pl.MemRef must have a memory space"));
}

TEST_F(MemRefRulesTest, RejectTileMemRefsNamesTheValue) {
  const Var* x = V("x", ctx_.WithMemRef(Tile(), M(Ptr("mem"))), L(1, 7));
  Program p = Prog({Fn("k", {x}, {}, Seq({ctx_.NewReturn({}, L(3))}), FunctionType::kInCore,
                      L(1, 1))});
  absl::Status s = RejectTileMemRefs(p, "codegen");
  EXPECT_THAT(s.message(), HasSubstr("k.py:1:7: error: codegen: 'x' is a tile placed by "
                                     "pl.MemRef (in function 'k'); codegen cannot honour a MemRef"));
  // A tensor's MemRef is no obstacle.
  const Var* t = V("t", ctx_.WithMemRef(Tensor(), M(Ptr("ddr"))), L(1, 7));
  Program q = Prog({Fn("k", {t}, {}, Seq({ctx_.NewReturn({}, L(3))}), FunctionType::kInCore,
                      L(1, 1))});
  EXPECT_TRUE(RejectTileMemRefs(q, "codegen").ok());
}

}  // namespace
}  // namespace pto::ir
