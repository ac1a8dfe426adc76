// cast_pair_fuzzer: one tile.cast through LegalizeTileCast and codegen.
//
// The input picks an arch (a5, a2a3), a source and destination dtype (any
// two), a rounding mode, a saturation request (none, "on", "off" in any DSL
// spelling), an explicit tmp scratch or not, a rank 1..4 with a shape and a
// valid shape, and (rarely) a HOST-level function. The program is
//
//   k(x: Tensor[shape, src], out: Out[Tensor[shape, dst]]):
//     t = tile.load(x, 0s, shape, valid_shape)    [tmp = tile.create([1, 256], INT8)]
//     c = tile.cast(t[, tmp], target_type=dst, mode=..., [saturation_mode=...])
//     r = tile.store(c, 0s, out); return r
//
// and after LegalizeTileCast:
//   * a reachable pair: the program verifies; the chain has the length of an
//     oracle written apart from the pass (tcvt_oracle.h: BFS with its own
//     notion of narrowing) and of the spec table; every hop is native, no
//     intermediate narrows relative to dst, every hop keeps the mode, only
//     the final hop carries the saturation request and the tmp, every hop
//     keeps the shape and valid shape, the hops chain from t to the original
//     Var c; a second run returns the same Program object; the result
//     round-trips through print and parse; wherever codegen claims support
//     (codegen/support.h; not a chain through INT4) EmitPto succeeds with
//     one pto.tcvt per hop, each stamping the expected satmode ON|OFF;
//   * an unreachable pair: the pass fails naming src, dst and the arch (and
//     the spec rejects the pair too);
//   * a HOST-level function is left alone.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <fuzzer/FuzzedDataProvider.h>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "backends/registry.h"
#include "fuzz/max_input.h"
#include "fuzz/oracle/codegen_claim.h"
#include "fuzz/oracle/tcvt_oracle.h"
#include "ir/analysis/structural_equal.h"
#include "ir/analysis/verifier.h"
#include "ir/check.h"
#include "ir/context.h"
#include "ir/ops/builtin.h"
#include "ir/text/parser/parser.h"
#include "ir/text/printer/printer.h"
#include "ir/visitor.h"
#include "passes/legalize_tile_cast/legalize_tile_cast.h"
#include "passes/legalize_tile_cast/spec_tables.h"

namespace ir = pto::ir;

namespace {

using ir::AttrValue;
using ir::DataType;

// Every decision takes at most a few bytes; 64 covers a rank-4 shape with
// its valid shape several times over. Longer inputs are the same cases.
constexpr size_t kMaxInput = 64;

struct CastCase {
  absl::string_view arch;
  DataType src;
  DataType dst;
  ir::RoundMode mode;
  std::optional<ir::SaturationMode> saturation;  // as requested
  AttrValue saturation_spelling = AttrValue::Bool(false);
  bool with_tmp;
  bool host;
  std::vector<int64_t> shape;
  std::vector<int64_t> valid;
};

CastCase Decode(FuzzedDataProvider& in) {
  CastCase c;
  c.arch = in.ConsumeBool() ? "a2a3" : "a5";
  absl::Span<const DataType> all = DataType::All();
  c.src = all[in.ConsumeIntegralInRange<size_t>(0, all.size() - 1)];
  c.dst = all[in.ConsumeIntegralInRange<size_t>(0, all.size() - 1)];
  c.mode = static_cast<ir::RoundMode>(
      in.ConsumeIntegralInRange<int>(0, ir::EnumSize<ir::RoundMode>() - 1));
  switch (in.ConsumeIntegralInRange<int>(0, 2)) {
    case 1: c.saturation = ir::SaturationMode::kOn; break;
    case 2: c.saturation = ir::SaturationMode::kOff; break;
    default: break;
  }
  if (c.saturation) {
    bool on = *c.saturation == ir::SaturationMode::kOn;
    switch (in.ConsumeIntegralInRange<int>(0, 2)) {
      case 0: c.saturation_spelling = AttrValue::String(on ? "on" : "off"); break;
      case 1: c.saturation_spelling = AttrValue::Int(on ? 1 : 0); break;
      default: c.saturation_spelling = AttrValue::Enum(*c.saturation); break;
    }
  }
  c.with_tmp = in.ConsumeBool();
  c.host = in.ConsumeIntegralInRange<int>(0, 15) == 0;
  int rank = in.ConsumeIntegralInRange<int>(1, 4);
  static constexpr int64_t kExtents[] = {16, 8, 1, 2, 3, 4, 32, 64};
  for (int i = 0; i < rank; ++i) {
    c.shape.push_back(kExtents[in.ConsumeIntegralInRange<size_t>(0, std::size(kExtents) - 1)]);
  }
  // FP4 packs two values per byte: an even static last dim.
  if ((c.src == DataType::kFP4 || c.dst == DataType::kFP4) && c.shape.back() % 2 != 0) {
    ++c.shape.back();
  }
  // A partial valid region that stays whole leading rows once codegen
  // flattens rank > 2 tiles to 2-D: only the first and the last dim may be
  // partial.
  for (int i = 0; i < rank; ++i) {
    int64_t extent = c.shape[i];
    bool may_narrow = i == 0 || i == rank - 1;
    bool narrow = may_narrow && in.ConsumeIntegralInRange<int>(0, 2) == 0;
    c.valid.push_back(narrow ? in.ConsumeIntegralInRange<int64_t>(1, extent) : extent);
  }
  // An FP4 Vec tile packs two values per byte, so PTO wants an even valid
  // last dim (docs/codegen.md); keep every case emittable.
  if ((c.src == DataType::kFP4 || c.dst == DataType::kFP4) && c.valid.back() % 2 != 0) {
    ++c.valid.back();
  }
  return c;
}

const ir::Call* MustCall(ir::Context& ctx, absl::string_view op, ir::ExprSpan args,
                         absl::Span<const ir::NamedAttr> kwargs = {}) {
  absl::StatusOr<const ir::Call*> call = ir::MakeCall(ctx, op, args, kwargs);
  PTO_CHECK(call.ok()) << call.status();
  return *call;
}

struct Built {
  ir::Program program;
  const ir::Var* loaded;
  const ir::Var* tmp;
  const ir::Var* cast_var;
  const ir::Call* cast;
};

// The one-cast program, or nullopt when tile.cast rejects the pair itself
// (same dtypes): then the rejection is checked instead.
std::optional<Built> Build(ir::Context& ctx, const CastCase& c) {
  ir::ExprSpan shape = ctx.IndexList(c.shape);
  const ir::Var* x = ctx.NewVar("x", ctx.GetTensorType(c.src, shape));
  const ir::Type* out_type = ctx.GetTensorType(c.dst, shape);
  const ir::Var* out = ctx.NewVar("out", out_type);
  const ir::Expr* zeros =
      ctx.NewMakeTuple(ctx.IndexList(std::vector<int64_t>(c.shape.size(), 0)));
  const ir::Expr* load_args[] = {x, zeros, ctx.NewMakeTuple(shape),
                                 ctx.NewMakeTuple(ctx.IndexList(c.valid))};
  const ir::Call* load = MustCall(ctx, "tile.load", load_args);
  std::vector<const ir::Stmt*> body;
  const ir::Var* t = ctx.NewVar("t", load->type());
  body.push_back(ctx.NewAssign(t, load));
  std::vector<const ir::Expr*> cast_args = {t};
  const ir::Var* tmp = nullptr;
  if (c.with_tmp) {
    ir::NamedAttr kw[] = {{"dtype", AttrValue::DType(DataType::kInt8)},
                          {"target_memory", AttrValue::Enum(ir::MemorySpace::kVec)}};
    const ir::Expr* args[] = {ctx.NewMakeTuple(ctx.IndexList({1, 256}))};
    const ir::Call* create = MustCall(ctx, "tile.create", args, kw);
    tmp = ctx.NewVar("tmp", create->type());
    body.push_back(ctx.NewAssign(tmp, create));
    cast_args.push_back(tmp);
  }
  std::vector<ir::NamedAttr> kw = {{"target_type", AttrValue::DType(c.dst)},
                                   {"mode", AttrValue::Enum(c.mode)}};
  if (c.saturation) kw.push_back({"saturation_mode", c.saturation_spelling});
  absl::StatusOr<const ir::Call*> cast = ir::MakeCall(ctx, "tile.cast", cast_args, kw);
  if (c.src == c.dst) {
    PTO_CHECK(!cast.ok() && absl::StrContains(cast.status().message(), "same-dtype"))
        << cast.status();
    return std::nullopt;
  }
  PTO_CHECK(cast.ok()) << cast.status();
  const ir::Var* cv = ctx.NewVar("c", (*cast)->type());
  body.push_back(ctx.NewAssign(cv, *cast));
  const ir::Expr* store_args[] = {cv, zeros, out};
  const ir::Call* store = MustCall(ctx, "tile.store", store_args);
  const ir::Var* r = ctx.NewVar("r", store->type());
  body.push_back(ctx.NewAssign(r, store));
  body.push_back(ctx.NewReturn({r}));
  const ir::Var* params[] = {x, out};
  ir::ParamDirection dirs[] = {ir::ParamDirection::kIn, ir::ParamDirection::kOut};
  const ir::Type* rets[] = {store->type()};
  const ir::Function* f =
      c.host ? ctx.NewFunction("k", params, dirs, rets, ctx.NewSeq(body), ir::FunctionType::kOpaque,
                               ir::Level::kHost, ir::Role::kOrchestrator)
             : ctx.NewFunction("k", params, dirs, rets, ctx.NewSeq(body),
                               ir::FunctionType::kInCore);
  return Built{ctx.NewProgram("Program", {&f, 1}), t, tmp, cv, *cast};
}

// The oracle's and the spec's answer for every (arch, src, dst), computed
// once: both are pure, and recomputing them per input would cost more than
// the pass under test.
struct Expectation {
  std::optional<int> oracle;
  std::optional<int> spec;
};

const Expectation& Expected(absl::string_view arch, DataType src, DataType dst) {
  static constexpr absl::string_view kArches[] = {"a5", "a2a3"};
  static const auto* table = [] {
    auto* t = new std::vector<Expectation>(2 * 256 * 256);
    for (int a = 0; a < 2; ++a) {
      const pto::backends::Backend* b = *pto::backends::FindBackend(kArches[a]);
      for (DataType s : DataType::All()) {
        for (DataType d : DataType::All()) {
          (*t)[(a * 256 + s.code()) * 256 + d.code()] = {
              pto::fuzz::ShortestTcvtChain(b->GetTcvtAdjacency(), s, d),
              pto::passes::testing::SpecHops(kArches[a], s, d)};
        }
      }
    }
    return t;
  }();
  int a = arch == kArches[0] ? 0 : 1;
  return (*table)[(a * 256 + src.code()) * 256 + dst.code()];
}

const pto::passes::Pass& LegalizeTileCast() {
  static const pto::passes::Pass* const pass = pto::passes::CreateLegalizeTileCastPass().release();
  return *pass;
}

struct Hop {
  const ir::Var* var;
  const ir::Call* cast;
};

std::vector<Hop> Hops(const ir::Program& p) {
  struct Collector : ir::IRVisitor {
    std::vector<Hop> hops;
    void VisitAssign(const ir::AssignStmt* s) override {
      if (const auto* c = s->value()->As<ir::Call>(); c && c->callee_name() == "tile.cast") {
        hops.push_back({s->var(), c});
      }
      IRVisitor::VisitAssign(s);
    }
  } collector;
  collector.VisitProgram(p);
  return collector.hops;
}

DataType SrcOf(const Hop& h) { return h.cast->arg(0)->type()->As<ir::TileType>()->dtype(); }
DataType DstOf(const Hop& h) { return h.cast->FindKwarg("target_type")->dtype(); }

// What codegen stamps, per the spec: the explicit request, else ON for an
// integer destination and OFF (the target's IEEE behaviour) for a float one.
absl::string_view ExpectedSatmode(const ir::AttrValue* recorded, DataType to) {
  if (recorded != nullptr) {
    return recorded->As<ir::SaturationMode>() == ir::SaturationMode::kOn ? "ON" : "OFF";
  }
  return to.IsInt() ? "ON" : "OFF";
}

void CheckLegalized(const CastCase& c, const Built& in, const ir::Program& out,
                    const pto::backends::Backend& backend, int expected_hops) {
  absl::Status verified = ir::VerifyProgram(out);
  PTO_CHECK(verified.ok()) << verified;

  std::vector<Hop> hops = Hops(out);
  PTO_CHECK(static_cast<int>(hops.size()) == expected_hops)
      << c.arch << " " << c.src.name() << " -> " << c.dst.name() << ": " << hops.size()
      << " hops, oracle says " << expected_hops;
  // What the original cast recorded (the IR keeps only deviations from the
  // destination's default saturation).
  const ir::AttrValue* recorded = in.cast->FindKwarg("saturation_mode");
  bool expect_recorded =
      c.saturation && !(c.dst.IsInt() && *c.saturation == ir::SaturationMode::kOn);
  PTO_CHECK((recorded != nullptr) == expect_recorded);
  ir::AttrValue mode = *in.cast->FindKwarg("mode");
  ir::ExprSpan valid = in.loaded->type()->As<ir::TileType>()->ValidShape();
  ir::ExprSpan shape = in.loaded->type()->As<ir::TileType>()->shape();
  const ir::Expr* prev = in.loaded;
  for (size_t i = 0; i < hops.size(); ++i) {
    const Hop& h = hops[i];
    bool last = i + 1 == hops.size();
    PTO_CHECK(h.cast->arg(0) == prev) << "hop " << i << " does not read the previous hop";
    PTO_CHECK(backend.IsNativeTcvt(SrcOf(h), DstOf(h)))
        << "hop " << i << " " << SrcOf(h).name() << " -> " << DstOf(h).name() << " not native";
    if (!last) {
      PTO_CHECK(pto::fuzz::CanHoldEveryValueOf(DstOf(h), c.dst))
          << "intermediate " << DstOf(h).name() << " narrows relative to " << c.dst.name();
    }
    PTO_CHECK(*h.cast->FindKwarg("mode") == mode) << "hop " << i << " changed the mode";
    const ir::AttrValue* sat = h.cast->FindKwarg("saturation_mode");
    if (last) {
      PTO_CHECK(DstOf(h) == c.dst);
      PTO_CHECK(h.var == in.cast_var) << "the final hop does not bind the original Var";
      PTO_CHECK((sat == nullptr) == (recorded == nullptr) && (sat == nullptr || *sat == *recorded))
          << "the final hop lost the saturation request";
      PTO_CHECK(h.cast->args().size() == (c.with_tmp ? 2u : 1u));
      if (c.with_tmp) PTO_CHECK(h.cast->arg(1) == in.tmp);
    } else {
      PTO_CHECK(sat == nullptr) << "intermediate hop " << i << " carries saturation_mode";
      PTO_CHECK(h.cast->args().size() == 1u) << "intermediate hop " << i << " carries tmp";
    }
    const auto* result = h.var->type()->As<ir::TileType>();
    PTO_CHECK(ir::ExprListIdentical(result->ValidShape(), valid) &&
              ir::ExprListIdentical(result->shape(), shape))
        << "hop " << i << " changed the shape or valid shape";
    prev = h.var;
  }

  // Idempotent: nothing left to legalize, so the same object comes back.
  pto::passes::PassContext pc(&backend);
  absl::StatusOr<ir::Program> again = LegalizeTileCast().Run(out, pc);
  PTO_CHECK(again.ok() && again->SameAs(out)) << "second run changed the program";

  // Round trip through the text form.
  std::string printed = ir::PrintProgram(out);
  ir::Context ctx2;
  absl::StatusOr<ir::Program> reparsed = ir::ParseProgram(ctx2, printed, "cast.py");
  PTO_CHECK(reparsed.ok()) << reparsed.status() << "\n" << printed;
  absl::Status equal = ir::CheckStructuralEqual(out, *reparsed);
  PTO_CHECK(equal.ok()) << equal << "\n" << printed;
  PTO_CHECK(ir::PrintProgram(*reparsed) == printed);

  // Codegen: wherever it claims support (codegen/support.h) it emits one
  // pto.tcvt per hop, each stamping its satmode. A chain through INT4 (no
  // target supports it in-core, docs/codegen.md) is outside the claim and
  // may only be refused with a located codegen error.
  absl::StatusOr<std::string> pto_text = pto::fuzz::EmitPtoAsClaimed(out, &backend);
  if (!pto_text.ok()) return;
  size_t tcvt = 0;
  for (absl::string_view line : absl::StrSplit(*pto_text, '\n')) {
    if (!absl::StrContains(line, "pto.tcvt")) continue;
    PTO_CHECK(tcvt < hops.size()) << "more pto.tcvt lines than hops:\n" << *pto_text;
    const Hop& h = hops[tcvt];
    std::string want = absl::StrCat("satmode = #pto<saturation_mode ",
                                    ExpectedSatmode(h.cast->FindKwarg("saturation_mode"), DstOf(h)),
                                    ">");
    PTO_CHECK(absl::StrContains(line, want)) << "hop " << tcvt << " wants " << want << ":\n"
                                             << line;
    ++tcvt;
  }
  PTO_CHECK(tcvt == hops.size()) << tcvt << " pto.tcvt lines for " << hops.size() << " hops:\n"
                                 << *pto_text;
}

}  // namespace

extern "C" size_t PtoFuzzMaxInput() { return kMaxInput; }

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > kMaxInput) return 0;
  FuzzedDataProvider input(data, size);
  CastCase c = Decode(input);
  ir::Context ctx;
  std::optional<Built> built = Build(ctx, c);
  if (!built) return 0;

  absl::StatusOr<const pto::backends::Backend*> backend = pto::backends::FindBackend(c.arch);
  PTO_CHECK(backend.ok() && *backend != nullptr);
  pto::passes::PassContext pc(*backend);
  absl::StatusOr<ir::Program> out = LegalizeTileCast().Run(built->program, pc);
  if (c.host) {
    PTO_CHECK(out.ok() && out->SameAs(built->program)) << "a HOST function was rewritten";
    return 0;
  }

  const Expectation& expected = Expected(c.arch, c.src, c.dst);
  const std::optional<int>& oracle = expected.oracle;
  PTO_CHECK(oracle == expected.spec) << c.arch << " " << c.src.name() << " -> " << c.dst.name()
                            << ": oracle and spec table disagree";
  if (!oracle) {
    PTO_CHECK(!out.ok()) << c.arch << " " << c.src.name() << " -> " << c.dst.name()
                         << " should be unreachable";
    absl::string_view m = out.status().message();
    PTO_CHECK(absl::StrContains(m, c.src.lower_name()) &&
              absl::StrContains(m, c.dst.lower_name()) &&
              absl::StrContains(m, absl::StrCat("arch ", c.arch)))
        << "unreachable-pair diagnostic must name src, dst and arch: " << m;
    return 0;
  }
  PTO_CHECK(out.ok()) << out.status();
  CheckLegalized(c, *built, *out, **backend, *oracle);
  return 0;
}
