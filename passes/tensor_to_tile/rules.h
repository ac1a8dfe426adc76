// The conversion rules of conversion.h that move data (windows, stores,
// remote transfers), and the helpers every rule shares. Internal to
// //passes/tensor_to_tile:conversion; the table in conversion.cc names them.

#ifndef PTO_PASSES_TENSOR_TO_TILE_RULES_H_
#define PTO_PASSES_TENSOR_TO_TILE_RULES_H_

#include <vector>

#include "absl/status/statusor.h"
#include "passes/tensor_to_tile/conversion.h"

namespace pto::passes::tensor_to_tile {

inline const ir::TileType* TileOf(const ir::Expr* e) { return e->type()->As<ir::TileType>(); }
inline const ir::TensorType* TensorOf(const ir::Expr* e) {
  return e->type()->As<ir::TensorType>();
}
// The elements of a MakeTuple (none for anything else).
std::vector<const ir::Expr*> Elements(const ir::Expr* tuple);
// A Vec scratch tile shaped `shape` with `model`'s dtype, for tile ops whose
// PTO instruction needs one (tensor-level code never names it).
absl::StatusOr<const ir::Var*> Scratch(ConversionBuilder& b, absl::string_view name,
                                       const ir::TileType* model, ir::ExprSpan shape);

absl::StatusOr<const ir::Expr*> ConvertSlice(ConversionBuilder& b, ir::ExprSpan args);
absl::StatusOr<const ir::Expr*> ConvertAssemble(ConversionBuilder& b, ir::ExprSpan args);
absl::StatusOr<const ir::Expr*> ConvertRead(ConversionBuilder& b, ir::ExprSpan args);
absl::StatusOr<const ir::Expr*> ConvertWrite(ConversionBuilder& b, ir::ExprSpan args);
absl::StatusOr<const ir::Expr*> ConvertCreate(ConversionBuilder& b, ir::ExprSpan args);
absl::StatusOr<const ir::Expr*> ConvertFillpad(ConversionBuilder& b, ir::ExprSpan args);
absl::StatusOr<const ir::Expr*> ConvertFillpadExpand(ConversionBuilder& b, ir::ExprSpan args);
// tensor.gather along the last axis (gather.cc).
absl::StatusOr<const ir::Expr*> ConvertGather(ConversionBuilder& b, ir::ExprSpan args);
absl::StatusOr<const ir::Expr*> ConvertExpandClone(ConversionBuilder& b, ir::ExprSpan args);
// tensor.scatter_update: whole-row TSCATTER through flat indices (scatter.cc).
absl::StatusOr<const ir::Expr*> ConvertScatterUpdate(ConversionBuilder& b, ir::ExprSpan args);
// pld.tensor.put / get: the transfer through one Vec staging tile (two
// with pipeline=True).
absl::StatusOr<const ir::Expr*> ConvertPut(ConversionBuilder& b, ir::ExprSpan args);
absl::StatusOr<const ir::Expr*> ConvertGet(ConversionBuilder& b, ir::ExprSpan args);

}  // namespace pto::passes::tensor_to_tile

#endif  // PTO_PASSES_TENSOR_TO_TILE_RULES_H_
