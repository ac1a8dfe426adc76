#include "passes/legalize_tile_cast/legalize_tile_cast.h"

#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/inlined_vector.h"
#include "absl/strings/str_cat.h"
#include "backends/backend.h"
#include "ir/diagnostic.h"
#include "ir/ops/builtin.h"
#include "ir/status_macros.h"
#include "passes/legalize_tile_cast/tcvt_path.h"
#include "passes/prelude_mutator.h"

namespace pto::passes {
namespace {

using ir::DataType;

// Hops land right before the statement whose expression needed them (for a
// loop's init values: before the loop).
class CastLegalizer : public PreludeMutator {
 public:
  CastLegalizer(ir::Context& ctx, const backends::Backend& backend)
      : PreludeMutator(ctx), backend_(backend), cast_op_(ir::BuiltinOp("tile.cast")) {}

  const absl::Status& status() const { return status_; }

  const ir::Expr* VisitCall(const ir::Call* call) override {
    // Operands first: a cast nested in another call is legalized too.
    const ir::Expr* visited = PreludeMutator::VisitCall(call);
    const auto* c = visited->As<ir::Call>();
    if (c == nullptr || c->op() != &cast_op_ || !status_.ok()) return visited;
    DataType src = c->arg(0)->type()->As<ir::ShapedType>()->dtype();
    DataType dst = c->FindKwarg("target_type")->dtype();
    if (backend_.IsNativeTcvt(src, dst)) return visited;
    const std::vector<DataType>& chain = Path(src, dst);
    if (chain.empty()) {
      status_ = ir::LocatedError(
          ctx(), call->loc(),
          absl::StrCat("LegalizeTileCast: no native cast path from ", src.lower_name(), " to ",
                       dst.lower_name(), " for arch ", backend_.Name(),
                       "; pto.tcvt does not support this conversion"));
      return visited;
    }
    ir::AttrValue mode = *c->FindKwarg("mode");
    const ir::Expr* cur = c->arg(0);
    for (size_t i = 0; i + 1 < chain.size(); ++i) {
      // Intermediates keep only their rounding mode: saturation names the
      // destination's range, which only the last hop reaches.
      ir::NamedAttr kwargs[] = {{"target_type", ir::AttrValue::DType(chain[i])},
                                {"mode", mode}};
      const ir::Call* hop = Build({cur}, kwargs, call->loc());
      if (hop == nullptr) return visited;
      const ir::Var* tmp = ctx().NewVar(
          names().Make(base(), absl::StrCat("cast_", chain[i].lower_name())), hop->type(),
          call->loc());
      Prepend(ctx().NewAssign(tmp, hop, call->loc()));
      cur = tmp;
    }
    absl::InlinedVector<const ir::Expr*, 2> args = {cur};
    if (c->args().size() > 1) args.push_back(c->arg(1));  // the caller's tmp scratch
    absl::InlinedVector<ir::NamedAttr, 3> kwargs = {
        {"target_type", ir::AttrValue::DType(dst)}, {"mode", mode}};
    if (const ir::AttrValue* sat = c->FindKwarg("saturation_mode")) {
      kwargs.push_back({"saturation_mode", *sat});
    }
    const ir::Call* last = Build(args, kwargs, call->loc());
    return last != nullptr ? last : visited;
  }

 private:
  const std::vector<DataType>& Path(DataType src, DataType dst) {
    auto [it, inserted] = paths_.try_emplace({src.code(), dst.code()});
    if (inserted) it->second = FindTcvtPath(backend_.GetTcvtAdjacency(), src, dst);
    return it->second;
  }

  const ir::Call* Build(absl::Span<const ir::Expr* const> args,
                        absl::Span<const ir::NamedAttr> kwargs, ir::SourceLoc loc) {
    absl::StatusOr<const ir::Call*> call = ir::CreateCall(ctx(), cast_op_, args, kwargs, loc);
    if (!call.ok()) {
      status_ = ir::LocatedError(ctx(), loc,
                                 absl::StrCat("LegalizeTileCast: ", call.status().message()));
      return nullptr;
    }
    return *call;
  }

  const backends::Backend& backend_;
  const ir::Op& cast_op_;
  absl::Status status_;
  absl::flat_hash_map<std::pair<int, int>, std::vector<DataType>> paths_;
};

class LegalizeTileCastPass : public Pass {
 public:
  absl::string_view name() const override { return "legalize-tile-cast"; }
  absl::string_view description() const override {
    return "Expands tile.cast pairs the target cannot convert natively into the shortest "
           "chain of native casts.";
  }
  absl::StatusOr<ir::Program> Run(const ir::Program& program, PassContext& pc) const override {
    if (pc.backend() == nullptr) return program;
    return RewriteFunctions(program, [&](const ir::Function* f)
                                         -> absl::StatusOr<const ir::Function*> {
      if (f->level() == ir::Level::kHost) return f;
      CastLegalizer legalizer(program.context(), *pc.backend());
      const ir::Function* g = legalizer.MutateFunction(f);
      PTO_RETURN_IF_ERROR(legalizer.status());
      return g;
    });
  }
};

}  // namespace

std::unique_ptr<Pass> CreateLegalizeTileCastPass() {
  return std::make_unique<LegalizeTileCastPass>();
}

}  // namespace pto::passes
