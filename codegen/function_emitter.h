// The emitter core: writes one function of the tile IR as a PTO `func.func`.
//
// It owns everything that is not op-specific - the signature, SSA names,
// the constants block, tensor views, the tile buffer plan and allocations,
// statements and control flow, scalar arithmetic - and hands each op call to
// its entry in the OpEmitterTable. The public section below "Op emitter
// interface" is what those entries use: operand values, the result buffer,
// line emission and located errors.
//
// One class, its member functions in one .cc file per concept (the private
// section below is grouped the same way):
//   function_emitter.cc  the core: Emit (plan, prologue, body), bindings and
//                        operand values, lines, errors
//   buffer_plan.cc       which var owns a tile buffer (tuple elements and
//                        scratch included); pto.alloc_tile, set_validshape
//   phi_buffers.cc       which phis and loop-carried tiles share a buffer
//                        with their inputs
//   tensor_views.cc      kernel arguments, make_tensor_view, partition_view
//   stmt_emitter.cc      statements, op dispatch, control flow
//   scalar_emitter.cc    scalar expressions and the constants block
//
//   FunctionEmitter fe(program.context(), *fn, backend, options, PtoOpEmitters());
//   PTO_RETURN_IF_ERROR(fe.Emit(sink));       // writes "  func.func @k(...) {...}\n"
//
// An op emitter, for reference:
//
//   absl::Status EmitNeg(FunctionEmitter& e, const ir::Call& call) {
//     PTO_ASSIGN_OR_RETURN(TileValue src, e.Tile(call.arg(0)));
//     PTO_ASSIGN_OR_RETURN(TileValue dst, e.ResultBuffer());
//     e.EmitInsOuts("pto.tneg", {{src.name, src.type}}, "", {dst.name, dst.type});
//     return absl::OkStatus();
//   }

#ifndef PTO_CODEGEN_FUNCTION_EMITTER_H_
#define PTO_CODEGEN_FUNCTION_EMITTER_H_

#include <cstdint>
#include <deque>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "backends/backend.h"
#include "codegen/op_emitter.h"
#include "codegen/pto_emitter.h"
#include "codegen/pto_spelling.h"
#include "codegen/ssa_names.h"
#include "codegen/text_buffer.h"
#include "ir/context.h"
#include "ir/function.h"
#include "ir/text/output/text_sink.h"

namespace pto::codegen {

// A tile buffer handle: its SSA name and `!pto.tile_buf<...>` type.
struct TileValue {
  TileValue() = default;
  TileValue(absl::string_view n, absl::string_view t) : name(n), type(t) {}

  absl::string_view name;
  absl::string_view type;
  // Defined by pto.treshape: its valid extent lives in its type, so it cannot
  // be narrowed in place.
  bool is_view = false;
  // Allocated with `v_row=?, v_col=?`: pto.set_validshape may narrow it.
  bool dynamic_valid = false;
  // For a view: the buffer it reads (name and type).
  absl::string_view base_name;
  absl::string_view base_type;
};

// A tensor: the pointer argument it lives behind and its tensor_view value.
struct TensorValue {
  absl::string_view ptr;
  absl::string_view view;
  absl::string_view view_type;  // "!pto.tensor_view<?x?xf32>"
  absl::string_view dtype;      // "f32"
};

struct ScalarValue {
  absl::string_view name;
  ir::DataType dtype;
};

// One `ins(...)` / `outs(...)` entry.
struct Operand {
  absl::string_view name;
  absl::string_view type;
};

class FunctionEmitter {
 public:
  FunctionEmitter(ir::Context& ctx, const ir::Function& function,
                  const backends::Backend* backend, const PtoOptions& options,
                  const OpEmitterTable& emitters);
  FunctionEmitter(const FunctionEmitter&) = delete;
  FunctionEmitter& operator=(const FunctionEmitter&) = delete;

  // Writes the function's text (two-space indented) to `out`. The text is
  // held until the body is done, since the constants block that opens it
  // collects the body's constants: an error in the function itself comes
  // before any of its text is written.
  absl::Status Emit(ir::TextSink& out);

  // --- Op emitter interface ------------------------------------------------

  const backends::Backend* backend() const { return backend_; }
  ir::Context& context() const { return ctx_; }
  // The var the current call is assigned to; null in an EvalStmt.
  const ir::Var* result() const { return result_; }

  // Operand values. Each must be a Var bound to a value of that kind.
  absl::StatusOr<TileValue> Tile(const ir::Expr* e);
  absl::StatusOr<TensorValue> Tensor(const ir::Expr* e);
  // The elements of `call`'s list argument `i` (offsets, shapes); an error
  // naming the op and the argument when it is not a list.
  absl::StatusOr<ir::ExprSpan> ListOperand(const ir::Call& call, size_t i);
  // A name hint for SSA values derived from `e`: its Var name, else `fallback`.
  static absl::string_view NameHint(const ir::Expr* e, absl::string_view fallback);
  // Any scalar expression, in its own dtype (arith lines emitted as needed).
  absl::StatusOr<ScalarValue> Scalar(const ir::Expr* e);
  // A scalar operand pinned to an integer type (a signal value): its own
  // dtype, except that an INDEX value (a bare DSL literal or an index var)
  // becomes i32 on an integer `tile_dtype` and `tile_dtype` on a float one -
  // PTO instructions take no index operand.
  absl::StatusOr<ScalarValue> TileScalar(const ir::Expr* e, ir::DataType tile_dtype);
  // The scalar operand of a tile instruction on `element` tiles (tadds,
  // tcmps, texpands, ...), which pto-isa types with the tile's element type:
  // a literal becomes a constant of that type (`1.0 : bf16`, `5 : i16`);
  // another scalar is converted to it (arith.truncf, index_cast, ...). An
  // unsigned element takes the signless integer of its width (arith has no
  // unsigned constants), except that a scalar already of that dtype passes
  // through.
  absl::StatusOr<ScalarValue> ElementScalar(const ir::Expr* e, ir::DataType element);
  // An integer expression as an `index` value.
  absl::StatusOr<absl::string_view> Index(const ir::Expr* e);
  // The spelling of a dtype ("f32", "index", "i1"); an error for a dtype
  // the backend has no in-core support for (SupportsIncoreDataType), which
  // names the current op.
  absl::StatusOr<absl::string_view> ScalarTypeName(ir::DataType dtype);

  // The buffer the result var owns (allocated in the prologue).
  absl::StatusOr<TileValue> ResultBuffer();
  // For a TileResult::kTuple op: the buffer of each element of the result
  // tuple - the var that projects it (`d = t[0]`), or a scratch buffer for an
  // element nothing projects.
  absl::StatusOr<std::vector<TileValue>> ResultElements();
  // The scratch buffer the op's OpEmitter::scratch asked for.
  absl::StatusOr<TileValue> Scratch(const ir::Call& call);
  // The static-valid tile_buf type of a view result (pto.treshape carries no
  // valid operands).
  absl::StatusOr<std::string> ViewType(const ir::TileType& tile);
  void BindResult(const TileValue& value);
  void BindResult(const TensorValue& value);
  void BindResult(const ScalarValue& value);

  // Kernel arguments and tensor views (tensor_views.cc).
  //
  // The `!pto.ptr<i64>` CommContext argument of a window (a DistributedTensor
  // parameter, or a view of one). The kernel signature carries one per window
  // parameter, after the parameters: the runtime's rankId/rankNum and the
  // windows' base addresses live there.
  absl::StatusOr<absl::string_view> CommContext(const ir::Expr* window);
  // Upstream's SPMD identity arguments (`%__pypto_spmd_block_idx`,
  // `%__pypto_spmd_block_num`, i32): the kernel signature ends with both when
  // the function reads its block's index or the block count, which the
  // runtime passes. Empty when the signature has none.
  absl::string_view SpmdBlockIdx() const { return spmd_block_idx_; }
  absl::string_view SpmdBlockNum() const { return spmd_block_num_; }

  // `%x = pto.make_tensor_view %ptr, shape = [...], strides = [...]
  // {layout = ...} : !pto.tensor_view<...>` for `type` over `ptr`. An ND
  // [..., M, 1] tensor is declared DN (tile.load gives it a col_major tile);
  // kKeepDeclared keeps the layout of a type that carries a view (a peer
  // view of a window whose view declares ND).
  enum class ColumnVector : uint8_t { kAsDN, kKeepDeclared };
  absl::StatusOr<TensorValue> MakeTensorView(absl::string_view ptr, const ir::TensorType& type,
                                             absl::string_view name_hint,
                                             ColumnVector column_vector = ColumnVector::kAsDN);
  // `%x_pview = pto.partition_view ...` over `tensor`; returns the partition
  // value and its type.
  absl::StatusOr<Operand> PartitionView(const TensorValue& tensor, absl::string_view name_hint,
                                        ir::ExprSpan offsets, ir::ExprSpan sizes);

  absl::string_view NewName(absl::string_view hint) { return names_.Fresh(hint); }
  // Keeps `s` alive as long as this emitter.
  absl::string_view Save(std::string s);

  // One op line, indented, with its location when requested.
  void EmitOp(absl::string_view text);
  // `op ins(a, b {ins_attrs} : Ta, Tb) outs(d : Td) trailing`.
  void EmitInsOuts(absl::string_view op, absl::Span<const Operand> ins,
                   absl::string_view ins_attrs, const Operand& out,
                   absl::string_view trailing = "");
  // The same with several outs (`outs(d, e : Td, Te)`).
  void EmitInsOuts(absl::string_view op, absl::Span<const Operand> ins,
                   absl::string_view ins_attrs, absl::Span<const Operand> outs,
                   absl::string_view trailing = "");
  // `op ins(a : Ta, b : Tb) outs(d : Td) trailing`: the form of ops whose
  // optional operands PTOAS's assembly format types one by one (pto.tmov).
  void EmitTypedInsOuts(absl::string_view op, absl::Span<const Operand> ins, const Operand& out,
                        absl::string_view trailing = "");

  // InvalidArgument "FILE:LINE:COL: error: codegen: <message>" at the current
  // op (or statement) location.
  absl::Status Fail(absl::string_view message) const;
  // Same text, code Unimplemented: the input is valid IR PTO codegen lacks.
  absl::Status Unsupported(absl::string_view message) const;

 private:
  // In variant index order.
  enum class BindingKind : uint8_t { kScalar, kTile, kTensor };
  struct Binding {
    std::variant<ScalarValue, TileValue, TensorValue> value;
    BindingKind kind() const { return static_cast<BindingKind>(value.index()); }
    const ScalarValue& scalar() const { return std::get<ScalarValue>(value); }
    const TileValue& tile() const { return std::get<TileValue>(value); }
    const TensorValue& tensor() const { return std::get<TensorValue>(value); }
  };
  // What a yield inside the innermost loop or if binds.
  struct YieldSlot {
    BindingKind kind = BindingKind::kScalar;
    ir::DataType dtype;   // scalars
    TileValue buffer;     // tiles: the buffer the yielded tile goes to
    const ir::Var* buffer_owner = nullptr;  // set: PrepareWrite before each move
    TensorValue tensor;   // tensors: the tensor the value must be
    bool tensor_known = false;
  };
  struct YieldFrame {
    std::vector<YieldSlot> slots;
    bool yielded = false;
    bool scf_yield_needed = false;  // emit `scf.yield` for scalar slots
  };

  // Sets loc_ to `loc` (when known) for the scope's lifetime.
  class LocScope {
   public:
    LocScope(FunctionEmitter* e, ir::SourceLoc loc) : e_(e), saved_(e->loc_) {
      if (loc.known()) e->loc_ = loc;
    }
    ~LocScope() { e_->loc_ = saved_; }
    LocScope(const LocScope&) = delete;
    LocScope& operator=(const LocScope&) = delete;

   private:
    FunctionEmitter* e_;
    ir::SourceLoc saved_;
  };

  // The buffer plan's record of one buffer or view handle (owner_of_ maps
  // each tile var to the entry of the buffer it names). Positions number the
  // statements in program order; regions are the function body, loop bodies
  // and if branches. Entries of one group share one pto.alloc_tile.
  static constexpr uint32_t kNoTile = ~0u;
  // How a buffer's value is defined, for sharing it with a phi.
  enum class TileDef : uint8_t {
    kOther,     // scratch, a tuple element, a view handle: never shared
    kOp,        // the result of an op writing a buffer of its own (kBuffer)
    kIterArg,   // a loop's carried value (its return vars name it too)
    kIfResult,  // an if's return var
  };
  struct PlannedTile {
    const ir::Var* var = nullptr;  // the owner: allocated, or a view's handle
    uint32_t content = 0;          // the entry whose data it reads (a view: its base)
    uint32_t group = 0;            // union-find parent
    uint32_t def_pos = 0;          // the statement defining it
    uint32_t last_read = 0;        // the last statement reading its data
    uint32_t region = 0;           // the region it is defined at the top level of
    uint32_t site = 0;             // kIterArg, kIfResult: its construct in sites_
    uint32_t slot = 0;             // ... and its place among the construct's values
    TileDef def = TileDef::kOther;
    bool in_place = false;         // kOp: the op may write a buffer it reads
    bool narrowed = false;         // group: a set_validshape narrows a member
    bool tracked = false;          // its reads are listed in reads_ (iter args)
    bool joined = false;           // computed in a phi's buffer already
  };
  struct PlanRegion {
    uint32_t id = 0;
    uint32_t end = 0;  // its last position: its yield's
    const ir::YieldStmt* yield = nullptr;
  };
  // A loop (regions[0]: its body) or an if (then, else) with tile values.
  struct PhiSite {
    const ir::Stmt* stmt = nullptr;
    uint32_t pos = 0;  // the construct's own position (inits, condition)
    uint32_t end = 0;  // its last position
    PlanRegion regions[2];
    // Per slot: bit b = branch b's (a loop's yield's) value shares the
    // buffer; kInitJoined = a loop's init does.
    std::vector<uint8_t> joined;
  };
  static constexpr uint8_t kInitJoined = 4;

  // --- function_emitter.cc: the core ---
  absl::Status EmitPrologue();
  // Defined here, not in a .cc: every file of the class binds values, and
  // the prologue binds one tile per buffer.
  void BindTile(const ir::Var* v, const TileValue& value) { bindings_[v].value = value; }
  void BindTensor(const ir::Var* v, const TensorValue& value) { bindings_[v].value = value; }
  void BindScalar(const ir::Var* v, const ScalarValue& value) { bindings_[v].value = value; }
  const Binding* Lookup(const ir::Var* v) const;
  absl::Status NotBound(const ir::Var* v) const;
  std::string LocSuffix() const;
  // Whether the backend (if any) supports `dtype` in-core, and the error for
  // one it does not, naming `subject` ("tile.load", "parameter 'x'").
  bool SupportsIncore(ir::DataType dtype) const {
    return backend_ == nullptr || backend_->SupportsIncoreDataType(dtype);
  }
  absl::Status NotIncore(ir::DataType dtype, absl::string_view subject) const;
  // Indentation of the current region depth.
  void Indent();
  ir::SourceLoc ErrorLoc() const;

  // --- buffer_plan.cc: buffer owners, tuple elements, tile buffers ---
  void PlanBuffers(const ir::Stmt* s);
  // A for (no condition) or while loop: its inits, carried buffers,
  // condition and body.
  void PlanLoop(const ir::Stmt* s, ir::IterArgSpan iter_args, ir::VarSpan return_vars,
                const ir::Expr* condition, const ir::Stmt* body);
  void PlanTuple(const ir::Var* var, const ir::Expr* value);
  void PlanProjection(const ir::Var* var, const ir::TupleGetItem& item);
  // Gives each element no projection owns a scratch buffer of its own.
  void PlanUnprojectedElements();
  // The expression element `item` reads; null when the tuple is not one this
  // function builds (a parameter, a loop-carried tuple).
  const ir::Expr* TupleElement(const ir::TupleGetItem& item);
  // The element list of a planned tuple var; null for any other expression.
  std::vector<const ir::Expr*>* TupleElements(const ir::Expr* tuple);
  const ir::Var* BufferOwner(const ir::Var* v) const;
  // `v` gets a pto.alloc_tile of its own in the prologue (unless it shares a
  // phi's, SharePhiBuffers), defined as `def`.
  void OwnBuffer(const ir::Var* v, TileDef def = TileDef::kOther);
  // `var` names the buffer of entry `owner` (a rename, alias or projection).
  void ShareOwner(const ir::Var* var, uint32_t owner) { owner_of_[var] = owner; }
  // The plan entry of the buffer tile var `v` names, or kNoTile.
  uint32_t TileEntry(const ir::Expr* e) const;
  absl::Status AllocateBuffer(const ir::Var* owner);
  absl::StatusOr<absl::string_view> TileBufTypeOf(const ir::TileType& tile, bool dynamic_valid);
  // Whether the prologue can compute `e` (constants, params, dims).
  bool AvailableAtEntry(const ir::Expr* e) const;
  // Valid rows/cols of `geometry` as index values.
  absl::StatusOr<std::pair<absl::string_view, absl::string_view>> ValidExtents(
      const TileGeometry& geometry);
  // Before a write to `owner`'s buffer: sets its valid extents again if
  // valid_set_at_write_ holds it.
  absl::Status PrepareWrite(const ir::Var* owner);

  // --- tensor_views.cc: kernel arguments (with the public CommContext,
  // MakeTensorView and PartitionView) ---
  // `  func.func @name(args) {attributes} {\n`; binds the scalar parameters
  // and records the tensor ones (tensor_params_) for the prologue's views.
  absl::Status EmitSignature(std::string& header);

  // --- phi_buffers.cc: phis and loop-carried tiles sharing one buffer ---
  // Records the tile data `e` reads (a tuple: its elements') at pos_.
  void NoteReads(const ir::Expr* e);
  void NoteRead(uint32_t entry);
  // Plans a region (loop body or branch) and describes it.
  PlanRegion PlanRegionOf(const ir::Stmt* body);
  // Decides, innermost construct first, which branch results, loop yields and
  // loop inits are computed directly in their phi's buffer.
  void SharePhiBuffers();
  // Whether `source` (defined at the top level of region `region`, which
  // ends at position `end`) may be computed in `phi`'s buffer.
  bool Shareable(uint32_t source, uint32_t phi, uint32_t region, uint32_t end);
  // Whether the writes of `source`'s group, placed in `old`'s buffer, all
  // come after the last read of `old`'s data; `end` ends source's region.
  bool WritesFollowReads(uint32_t source, uint32_t old, uint32_t end);
  // A read of `entry` in positions [from, to]; a direct read at `from`
  // itself does not count when `except_direct_at_from`.
  bool ReadIn(uint32_t entry, uint32_t from, uint32_t to, bool except_direct_at_from = false) const;
  // The entry of the `slot`-th value of `yield`, or kNoTile.
  uint32_t YieldEntry(const ir::YieldStmt* yield, size_t slot) const;
  uint32_t Group(uint32_t entry);
  // One alloc per group: drops the buffers a group's first one stands for.
  void AssignSharedBuffers();
  // A temp for each cycle among the copies of a yield (`yield b, a`).
  void PlanYieldTemps();

  // --- stmt_emitter.cc: statements and control flow ---
  absl::Status EmitStmt(const ir::Stmt* s);
  absl::Status EmitAssign(const ir::AssignStmt& s);
  absl::Status EmitCall(const ir::Call& call, const ir::Var* result);
  absl::Status EmitProjection(const ir::Var* var, const ir::TupleGetItem& item);
  // Binds `var` to the value `src` is bound to.
  absl::Status Rename(const ir::Var* var, const ir::Var* src);
  // Binds `var` to a non-call `value`: a rename or a scalar expression.
  absl::Status BindValue(const ir::Var* var, const ir::Expr* value);
  absl::Status EmitFor(const ir::ForStmt& s);
  absl::Status EmitWhile(const ir::WhileStmt& s);
  absl::Status EmitIf(const ir::IfStmt& s);
  absl::Status EmitYield(const ir::YieldStmt& s);
  // Tile/tensor/scalar slots for a construct's iter args or return vars.
  absl::Status CarryIn(absl::Span<const ir::IterArg* const> iter_args, YieldFrame& frame,
                       std::vector<std::string>& scalar_inits);
  absl::Status Move(const TileValue& from, const TileValue& to);
  // A yield's tile copies, which happen at once: each copy reading a buffer
  // another one writes goes first; a cycle (a swap) saves one buffer in a
  // temp of `yield` (yield_temps_).
  struct PendingMove {
    TileValue from;
    TileValue to;
    const ir::Var* owner;  // set: PrepareWrite before the copy
  };
  absl::Status EmitMoves(std::vector<PendingMove>& moves, const ir::YieldStmt& yield);
  // Binds a construct's return vars to what its yields left in `frame`'s
  // slots; scalar results take the construct's SSA `results` in order.
  void BindReturnVars(const YieldFrame& frame, ir::VarSpan return_vars,
                      absl::Span<const absl::string_view> results);
  void OpenRegion(absl::string_view header);
  void CloseRegion(absl::string_view text, ir::SourceLoc loc);

  // --- scalar_emitter.cc: scalar expressions ---
  absl::StatusOr<ScalarValue> EmitScalar(const ir::Expr* e, absl::string_view hint);
  absl::StatusOr<ScalarValue> EmitBinary(const ir::BinaryExpr& b, absl::string_view hint);
  absl::StatusOr<ScalarValue> EmitUnary(const ir::UnaryExpr& u, absl::string_view hint);
  // `hint` names the result; empty: "<operand>_<type>".
  absl::StatusOr<ScalarValue> Convert(const ScalarValue& v, ir::DataType to,
                                      absl::string_view hint = {});
  absl::StatusOr<ScalarValue> IntConstant(int64_t value, ir::DataType dtype);
  absl::StatusOr<ScalarValue> FloatConstant(double value, ir::DataType dtype);
  ScalarValue BoolConstant(bool value);
  absl::StatusOr<ScalarValue> FormatIntConstant(int64_t value, ir::DataType dtype);
  absl::StatusOr<ScalarValue> FormatFloatConstant(double value, ir::DataType dtype);
  ScalarValue AddConstant(std::string key, absl::string_view hint, absl::string_view text,
                          ir::DataType dtype);
  absl::StatusOr<ScalarValue> Arith(absl::string_view op, const ScalarValue& a,
                                    const ScalarValue& b, ir::DataType result,
                                    absl::string_view hint);

  ir::Context& ctx_;
  const ir::Function& fn_;
  const backends::Backend* backend_;
  PtoOptions options_;
  const OpEmitterTable& emitters_;

  SsaNames names_;
  std::deque<std::string> strings_;
  absl::flat_hash_map<const ir::Var*, Binding> bindings_;
  absl::flat_hash_map<std::string, ScalarValue> constants_;
  // IntConstant/FloatConstant results by (bits, dtype code): a constant's
  // spelling and key need formatting, and the same few constants are asked
  // for on most lines.
  absl::flat_hash_map<std::pair<uint64_t, uint8_t>, ScalarValue> int_constants_;
  absl::flat_hash_map<std::pair<uint64_t, uint8_t>, ScalarValue> float_constants_;
  absl::flat_hash_map<std::pair<const ir::TileType*, bool>, absl::string_view> tile_types_;

  // Buffer plan (PlanBuffers): owners in definition order, the owner of each
  // aliasing tile var, owners whose valid extents are dynamic (the operand of
  // a set_validshape), and owners whose extents are set before each write
  // (computed in the body, or narrowed in place).
  std::vector<const ir::Var*> buffers_;
  std::vector<PlannedTile> tiles_;
  std::vector<PhiSite> sites_;
  std::vector<uint32_t> site_order_;  // innermost first
  // Read positions (2 * position, + 1 when through a view) of tracked entries.
  absl::flat_hash_map<uint32_t, std::vector<uint32_t>> reads_;
  // Owners whose buffer is an earlier owner's (SharePhiBuffers), bound to it
  // in the prologue.
  std::vector<std::pair<const ir::Var*, const ir::Var*>> shared_buffers_;
  absl::flat_hash_map<const ir::YieldStmt*, std::vector<const ir::Var*>> yield_temps_;
  uint32_t pos_ = 0;          // position of the statement being planned
  uint32_t region_ = 0;       // region being planned
  uint32_t next_region_ = 0;
  std::vector<std::pair<const ir::Var*, absl::string_view>> tensor_params_;  // with their ptr
  // Window pointer argument -> its CommContext argument.
  absl::flat_hash_map<absl::string_view, absl::string_view> comm_of_ptr_;
  absl::string_view spmd_block_idx_;
  absl::string_view spmd_block_num_;
  absl::flat_hash_map<const ir::Var*, uint32_t> owner_of_;  // -> tiles_
  absl::flat_hash_set<const ir::Var*> dynamic_valid_;
  absl::flat_hash_set<const ir::Var*> valid_set_at_write_;
  // Tuple values, which PTO has no type for: each tuple var maps to its
  // elements - a MakeTuple's expressions, or for the result of a kTuple op
  // the var owning each element's buffer. Projections then read the element.
  // Aliases share one element list, so a projection through any of them
  // sees the owner an earlier one chose.
  absl::flat_hash_map<const ir::Var*, size_t> tuples_;
  std::deque<std::vector<const ir::Expr*>> tuple_elements_;
  std::vector<const ir::Var*> op_tuples_;  // kTuple results, in plan order
  // Calls whose op needs a scratch tile -> the var owning it.
  absl::flat_hash_map<const ir::Call*, const ir::Var*> scratch_of_;

  std::string constants_text_;
  TextBuffer prologue_text_;
  TextBuffer body_text_;
  TextBuffer* out_ = &prologue_text_;
  size_t planned_values_ = 0;  // values the plan saw, to size bindings_
  int depth_ = 0;  // region nesting inside the function body

  ir::SourceLoc loc_;           // location of the current op or statement
  const ir::Var* result_ = nullptr;
  const ir::Call* call_ = nullptr;  // the op being emitted, for diagnostics
  std::vector<YieldFrame> yields_;
};

}  // namespace pto::codegen

#endif  // PTO_CODEGEN_FUNCTION_EMITTER_H_
