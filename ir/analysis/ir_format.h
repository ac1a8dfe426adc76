// Short spellings of IR pieces for diagnostics.
//
// The structural-equality explanations and the verifier's messages name
// types, attribute values and nodes. These helpers spell them the way the
// text form does (`pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec]`, `pl.FP16`,
// `'round'`), so a message can be matched against printed IR, without
// depending on the printer. They are for humans: nothing parses them. They
// live in namespace `diag` to stay clear of the printer's and the op
// library's own helpers.
//
//   diag::FormatType(t);                          // "pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec]"
//   diag::FormatAttrValue(AttrValue::Enum(RoundMode::kRint));   // "'rint'"
//   diag::DescribeExpr(call);               // "tile.cast"
//   diag::DescribeStmt(assign);             // "AssignStmt 'c'"

#ifndef PTO_IR_ANALYSIS_IR_FORMAT_H_
#define PTO_IR_ANALYSIS_IR_FORMAT_H_

#include <string>

#include "absl/strings/str_cat.h"
#include "ir/attr.h"
#include "ir/dtype.h"
#include "ir/enums.h"
#include "ir/expr.h"
#include "ir/expr_format.h"
#include "ir/stmt.h"
#include "ir/type.h"

namespace pto::ir::diag {

// `pl.Tensor[[16, N], pl.FP32]`, `pl.Scalar[pl.INDEX]`, `pl.Tuple[A, B]`, ...
std::string FormatType(const Type* type);

// Expressions: the IR's one diagnostic formatter, ir/expr_format.h (`16`,
// `N + 1`, `pl.const(7, pl.INT32)`, `pl.tile.add(a, b)`).
using ::pto::ir::FormatExpr;

// `pl.FP16`.
std::string FormatDataType(DataType dtype);

// An enum member with its text-form prefix: `pl.Mem.Vec`, `pl.FunctionType.InCore`,
// `pl.range`; prefix-less enums (cast modes) are quoted: `'rint'`.
template <typename E>
std::string FormatEnum(E value) {
  auto raw = static_cast<int64_t>(value);
  if (raw < 0 || raw >= EnumSize<E>()) return absl::StrCat("#", raw);
  absl::string_view prefix = EnumTraits<E>::kPrefix;
  if (prefix.empty()) return absl::StrCat("'", EnumName(value), "'");
  return absl::StrCat(prefix, ".", EnumName(value));
}

// A kwarg value as the text form spells it: `True`, `3`, `0.5`, `'s'`,
// `pl.FP16`, `pl.Mem.Vec`, `'round'`, `pl.AtomicType.Add`, ...
std::string FormatAttrValue(const AttrValue& value);

// One-line identity of a node for a diagnostic path: `Var 'x'`,
// `IterArg 'acc'`, `ConstInt 3`, `tile.cast` (an op call), `call 'f'`,
// `AssignStmt 'c'`, `ForStmt 'i'`, `IfStmt`, ...
std::string DescribeExpr(const Expr* expr);
std::string DescribeStmt(const Stmt* stmt);

// "Scalar", "Tensor", "Tile", ...
const char* TypeKindName(TypeKind kind);
// "AssignStmt", "Var", "Call", ...
const char* NodeKindName(NodeKind kind);

}  // namespace pto::ir::diag

#endif  // PTO_IR_ANALYSIS_IR_FORMAT_H_
