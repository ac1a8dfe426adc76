#include "passes/legalize_tile_cast/legalize_tile_cast.h"

#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "backends/registry.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/context.h"
#include "ir/ops/builtin.h"
#include "ir/visitor.h"
#include "passes/legalize_tile_cast/spec_tables.h"

namespace pto::passes {
namespace {

using ir::AttrValue;
using ir::DataType;
using ::testing::HasSubstr;

struct CastSpec {
  DataType src;
  DataType dst;
  ir::RoundMode mode = ir::RoundMode::kRound;
  std::optional<ir::AttrValue> saturation;  // as written by the author
  bool with_tmp = false;
  ir::Level level = ir::Level::kChipDie;
  std::vector<absl::string_view> comments;  // leading comments of the cast
};

CastSpec Spec(DataType src, DataType dst, ir::RoundMode mode = ir::RoundMode::kRound) {
  CastSpec spec;
  spec.src = src;
  spec.dst = dst;
  spec.mode = mode;
  return spec;
}

const ir::Call* Call(ir::Context& ctx, absl::string_view op, ir::ExprSpan args,
                     absl::Span<const ir::NamedAttr> kwargs = {}, ir::SourceLoc loc = {}) {
  absl::StatusOr<const ir::Call*> c = ir::MakeCall(ctx, op, args, kwargs, loc);
  EXPECT_TRUE(c.ok()) << c.status();
  return *c;
}

// k(x: Tensor[[16, 64], src], out: Out[Tensor[[16, 64], dst]]):
//   t = tile.load(x, ...); [tmp = tile.create([1, 256], INT8)]
//   c = tile.cast(t[, tmp], target_type=dst, mode=..., [saturation_mode])
//   r = tile.store(c, [0, 0], out); return r
ir::Program OneCast(ir::Context& ctx, const CastSpec& spec) {
  uint16_t file = ctx.AddFile("k.py");
  ir::ExprSpan shape = ctx.IndexList({16, 64});
  const ir::Var* x = ctx.NewVar("x", ctx.GetTensorType(spec.src, shape));
  const ir::Type* out_type = ctx.GetTensorType(spec.dst, shape);
  const ir::Var* out = ctx.NewVar("out", out_type);
  const ir::Expr* zeros = ctx.NewMakeTuple(ctx.IndexList({0, 0}));
  const ir::Expr* dims = ctx.NewMakeTuple(shape);
  std::vector<const ir::Stmt*> body;
  const ir::Call* load = Call(ctx, "tile.load", {x, zeros, dims, dims});
  const ir::Var* t = ctx.NewVar("t", load->type());
  body.push_back(ctx.NewAssign(t, load));
  std::vector<const ir::Expr*> cast_args = {t};
  if (spec.with_tmp) {
    ir::NamedAttr kw[] = {{"dtype", AttrValue::DType(DataType::kInt8)},
                          {"target_memory", AttrValue::Enum(ir::MemorySpace::kVec)}};
    const ir::Call* create = Call(ctx, "tile.create", {ctx.NewMakeTuple(ctx.IndexList({1, 256}))}, kw);
    const ir::Var* tmp = ctx.NewVar("tmp", create->type());
    body.push_back(ctx.NewAssign(tmp, create));
    cast_args.push_back(tmp);
  }
  std::vector<ir::NamedAttr> kw = {{"target_type", AttrValue::DType(spec.dst)},
                                   {"mode", AttrValue::Enum(spec.mode)}};
  if (spec.saturation) kw.push_back({"saturation_mode", *spec.saturation});
  const ir::Call* cast = Call(ctx, "tile.cast", cast_args, kw, ir::SourceLoc{4, 9, file});
  const ir::Var* c = ctx.NewVar("c", cast->type());
  body.push_back(ctx.NewAssign(c, cast, ir::SourceLoc{4, 5, file}, spec.comments));
  const ir::Call* store = Call(ctx, "tile.store", {c, zeros, out});
  const ir::Var* r = ctx.NewVar("r", store->type());
  body.push_back(ctx.NewAssign(r, store));
  body.push_back(ctx.NewReturn({r}));
  const ir::Var* params[] = {x, out};
  ir::ParamDirection dirs[] = {ir::ParamDirection::kIn, ir::ParamDirection::kOut};
  const ir::Type* rets[] = {out_type};
  const ir::Function* f = ctx.NewFunction("k", params, dirs, rets, ctx.NewSeq(body),
                                          ir::FunctionType::kInCore, spec.level);
  return ctx.NewProgram("Program", {&f, 1});
}

struct Hop {
  const ir::AssignStmt* stmt;
  const ir::Call* cast;
};

std::vector<Hop> Casts(const ir::Program& p) {
  struct Collector : ir::IRVisitor {
    std::vector<Hop> hops;
    void VisitAssign(const ir::AssignStmt* s) override {
      if (const auto* c = s->value()->As<ir::Call>(); c && c->callee_name() == "tile.cast") {
        hops.push_back({s, c});
      }
      IRVisitor::VisitAssign(s);
    }
  } collector;
  collector.VisitProgram(p);
  return collector.hops;
}

absl::StatusOr<ir::Program> Legalize(const ir::Program& p, absl::string_view arch) {
  PassContext pc(*backends::FindBackend(arch));
  return CreateLegalizeTileCastPass()->Run(p, pc);
}

DataType SrcOf(const Hop& h) {
  return h.cast->arg(0)->type()->As<ir::TileType>()->dtype();
}
DataType DstOf(const Hop& h) { return h.cast->FindKwarg("target_type")->dtype(); }

TEST(LegalizeTileCastTest, A5Int32ToFp16GoesThroughFp32) {
  ir::Context ctx;
  ir::Program in = OneCast(ctx, Spec(DataType::kInt32, DataType::kFP16));
  absl::StatusOr<ir::Program> out = Legalize(in, "a5");
  ASSERT_TRUE(out.ok()) << out.status();
  std::vector<Hop> hops = Casts(*out);
  ASSERT_EQ(hops.size(), 2u);
  EXPECT_EQ(hops[0].stmt->var()->name(), "c__cast_fp32_tmp_v0");
  EXPECT_EQ(SrcOf(hops[0]), DataType::kInt32);
  EXPECT_EQ(DstOf(hops[0]), DataType::kFP32);
  EXPECT_EQ(hops[1].cast->arg(0), hops[0].stmt->var());
  EXPECT_EQ(DstOf(hops[1]), DataType::kFP16);
  // The final hop binds the original Var object.
  EXPECT_EQ(hops[1].stmt->var(), Casts(in)[0].stmt->var());
  for (const Hop& h : hops) {
    EXPECT_EQ(h.cast->FindKwarg("mode")->As<ir::RoundMode>(), ir::RoundMode::kRound);
  }
}

TEST(LegalizeTileCastTest, CommentsStayInFrontOfTheChain) {
  ir::Context ctx;
  CastSpec spec = Spec(DataType::kInt32, DataType::kFP16);
  spec.comments = {"narrow for the store"};
  std::vector<Hop> hops = Casts(*Legalize(OneCast(ctx, spec), "a5"));
  ASSERT_EQ(hops.size(), 2u);
  ASSERT_EQ(hops[0].stmt->comments().size(), 1u);
  EXPECT_EQ(hops[0].stmt->comments()[0], "narrow for the store");
  EXPECT_TRUE(hops[1].stmt->comments().empty());
}

TEST(LegalizeTileCastTest, NativeCastsAndNoBackendLeaveTheProgramUntouched) {
  ir::Context ctx;
  ir::Program native = OneCast(ctx, Spec(DataType::kFP32, DataType::kBF16, ir::RoundMode::kRint));
  EXPECT_TRUE(Legalize(native, "a5")->SameAs(native));
  EXPECT_TRUE(Legalize(native, "a2a3")->SameAs(native));
  ir::Program a2a3_native = OneCast(ctx, Spec(DataType::kInt32, DataType::kFP16));
  EXPECT_TRUE(Legalize(a2a3_native, "a2a3")->SameAs(a2a3_native));
  PassContext none;
  EXPECT_TRUE(CreateLegalizeTileCastPass()->Run(a2a3_native, none)->SameAs(a2a3_native));
}

TEST(LegalizeTileCastTest, HostFunctionsAreSkipped) {
  ir::Context ctx;
  CastSpec spec = Spec(DataType::kInt32, DataType::kFP16);
  spec.level = ir::Level::kHost;
  ir::Program p = OneCast(ctx, spec);
  EXPECT_TRUE(Legalize(p, "a5")->SameAs(p));
}

TEST(LegalizeTileCastTest, UnreachablePairNamesSrcDstArchAndLocation) {
  ir::Context ctx;
  absl::Status s = Legalize(OneCast(ctx, Spec(DataType::kUInt32, DataType::kFP32)), "a5").status();
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(s.message(),
            "k.py:4:9: error: LegalizeTileCast: no native cast path from uint32 to fp32 for "
            "arch a5; pto.tcvt does not support this conversion");
  EXPECT_THAT(Legalize(OneCast(ctx, Spec(DataType::kHF8, DataType::kFP32)), "a2a3").status().message(),
              HasSubstr("from hf8 to fp32 for arch a2a3"));
}

TEST(LegalizeTileCastTest, IsIdempotent) {
  ir::Context ctx;
  ir::Program once = *Legalize(OneCast(ctx, Spec(DataType::kFP4, DataType::kFP8E4M3FN)), "a5");
  ASSERT_EQ(Casts(once).size(), 3u);
  EXPECT_TRUE(Legalize(once, "a5")->SameAs(once));
}

// Every legalized pair of both spec tables x {no request, "on", "off"} x
// {with tmp, without}: the chain has the spec's length, hops are native, and
// saturation and tmp ride the final hop only.
TEST(LegalizeTileCastTest, SaturationAndTmpRideTheFinalHopOnly) {
  std::optional<AttrValue> requests[] = {std::nullopt, AttrValue::String("on"),
                                         AttrValue::String("off")};
  int cases = 0;
  for (absl::string_view arch : {"a5", "a2a3"}) {
    const backends::Backend& backend = **backends::FindBackend(arch);
    for (const testing::SpecPair& pair : testing::SpecTable(arch)) {
      if (pair.hops == 1) continue;
      for (const std::optional<AttrValue>& request : requests) {
        for (bool with_tmp : {false, true}) {
          SCOPED_TRACE(absl::StrCat(arch, " ", pair.src.lower_name(), "->", pair.dst.lower_name(),
                                    " tmp=", with_tmp, " request=",
                                    request ? request->string_value() : "none"));
          ir::Context ctx;
          CastSpec spec = Spec(pair.src, pair.dst, ir::RoundMode::kTrunc);
          spec.saturation = request;
          spec.with_tmp = with_tmp;
          ir::Program in = OneCast(ctx, spec);
          const ir::AttrValue* recorded = Casts(in)[0].cast->FindKwarg("saturation_mode");
          absl::StatusOr<ir::Program> out = Legalize(in, arch);
          ASSERT_TRUE(out.ok()) << out.status();
          std::vector<Hop> hops = Casts(*out);
          ASSERT_EQ(static_cast<int>(hops.size()), pair.hops);
          for (size_t i = 0; i < hops.size(); ++i) {
            bool last = i + 1 == hops.size();
            EXPECT_TRUE(backend.IsNativeTcvt(SrcOf(hops[i]), DstOf(hops[i])));
            EXPECT_EQ(hops[i].cast->FindKwarg("mode")->As<ir::RoundMode>(), ir::RoundMode::kTrunc);
            EXPECT_EQ(hops[i].cast->args().size(), last && with_tmp ? 2u : 1u);
            const ir::AttrValue* sat = hops[i].cast->FindKwarg("saturation_mode");
            if (!last || recorded == nullptr) {
              EXPECT_EQ(sat, nullptr);
            } else {
              ASSERT_NE(sat, nullptr);
              EXPECT_EQ(*sat, *recorded);
            }
          }
          if (with_tmp) {
            EXPECT_EQ(hops.back().cast->arg(1), Casts(in)[0].cast->arg(1));
          }
          ++cases;
        }
      }
    }
  }
  EXPECT_GT(cases, 400);
}

}  // namespace
}  // namespace pto::passes
