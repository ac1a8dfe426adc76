// The built-in op registry: every op of the tile IR.
//
// BuiltinOps() registers each op family once, on first use, through the
// explicit family list in builtin.cc (no static self-registration, so
// linking never drops a family). MakeCall is the by-name convenience over
// CreateCall for code that builds calls of ops it knows statically.
//
//   absl::StatusOr<const Call*> c = MakeCall(
//       ctx, "tile.adds", {tile, ctx.Float(1.0)});
//   const Op& cast = BuiltinOp("tile.cast");   // checked: the name must exist

#ifndef PTO_IR_OPS_BUILTIN_H_
#define PTO_IR_OPS_BUILTIN_H_

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "ir/op_registry.h"

namespace pto::ir {

const OpRegistry& BuiltinOps();

// The op with this name; the name must be registered (internal invariant).
const Op& BuiltinOp(absl::string_view name);

// CreateCall on the built-in op `name`; an unknown name is an error.
absl::StatusOr<const Call*> MakeCall(Context& ctx, absl::string_view name, ExprSpan args,
                                     absl::Span<const NamedAttr> kwargs = {},
                                     SourceLoc loc = {});

}  // namespace pto::ir

#endif  // PTO_IR_OPS_BUILTIN_H_
