// The return vars a `pl.yield_` assigns, typed as upstream PyPTO's parser
// types them:
//
//   for i, (acc,) in pl.range(4, init_values=(t,)):
//       ...
//       r: pl.Tile[[16, 16], pl.FP32] = pl.yield_(nxt)  # r takes acc's type;
//                                                        # the annotation is
//                                                        not read
//   if c:
//       s: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc] = pl.yield_(a)  # s takes the
//       annotation
//   else:
//       s = pl.yield_(b)
//
// A loop's return var is its iter arg's type (upstream builds it from the
// iter arg and never reads the annotation). An if's return var takes its
// then-branch annotation, else the then-branch value's type. An annotation
// we read must agree with the yielded value by the loop-carried rule
// (CarriedTypesAgree: a tile's memory space, a tensor's stride may differ).

#include "ir/text/parser/parser_impl.h"

namespace pto::ir::parser_impl {

bool Parser::CheckYieldAnnotation(const YieldTarget& target, const Type* yielded) {
  if (target.annotation == nullptr || CarriedTypesAgree(target.annotation, yielded)) return true;
  return CheckAnnotation(target.annotation_tok, target.annotation, yielded);
}

bool Parser::MakeReturnVars(const YieldInfo& yield, IterArgSpan carried, VarList* vars) {
  if (yield.stmt == nullptr) return true;
  ExprSpan values = yield.stmt->values();
  for (size_t i = 0; i < yield.targets.size(); ++i) {
    const YieldTarget& t = yield.targets[i];
    const Type* type = values[i]->type();
    if (i < carried.size() && carried[i] != nullptr) {
      type = carried[i]->type();
    } else if (t.annotation != nullptr) {
      if (!CheckYieldAnnotation(t, type)) return false;
      type = t.annotation;
    }
    vars->push_back(ctx_.NewVar(t.name, type, Loc(t.tok)));
  }
  return true;
}

}  // namespace pto::ir::parser_impl
