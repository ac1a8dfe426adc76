// How one tensor op of an InCore function becomes tile ops: the conversion
// table ConvertTensorToTileOps consults per call.
//
// Most tensor ops have a tile op of the same name taking the same operands
// and kwargs (tensor.exp -> tile.exp); they need no entry here and convert
// by that rule. The table lists the ops that convert otherwise: a different
// op by operand shape or type (tensor.add of a [M, N] and a [M, 1] operand
// is tile.row_expand_add), a scratch tile the tile op needs (tensor.row_sum
// -> tile.row_sum(x, tmp)), a load or store that only the op knows how to
// make (tensor.slice of a tensor is a tile.load of the window), or operands
// that must live in a given memory space (matmul operands in Mat).
//
//   const Conversion* conv = FindConversion(call->op()->name());
//   ConversionBuilder b(ctx, *call, stmts);
//   absl::StatusOr<const ir::Expr*> tile_value = Convert(conv, b, converted_args);
//   // stmts holds the statements the result needs first (scratch tiles,
//   // loads); tile_value is the converted call.
//
// Ops without a conversion are either still tensor ops after the pass by
// design (tensor.dim, tensor.view, and tensor.read / tensor.write on a
// tensor in global memory) or not supported yet; IsKeptTensorOp tells them
// apart.

#ifndef PTO_PASSES_TENSOR_TO_TILE_CONVERSION_H_
#define PTO_PASSES_TENSOR_TO_TILE_CONVERSION_H_

#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "ir/context.h"
#include "ir/op_registry.h"

namespace pto::backends {
class Backend;
}  // namespace pto::backends

namespace pto::passes::tensor_to_tile {

// Statements and calls one conversion builds, located at the converted call.
class ConversionBuilder {
 public:
  // `backend` (may be null: the target-neutral choices) is what rules ask
  // for target capabilities.
  ConversionBuilder(ir::Context& ctx, const ir::Call& call, std::vector<const ir::Stmt*>& out,
                    const backends::Backend* backend = nullptr)
      : ctx_(ctx), call_(call), out_(out), backend_(backend) {}

  ir::Context& ctx() const { return ctx_; }
  const backends::Backend* backend() const { return backend_; }
  // The tensor-op call being converted (its operands are the unconverted
  // ones; the rule gets the converted operands separately).
  const ir::Call& call() const { return call_; }

  // A call of built-in op `op`; a rejected call is Error(<deducer message>).
  absl::StatusOr<const ir::Call*> Call(absl::string_view op, ir::ExprSpan args,
                                       absl::Span<const ir::NamedAttr> kwargs = {});
  // A fresh Var named `name` bound to `value` by an emitted AssignStmt.
  const ir::Var* Bind(absl::string_view name, const ir::Expr* value);
  absl::StatusOr<const ir::Var*> Bind(absl::string_view name,
                                      absl::StatusOr<const ir::Call*> value);
  void Emit(const ir::Stmt* stmt) { out_.push_back(stmt); }
  // WholeTensorLoad of `tensor` at the converted call, bound to `name`.
  absl::StatusOr<const ir::Var*> LoadWhole(absl::string_view name, const ir::Expr* tensor,
                                           ir::MemorySpace space,
                                           bool valid_region_only = false);
  // The converted call's kwargs, by name.
  std::vector<ir::NamedAttr> Kwargs() const { return ir::NamedKwargs(call_); }
  // The bool kwarg `name` of the converted call, or false.
  bool FlagKwarg(absl::string_view name) const;
  // Where a tensor.slice of a tensor loads its window: Vec, or the space
  // its consumer needs (Mat for a matmul operand).
  ir::MemorySpace load_space() const { return load_space_; }
  void set_load_space(ir::MemorySpace space) { load_space_ = space; }

  // InvalidArgument "<file:line:col>: error: ConvertTensorToTileOps: <op>: <message>".
  absl::Status Error(absl::string_view message) const;

 private:
  ir::Context& ctx_;
  const ir::Call& call_;
  std::vector<const ir::Stmt*>& out_;
  const backends::Backend* backend_;
  ir::MemorySpace load_space_ = ir::MemorySpace::kVec;
};

// Where an operand of the converted op must live: the pass loads a tensor
// operand straight into `space`; when the call's bool kwarg `trans_kwarg`
// is set, the tile op gets a zero-copy tile.transpose_view of it.
struct OperandSpace {
  int arg;
  ir::MemorySpace space;
  absl::string_view trans_kwarg;
};

using ConvertFn = absl::StatusOr<const ir::Expr*> (*)(ConversionBuilder& b, ir::ExprSpan args);

struct Conversion {
  absl::string_view tensor_op;
  // Null: the same-named tile op with the call's operands and kwargs.
  ConvertFn convert = nullptr;
  // Makes its own loads of tensor operands (or keeps them tensors), so the
  // pass loads none of them for it.
  bool self_loading = false;
  absl::Span<const OperandSpace> operand_spaces = {};
  // For a `convert` rule: the tile op it gives, operands and kwargs as they
  // are, on tile operands of one shape (tensor.add: tile.add), and on a
  // scalar rhs (tensor.maximum: tile.maximums); empty when it gives none.
  absl::string_view same_shape_tile_op = {};
  absl::string_view scalar_rhs_tile_op = {};
};

// The conversion of tensor op `op_name`: a table entry, or the same-name
// rule when tile.<name> exists. Null for an op without a tile form.
const Conversion* FindConversion(absl::string_view op_name);

// The tensor op whose conversion is just `tile_op` (same operands and
// kwargs, no load, scratch or other op): the same-name rule's, or a rule's
// same_shape_tile_op / scalar_rhs_tile_op. Empty when none is. What the
// fuzzer's tensor form (fuzz/gen/tensor_form.h) writes a tile op back as.
absl::string_view TensorOpConvertingTo(absl::string_view tile_op);

// The call attr upstream's ConvertTensorToTileOps puts on every load it
// emits into Mat (a slice a matmul reads, an operand it bridges), which its
// later passes key on.
inline constexpr absl::string_view kMatBridgeAttr = "__compiler_tensor_to_tile_mat_bridge";

// `load` (a tile.load) with kMatBridgeAttr set when it loads into Mat.
const ir::Call* MarkMatBridge(ir::Context& ctx, const ir::Call* load);

// tile.load(tensor, zeros, shape, valid, target_memory=space) of the whole
// of `tensor`: its valid region when `valid_region_only`, else all of it;
// marked as a Mat bridge when `space` is Mat.
absl::StatusOr<const ir::Call*> WholeTensorLoad(ir::Context& ctx, const ir::Expr* tensor,
                                                ir::MemorySpace space, ir::SourceLoc loc,
                                                bool valid_region_only = false);

// Tensor ops an InCore function keeps after the conversion: shape queries
// and views of a tensor in global memory.
bool IsKeptTensorOp(absl::string_view op_name);

// Runs `conv` on the converted operands `args`.
absl::StatusOr<const ir::Expr*> Convert(const Conversion& conv, ConversionBuilder& b,
                                        ir::ExprSpan args);

// Every table entry (for tests).
absl::Span<const Conversion> ConversionTable();

}  // namespace pto::passes::tensor_to_tile

#endif  // PTO_PASSES_TENSOR_TO_TILE_CONVERSION_H_
