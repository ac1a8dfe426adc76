// Context: owner and factory of all IR of one compilation.
//
// A Context owns an arena holding every node, type and string of the
// programs built in it, interns types (equal parts give the same Type
// object), and keeps the table of source files for locations. Nodes are
// created only here; nothing is freed before the Context dies. Passes add
// nodes to the Context of the program they transform, so input and output
// programs share unchanged subtrees.
//
// A Context is not thread-safe for creation; reading IR from several
// threads is fine.
//
//   Context ctx;
//   const TileType* t =
//       ctx.GetTileType(DataType::kFP32, {ctx.Index(16), ctx.Index(16)}, MemorySpace::kVec);
//   const Var* x = ctx.NewVar("x", t);
//   const Stmt* body = ctx.NewSeq({ctx.NewReturn({x})});
//   const Function* f = ctx.NewFunction("k", {x}, {ParamDirection::kIn}, {t}, body,
//                                       FunctionType::kInCore);
//   Program p = ctx.NewProgram("Program", {f});

#ifndef PTO_IR_CONTEXT_H_
#define PTO_IR_CONTEXT_H_

#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "ir/arena.h"
#include "ir/expr.h"
#include "ir/function.h"
#include "ir/memref.h"
#include "ir/source_files.h"
#include "ir/stmt.h"
#include "ir/type.h"

namespace pto::ir {

using Comments = absl::Span<const absl::string_view>;

class Context {
 public:
  Context();
  ~Context();
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;

  // --- Storage -------------------------------------------------------------
  absl::string_view SaveString(absl::string_view s) { return arena_.CopyString(s); }
  template <typename T>
  absl::Span<const T> Save(absl::Span<const T> values) {
    return arena_.Copy(values);
  }
  // Bytes reserved by the arena (a close upper bound of IR memory).
  size_t bytes_allocated() const { return arena_.bytes_reserved(); }
  // Every Var's id is below this: a table indexed by var id can be sized
  // once from it.
  uint32_t var_id_bound() const { return next_var_id_; }

  // --- Source files --------------------------------------------------------
  // Registers a file name for SourceLoc::file (the same name gets the same
  // index). Index 0 is "<unknown>".
  uint16_t AddFile(absl::string_view name) { return files_.Add(name); }
  absl::string_view FileName(uint16_t file) const { return files_.Name(file); }
  // "file:line:col", or "<unknown>" for an unknown location.
  std::string FormatLoc(SourceLoc loc) const { return files_.Format(loc); }
  // Keeps the text of file `name` (moved, not copied) so that diagnostics
  // quote its lines (ir/diagnostic.h). Returns the kept text: parse it.
  absl::string_view AdoptSource(absl::string_view name, std::string text) {
    return files_.AdoptText(files_.Add(name), std::move(text));
  }
  // The same for a text the caller keeps alive and unchanged as long as
  // this Context (a mapped file): kept by view, not copied.
  absl::string_view BorrowSource(absl::string_view name, absl::string_view text) {
    return files_.BorrowText(files_.Add(name), text);
  }
  const SourceFiles& source_files() const { return files_; }

  // --- Types (interned) ----------------------------------------------------
  const UnknownType* GetUnknownType() const { return unknown_type_; }
  const CommCtxType* GetCommCtxType() const { return comm_ctx_type_; }
  const ScalarType* GetScalarType(DataType dtype) const { return scalar_types_[dtype.code()]; }
  const HandleType* GetHandleType(HandleKind kind) const {
    return handle_types_[static_cast<int>(kind)];
  }
  // The handle type spelled `spelling` ("pl.Ptr"), or nullptr.
  const HandleType* FindHandleType(absl::string_view spelling) const;
  const ArrayType* GetArrayType(DataType dtype, int64_t extent);
  const TensorType* GetTensorType(DataType dtype, ExprSpan shape,
                                  const TensorView& view = TensorView{});
  const DistributedTensorType* GetDistributedTensorType(DataType dtype, ExprSpan shape,
                                                        const TensorView& view = TensorView{});
  // `view` may be null (the implicit view); any view is canonicalised.
  const TileType* GetTileType(DataType dtype, ExprSpan shape,
                              std::optional<MemorySpace> space = std::nullopt,
                              const TileView* view = nullptr);
  const TupleType* GetTupleType(absl::Span<const Type* const> elements);
  // The tensor or tile type `type` (any MemRef it has dropped) carrying
  // `memref`; nullptr `memref` gives the bare type (ir/memref.h).
  const ShapedType* WithMemRef(const Type* type, const MemRef* memref);

  // --- Constants -----------------------------------------------------------
  // INDEX constant without location; small values are shared.
  const ConstInt* Index(int64_t value);
  const ConstInt* Int(int64_t value, DataType dtype, SourceLoc loc = {});
  // Without a location, one node per (bit pattern, dtype): builders repeat
  // a few constants many times (a lowered tile.sin holds a dozen).
  const ConstFloat* Float(double value, DataType dtype = DataType::kFP32, SourceLoc loc = {});
  const ConstBool* Bool(bool value, SourceLoc loc = {});
  // Index(v) for each v.
  ExprSpan IndexList(absl::Span<const int64_t> values);

  // --- Expressions ---------------------------------------------------------
  const Var* NewVar(absl::string_view name, const Type* type, SourceLoc loc = {});
  const IterArg* NewIterArg(absl::string_view name, const Type* type, const Expr* init,
                            SourceLoc loc = {});
  // Unchecked op call: the registry (CreateCall) validates and deduces `type`.
  // `kwargs` must be sorted by key.
  const Call* NewOpCall(const Op* op, ExprSpan args, absl::Span<const Kwarg> kwargs,
                        const Type* type, SourceLoc loc = {});
  // `c` (an op call) with `site` (copied, lists and strings included) as its
  // options: generic attrs, and deps on system.task_dummy. An empty or null
  // site gives the call without options.
  const Call* WithOpCallSite(const Call* c, const CallSite* site);
  // The placeholder Op (Op::unregistered()) for a call of an op no registry
  // knows, as the parser accepts under ParseOptions::allow_unregistered_ops.
  // One Op per signature - name, arity and kwarg names and kinds in written
  // order - so that a call still satisfies its Op's schema like any other
  // (the verifier, printer and structural equality need no special kwarg
  // handling) and kwargs print back in the order they were written (keys are
  // 0..n-1 in that order). The same signature gives the same Op, so parsing
  // a program twice in one Context gives identical ops.
  const Op* GetUnregisteredOp(absl::string_view name, size_t num_args,
                              absl::Span<const std::pair<absl::string_view, AttrKind>> kwargs);
  // Call of a program function; `type` is its return type (a TupleType for
  // several results, UnknownType for none; a submit's adds Scalar[TASK_ID]).
  // `site` (copied, lists included) holds dispatch options; an empty or null
  // site makes a plain call.
  const Call* NewFunctionCall(const GlobalVar* callee, ExprSpan args, const Type* type,
                              SourceLoc loc = {}, const CallSite* site = nullptr);
  const MakeTuple* NewMakeTuple(ExprSpan elements, SourceLoc loc = {});
  // `tuple` must have a TupleType with more than `index` elements.
  const TupleGetItem* NewTupleGetItem(const Expr* tuple, int index, SourceLoc loc = {});
  const BinaryExpr* NewBinary(BinaryOp op, const Expr* lhs, const Expr* rhs, DataType dtype,
                              SourceLoc loc = {});
  const UnaryExpr* NewUnary(UnaryOp op, const Expr* operand, DataType dtype,
                            SourceLoc loc = {});
  // A new MemRef (ir/memref.h): `base` a pl.Ptr Var, `byte_offset` an
  // integer scalar. Checked by the verifier, not here.
  const MemRef* NewMemRef(const Var* base, const Expr* byte_offset, uint64_t size,
                          SourceLoc loc = {}, bool pinned = false, uint64_t slot_count = 1,
                          const Expr* slot_index = nullptr);

  // --- Statements ----------------------------------------------------------
  const AssignStmt* NewAssign(const Var* var, const Expr* value, SourceLoc loc = {},
                              Comments comments = {});
  const EvalStmt* NewEval(const Expr* expr, SourceLoc loc = {}, Comments comments = {});
  const ReturnStmt* NewReturn(ExprSpan values, SourceLoc loc = {}, Comments comments = {});
  const YieldStmt* NewYield(ExprSpan values, SourceLoc loc = {}, Comments comments = {});
  // A flat sequence: nested SeqStmts are spliced in.
  const SeqStmts* NewSeq(Stmts stmts, SourceLoc loc = {});
  // NewSeq for statements the caller already knows hold no SeqStmts, having
  // looked at each while it was fresh. NewSeq looks again, and on a rewrite's
  // output (tens of millions of statements) that is a cache and TLB miss
  // per statement.
  const SeqStmts* NewFlatSeq(Stmts stmts, SourceLoc loc = {});
  const IfStmt* NewIf(const Expr* condition, const Stmt* then_body, const Stmt* else_body,
                      VarSpan return_vars, SourceLoc loc = {}, Comments comments = {});
  // The key and string value of each loop attr must be saved strings.
  const ForStmt* NewFor(const Var* loop_var, const Expr* start, const Expr* stop,
                        const Expr* step, IterArgSpan iter_args, const Stmt* body,
                        VarSpan return_vars, ForKind kind = ForKind::kSequential,
                        int stage = 0, SourceLoc loc = {}, Comments comments = {},
                        absl::Span<const LoopAttr> attrs = {});
  const WhileStmt* NewWhile(const Expr* condition, IterArgSpan iter_args, const Stmt* body,
                            VarSpan return_vars, SourceLoc loc = {},
                            Comments comments = {});
  // The key, enum_ref and string value of each arg must be saved strings.
  const ScopeStmt* NewScope(ScopeKind scope_kind, absl::Span<const ScopeArg> args,
                            ExprSpan operands, const Stmt* body, SourceLoc loc = {},
                            Comments comments = {});
  const BreakStmt* NewBreak(SourceLoc loc = {}, Comments comments = {});
  const ContinueStmt* NewContinue(SourceLoc loc = {}, Comments comments = {});

  // `stmt` with `comments` as its leading comments (the same object if they
  // already are). Passes that expand one statement into several use it to
  // keep the comments in front of the expansion.
  const Stmt* WithComments(const Stmt* stmt, Comments comments);

  // --- Functions and programs ----------------------------------------------
  const GlobalVar* GetGlobalVar(absl::string_view name);
  // `level`/`role` default to the ones `type` derives (DerivedLevelRole).
  const Function* NewFunction(absl::string_view name, VarSpan params,
                              absl::Span<const ParamDirection> directions,
                              absl::Span<const Type* const> return_types, const Stmt* body,
                              FunctionType type = FunctionType::kOpaque,
                              std::optional<Level> level = std::nullopt,
                              std::optional<Role> role = std::nullopt, SourceLoc loc = {},
                              const FunctionAttrs& attrs = {});
  // Function names must be unique (checked).
  Program NewProgram(absl::string_view name, absl::Span<const Function* const> functions);

 private:
  struct TypeHash {
    using is_transparent = void;
    size_t operator()(const Type* t) const;
  };
  struct TypeEq {
    using is_transparent = void;
    bool operator()(const Type* a, const Type* b) const;
  };
  // Nodes have private constructors befriending Context; this is where they
  // are placed in the arena.
  template <typename T, typename... Args>
  T* Make(Args&&... args) {
    static_assert(std::is_trivially_destructible_v<T>, "arena objects are never destroyed");
    return new (arena_.Allocate(sizeof(T), alignof(T))) T(std::forward<Args>(args)...);
  }
  // A statement with its comments' pointer, when it has comments, stored
  // right before it (Stmt::comments()).
  template <typename T, typename... Args>
  T* MakeStmt(SourceLoc loc, Comments comments, Args&&... args) {
    static_assert(std::is_trivially_destructible_v<T>, "arena objects are never destroyed");
    static_assert(alignof(T) == alignof(const absl::string_view*), "the pointer fits unpadded");
    Comments saved = Save(comments);
    size_t prefix = saved.empty() ? 0 : sizeof(const absl::string_view*);
    char* p = static_cast<char*>(arena_.Allocate(prefix + sizeof(T), alignof(T)));
    if (prefix != 0) {
      const absl::string_view* data = saved.data();
      std::memcpy(p, &data, sizeof(data));
    }
    return new (p + prefix) T(loc, saved, std::forward<Args>(args)...);
  }
  // A Call with its arguments, then its kwargs, stored right after it
  // (Call::args(), Call::kwargs()).
  const Call* MakeCall(SourceLoc loc, const Type* type, const Op* op, const GlobalVar* callee,
                       ExprSpan args, absl::Span<const Kwarg> kwargs, const CallSite* site);
  const Call* MakeCall(SourceLoc loc, const Type* type, const Op* op, const GlobalVar* callee,
                       ExprSpan args, absl::Span<const Kwarg> kwargs);
  // Deep copies of a site's generic attrs (keys, string values, item lists).
  absl::Span<const CallAttr> SaveCallAttrs(absl::Span<const CallAttr> attrs);
  const Type* Intern(const Type* candidate);
  ExprSpan CanonicalDims(ExprSpan dims);
  // Recently returned tile types with the implicit view, so the common
  // lookup (a deducer asking again for its operand's type) skips hashing the
  // whole type. Direct-mapped by a cheap hash of the parts; a slot is only
  // used after an exact comparison, so a collision merely misses.
  static constexpr size_t kTileCacheSize = 64;
  static size_t TileCacheSlot(DataType dtype, ExprSpan shape, std::optional<MemorySpace> space);
  const TileType* tile_cache_[kTileCacheSize] = {};

  Arena arena_;
  uint32_t next_var_id_ = 0;
  uint32_t next_memref_id_ = 0;
  SourceFiles files_;
  const UnknownType* unknown_type_;
  const CommCtxType* comm_ctx_type_;
  const ScalarType* scalar_types_[256] = {};
  const HandleType* handle_types_[kNumHandleKinds] = {};
  absl::flat_hash_set<const Type*, TypeHash, TypeEq> types_;
  absl::flat_hash_map<int64_t, const ConstInt*> index_constants_;
  absl::flat_hash_map<std::pair<uint64_t, uint8_t>, const ConstFloat*> float_constants_;
  // The last interned float: a program repeats one scale or bias many times.
  const ConstFloat* last_float_ = nullptr;
  uint64_t last_float_bits_ = 0;
  absl::flat_hash_map<absl::string_view, const GlobalVar*> global_vars_;
  absl::flat_hash_map<std::string, std::unique_ptr<Op>> unregistered_ops_;
  const ConstBool* true_;
  const ConstBool* false_;
};

// Exact expression identity as used for type dims: equal constants (value
// and dtype), the same Var object, or equal operator trees and pure op
// calls (no side effects, no call site) over those.
bool ExprIdentical(const Expr* a, const Expr* b);
bool ExprListIdentical(ExprSpan a, ExprSpan b);
size_t ExprIdenticalHash(const Expr* e);

}  // namespace pto::ir

#endif  // PTO_IR_CONTEXT_H_
