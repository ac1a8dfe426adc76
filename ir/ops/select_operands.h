// Operand rules that tile.select shares with its lowering (LowerCompositeOps).
//
// tile.select accepts a scalar branch only as a literal that tile.full (or
// TSELS) can carry, and the lowering must give that literal the dtype of the
// instruction it feeds. Both sides use these functions so the deducer never
// accepts a literal the lowering cannot retype.
//
//   const Expr* v = RetypeSelectLiteral(ctx, ctx.Float(2.0), DataType::kInt32);
//   // ConstInt 2 of dtype INT32; RetypeSelectLiteral(ctx, ctx.Float(2.5), kInt32) == nullptr
//   TselsScalarDataType(DataType::kUInt8);   // INT8: TSELS pairs unsigned with signed

#ifndef PTO_IR_OPS_SELECT_OPERANDS_H_
#define PTO_IR_OPS_SELECT_OPERANDS_H_

#include "ir/context.h"
#include "ir/dtype.h"
#include "ir/expr.h"

namespace pto::ir {

// `literal` (a ConstInt or ConstFloat) as a constant of `dtype`: a ConstInt
// for an integer dtype, a ConstFloat for a float dtype; `literal` itself when
// it already is that. nullptr when the value is not exactly representable (a
// fraction or an out-of-range value for an integer dtype), for BOOL and for
// anything that is not a numeric literal.
const Expr* RetypeSelectLiteral(Context& ctx, const Expr* literal, DataType dtype);

// The scalar dtype TSELS pairs with a `src` tile: the same-width signed int
// for an unsigned int source, `src` itself otherwise.
DataType TselsScalarDataType(DataType src);

}  // namespace pto::ir

#endif  // PTO_IR_OPS_SELECT_OPERANDS_H_
