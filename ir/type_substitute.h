// Rewrites the symbolic dims of a type: every Var in a shape, valid shape,
// stride or start offset that `map` names is replaced by its expression.
//
// A call of a program function has the callee's return type with the
// callee's params replaced by the call's arguments: `-> pl.Tensor[[n], ..]`
// called as `self.f(m + 1, x)` gives the caller a `pl.Tensor[[m + 1], ..]`,
// which names only what the caller can see.
//
//   absl::flat_hash_map<const Var*, const Expr*> map = {{n, m_plus_1}};
//   const Type* t = SubstituteDimVars(ctx, callee_return_type, map);

#ifndef PTO_IR_TYPE_SUBSTITUTE_H_
#define PTO_IR_TYPE_SUBSTITUTE_H_

#include "absl/container/flat_hash_map.h"
#include "absl/functional/function_ref.h"
#include "ir/context.h"
#include "ir/expr.h"
#include "ir/type.h"

namespace pto::ir {

using DimVarMap = absl::flat_hash_map<const Var*, const Expr*>;

// Returns `type` itself when no dim mentions a mapped Var. Interned types
// stay interned: the result comes from the Context's factories.
const Type* SubstituteDimVars(Context& ctx, const Type* type, const DimVarMap& map);

// `type` with `f` applied to each of its dims (shape, valid shape, stride,
// start offset, through tuples); `type` itself when `f` changes none.
const Type* MapTypeDims(Context& ctx, const Type* type,
                        absl::FunctionRef<const Expr*(const Expr*)> f);

// Calls `f` on each dim of `type`, in MapTypeDims' order.
void ForEachTypeDim(const Type* type, absl::FunctionRef<void(const Expr*)> f);

// The same for one dim expression.
const Expr* SubstituteDimVars(Context& ctx, const Expr* dim, const DimVarMap& map);

}  // namespace pto::ir

#endif  // PTO_IR_TYPE_SUBSTITUTE_H_
