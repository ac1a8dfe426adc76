// Type compatibility where a value crosses a boundary: a call's argument into
// the callee's parameter, a returned value into the declared return type,
// and a loop-carried or if-yielded value into its iter arg or return var.
// One place for these rules; the parser and the verifier both ask here.
//
// Upstream PyPTO (the DSL this IR mirrors) does not check types at function
// boundaries at all: its parser builds `self.f(x)` and `return v` as written,
// typing the call by the callee's declared return types, and its type checker
// has no call or return rule. We keep the one check that catches a real
// mistake without rejecting what upstream accepts: the value must be the same
// sort of thing with the same element dtype (see FitsFunctionBoundary).
//
// Loop-carried and yielded values follow upstream's type checker: the same
// kind, dtype, shape and valid shape, but not a tile's memory space (a later
// pass infers it) nor a tensor's stride or layout.
//
//   if (!FitsFunctionBoundary(param->type(), arg->type())) Report(...);
//   if (!CarriedTypesAgree(iter_arg->type(), yielded->type())) Report(...);

#ifndef PTO_IR_TYPE_COMPAT_H_
#define PTO_IR_TYPE_COMPAT_H_

#include <optional>
#include <vector>

#include "ir/context.h"
#include "ir/type.h"
#include "ir/type_substitute.h"

namespace pto::ir {

// Whether dtypes `a` and `b` may meet at a boundary: equal, or INDEX and an
// integer dtype (upstream casts INDEX to the integer where it is emitted).
bool DtypesMeet(DataType a, DataType b);

// May a value of type `actual` be passed where `declared` is declared (a
// parameter, or a function's return type)? True when
//   * the types are equal, or `actual` is UnknownType (a forward call);
//   * both are scalars whose dtypes meet (DtypesMeet), or both integer
//     scalars of any width (converted where the call is emitted);
//   * both are shaped (tensor, distributed tensor or tile, in any mix) with
//     dtypes that meet; shape, view and memory space are not compared;
//   * both are tuples of the same length whose elements fit, or `actual` is
//     a one-element tuple whose element fits (a submit of a function without
//     results returned as its task id).
bool FitsFunctionBoundary(const Type* declared, const Type* actual);

// Do a loop-carried (or if-yielded) value's types agree, by upstream's type
// checker: same kind (a distributed tensor is not a tensor here), equal
// scalar/element dtype, equal shape and valid shape, equal tensor pad, and
// for two tiles that both carry an explicit view, equal view metadata. Tile
// memory space, tensor stride and tensor layout are not compared. Tuples
// agree elementwise.
bool CarriedTypesAgree(const Type* a, const Type* b);

// A call's result type, as upstream deduces it: the callee's return type
// with each dynamic dim (a Var in a parameter's shape, valid shape or, where
// both sides have a view, stride and tile start offset) replaced by the dim
// the argument's type has there.
//
//   CallDimBindings b;
//   for (i...) b.Collect(params[i]->type(), args[i]->type(), i);
//   if (auto c = b.Conflict(ctx)) Fail(...c->var, c->first, c->second...);
//   type = SubstituteDimVars(ctx, callee_return_type, b.map());
class CallDimBindings {
 public:
  struct Clash {
    const Var* var;
    const Expr* first;   // the dim it was bound to first
    const Expr* second;  // the other dim
    size_t arg;          // the argument that bound it the second time
  };
  // Binds the dim Vars of `param` to the dims of `arg` (argument `index`).
  // A Var bound again to another dim is checked by Conflict().
  void Collect(const Type* param, const Type* arg, size_t index);
  // Adds a binding made elsewhere (a scalar parameter to its argument).
  void Bind(const Var* var, const Expr* value) { map_.emplace(var, value); }
  // A Var bound to two different static extents once every binding is
  // applied (no runtime guard checks cross-function dims), or nullopt.
  // Symbolic dims that differ only in spelling are not a conflict.
  std::optional<Clash> Conflict(Context& ctx) const;
  const DimVarMap& map() const { return map_; }

 private:
  void BindDim(const Expr* pattern, const Expr* value, size_t index);
  void BindDims(ExprSpan pattern, ExprSpan value, size_t index);
  DimVarMap map_;
  std::vector<Clash> repeats_;
};

}  // namespace pto::ir

#endif  // PTO_IR_TYPE_COMPAT_H_
