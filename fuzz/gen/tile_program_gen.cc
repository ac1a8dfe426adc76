// GenerateTileProgram: builds one executable kernel statement by statement,
// tracking the ValueBound of every tile it defines so that each choice stays
// comparable after lowering. This file holds the kernel, its inputs and
// outputs and the choice of statement; the statements themselves are in
// tile_gen_compute.cc and tile_gen_control.cc, the input data in
// tile_input_data.cc.

#include "fuzz/gen/tile_program_gen.h"

#include <cmath>
#include <optional>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "backends/registry.h"
#include "fuzz/gen/tile_gen.h"
#include "ir/check.h"

namespace pto::fuzz {
namespace tile_gen {

TileProgram TileGen::Build() {
  out_.arch = Coin() ? "a2a3" : "a5";
  backend_ = *backends::FindBackend(out_.arch);
  PTO_CHECK(backend_ != nullptr);
  // Small tiles: every element costs interpreter time in both runs, and
  // a defect that needs more than a few rows to show is rare next to the
  // executions bigger tiles would cost. Odd rows and short rows (8 columns
  // is one mask byte) still probe the mask geometry.
  rows_ = Pick<int64_t>({1, 2, 4, 3});
  cols_ = Pick<int64_t>({8, 16, 32});
  blocks_.emplace_back();

  // The first input feeds sin/cos: FP32 inside the spec's accuracy range.
  AddInput(DataType::kFP32, {rows_, cols_}, TileInput::Fill::kUniform,
           Pick<double>({M_PI, M_PI, 1.0, 4.0, 60.0}), /*may_narrow=*/true);
  int extra = Int(0, 2);
  for (int i = 0; i < extra; ++i) {
    DataType dtype = Pick(absl::Span<const DataType>(kInputDTypes));
    bool any_bits = OneIn(3);
    double range = dtype.IsFloat() ? Pick<double>({M_PI, 2.0, 1000.0})
                                   : Pick<double>({3.0, 100.0, 100000.0});
    AddInput(dtype, {rows_, cols_}, any_bits ? TileInput::Fill::kAnyBits
                                             : TileInput::Fill::kUniform,
             range, /*may_narrow=*/true);
  }
  if (OneIn(4)) {
    // An MX quantisation source: 32-element groups along K = 64.
    int64_t rows = Pick<int64_t>({32, 16});
    DataType dtype = Pick(absl::Span<const DataType>(kQuantDTypes));
    AddInput(dtype, {rows, 64}, Coin() ? TileInput::Fill::kAnyBits : TileInput::Fill::kUniform,
             Pick<double>({1.0, 500.0}), /*may_narrow=*/false);
  }

  GenBlock(0, options_.max_stmts);

  int n = Int(1, 3);
  for (int i = 0; i < n; ++i) {
    std::optional<Live> v = PickLive([](const Live& l) { return l.bound.usable(); });
    if (v) StoreOutput(v->var, v->bound);
  }

  std::vector<const Var*> params;
  std::vector<ir::ParamDirection> dirs;
  for (const TileInput& in : out_.inputs) {
    params.push_back(in.param);
    dirs.push_back(ir::ParamDirection::kIn);
  }
  for (const TileOutput& o : out_.outputs) {
    params.push_back(o.param);
    dirs.push_back(ir::ParamDirection::kOut);
  }
  std::vector<const Expr*> rets;
  std::vector<const ir::Type*> ret_types;
  if (last_store_ != nullptr) {
    rets.push_back(last_store_);
    ret_types.push_back(last_store_->type());
  }
  Emit(ctx_.NewReturn(ctx_.Save<const Expr*>(rets)));
  std::vector<const ir::Stmt*> body = std::move(blocks_.back());
  blocks_.pop_back();
  ir::FunctionAttrs attrs;
  attrs.auto_scope = !placed_auto_scope_;
  const ir::Function* kernel =
      ctx_.NewFunction("kernel", params, dirs, ret_types, ctx_.NewSeq(body),
                       ir::FunctionType::kInCore, std::nullopt, std::nullopt, {}, attrs);
  ir::Program program = ctx_.NewProgram("TileFuzz", {&kernel, 1});
  uint64_t seed = data_.ConsumeIntegral<uint64_t>();
  return TileProgram{program,
                     kernel,
                     out_.arch,
                     std::move(out_.inputs),
                     std::move(out_.outputs),
                     seed,
                     out_.may_fail_lowering,
                     out_.features};
}

void TileGen::AddInput(DataType dtype, std::vector<int64_t> shape, TileInput::Fill fill,
                       double range, bool may_narrow) {
  const Var* param = ctx_.NewVar(absl::StrCat("x", out_.inputs.size()),
                                 ctx_.GetTensorType(dtype, ctx_.IndexList(shape)));
  // FP32 data is clamped to float(range), which is then a bound.
  double magnitude = static_cast<double>(static_cast<float>(range));
  out_.inputs.push_back({param, fill, range});
  std::vector<int64_t> valid = shape;
  if (may_narrow && OneIn(5)) {
    valid[0] = Int(1, static_cast<int>(shape[0]));
    valid[1] = Int(1, static_cast<int>(shape[1]));
    if (dtype == DataType::kFP4 && valid[1] % 2 != 0) ++valid[1];
  }
  std::vector<int64_t> zeros(shape.size(), 0);
  const ir::Call* load = Try("tile.load", {param, Tuple(zeros), Tuple(shape), Tuple(valid)});
  PTO_CHECK(load != nullptr);
  bool bounded = dtype == DataType::kFP32 && fill == TileInput::Fill::kUniform;
  Bind(load, "t", ValueBound::Exact(bounded ? magnitude : kUnbounded));
}

// Stores `v` into a fresh Out tensor of its shape; the output's index, or
// -1 when tile.store rejects the tile.
int TileGen::StoreOutput(const Var* v, const ValueBound& bound, int source) {
  const TileType* tt = TileOf(v);
  const Var* o = ctx_.NewVar(absl::StrCat("o", out_.outputs.size()),
                             ctx_.GetTensorType(tt->dtype(), tt->shape()));
  std::vector<int64_t> zeros(tt->rank(), 0);
  const ir::Call* store = Try("tile.store", {v, Tuple(zeros), o});
  if (store == nullptr) return -1;
  const Var* r = ctx_.NewVar("r", store->type());
  Emit(ctx_.NewAssign(r, store));
  if (blocks_.size() == 1) last_store_ = r;
  out_.outputs.push_back({o, bound, source});
  return static_cast<int>(out_.outputs.size()) - 1;
}

void TileGen::GenBlock(int depth, int cap) {
  int start = stmts_;
  int attempts = 0;
  while (stmts_ < options_.max_stmts && stmts_ - start < cap && data_.remaining_bytes() > 0 &&
         attempts++ < 3 * options_.max_stmts + 4) {
    GenStmt(depth);
  }
}

void TileGen::GenStmt(int depth) {
  bool nest = depth < options_.max_depth;
  switch (Int(0, 31)) {
    case 0: case 1: case 2: case 3: GenSinCos(); return;
    case 4: case 5: case 6: case 7: GenSelect(); return;
    case 8: case 9: case 10: GenBinary(); return;
    case 11: case 12: case 13: GenScalar(); return;
    case 14: GenUnary(); return;
    case 15: case 16: case 17: case 18: GenCast(); return;
    case 19: case 20: GenQuant(); return;
    case 21: case 22: case 23: if (nest) GenFor(depth); return;
    case 24: case 25: if (nest) GenWhile(depth); return;
    case 26: case 27: GenTuple(); return;
    case 28: GenEval(); return;
    default:
      if (!nest) return;
      // A quarter of these are scopes, so the if share stays the larger.
      if (OneIn(4) && options_.scopes_and_loop_exits) {
        GenScope(depth);
      } else {
        GenIf(depth);
      }
      return;
  }
}

}  // namespace tile_gen

TileProgram GenerateTileProgram(ir::Context& ctx, FuzzedDataProvider& data,
                                const TileProgramOptions& options) {
  return tile_gen::TileGen(ctx, data, options).Build();
}

}  // namespace pto::fuzz
