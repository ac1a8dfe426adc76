// Expression nodes of the tile IR.
//
// Every node is immutable, lives in its Context's arena and is created only
// through Context factories (constructors are private). Dispatch is on
// NodeKind: `e->As<Call>()` is a checked downcast returning nullptr on
// mismatch, `e->Is<Var>()` a test.
//
//   const Var* x = ctx.NewVar("x", tile_type);
//   const ConstFloat* c = ctx.Float(0.5);          // FP32 constant
//   absl::StatusOr<const Call*> y =
//       CreateCall(ctx, "tile.muls", {x, c});      // see //ir:op_registry
//
// A Var is identified by the object, never by its name: names are hints that
// the printer makes unique. Var::id() is a per-Context sequence number, used
// for deterministic ordering and hashing.

#ifndef PTO_IR_EXPR_H_
#define PTO_IR_EXPR_H_

#include <cstdint>
#include <type_traits>

#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "ir/attr.h"
#include "ir/call_site.h"
#include "ir/dtype.h"
#include "ir/operators.h"
#include "ir/packed_string.h"
#include "ir/source_loc.h"
#include "ir/type.h"

namespace pto::ir {

class Op;
class GlobalVar;

enum class NodeKind : uint8_t {
  // Expressions.
  kVar,
  kIterArg,
  kConstInt,
  kConstFloat,
  kConstBool,
  kCall,
  kMakeTuple,
  kTupleGetItem,
  kBinary,
  kUnary,
  // Statements.
  kAssign,
  kEval,
  kReturn,
  kYield,
  kSeq,
  kIf,
  kFor,
  kWhile,
  kScope,
  kBreak,
  kContinue,
};

// Every node starts with this 16-byte header. Its spare bytes hold small
// fields of the subclasses (a Var's id, a Call's argument count), so that the
// nodes a lowering makes by the million stay small: memory traffic, not
// instructions, bounds the large passes (docs/performance.md).
class Node {
 public:
  NodeKind kind() const { return kind_; }
  SourceLoc loc() const { return loc_; }

  template <typename T>
  bool Is() const {
    return T::ClassOf(this);
  }
  template <typename T>
  const T* As() const {
    return T::ClassOf(this) ? static_cast<const T*>(this) : nullptr;
  }

 protected:
  Node(NodeKind kind, SourceLoc loc) : kind_(kind), loc_(loc) {}

  // In layout order. bits8_, bits16_ and bits32_ are subclass data, each
  // subclass saying what it keeps there.
 private:
  NodeKind kind_;

 protected:
  uint8_t bits8_ = 0;
  uint16_t bits16_ = 0;

 private:
  SourceLoc loc_;

 protected:
  uint32_t bits32_ = 0;
};
static_assert(sizeof(Node) == 16, "the node header is 16 bytes");

class Expr : public Node {
 public:
  const Type* type() const { return type_; }
  static bool ClassOf(const Node* n) { return n->kind() <= NodeKind::kUnary; }

 protected:
  Expr(NodeKind kind, SourceLoc loc, const Type* type) : Node(kind, loc), type_(type) {}

 private:
  const Type* type_;
};

class Var : public Expr {
 public:
  absl::string_view name() const { return name_.view(); }
  uint32_t id() const { return bits32_; }
  static bool ClassOf(const Node* n) {
    return n->kind() == NodeKind::kVar || n->kind() == NodeKind::kIterArg;
  }

 protected:
  friend class Context;
  Var(NodeKind kind, SourceLoc loc, const Type* type, PackedString name, uint32_t id)
      : Expr(kind, loc, type), name_(name) {
    bits32_ = id;
  }

 private:
  PackedString name_;
};

// A loop-carried value of a For or While: bound to `init` on entry and to the
// body's yield on every further iteration.
class IterArg : public Var {
 public:
  const Expr* init() const { return init_; }
  static bool ClassOf(const Node* n) { return n->kind() == NodeKind::kIterArg; }

 private:
  friend class Context;
  IterArg(SourceLoc loc, const Type* type, PackedString name, uint32_t id, const Expr* init)
      : Var(NodeKind::kIterArg, loc, type, name, id), init_(init) {}
  const Expr* init_;
};

// An integer constant; its dtype lives in its ScalarType.
class ConstInt : public Expr {
 public:
  int64_t value() const { return value_; }
  DataType dtype() const { return type()->As<ScalarType>()->dtype(); }
  static bool ClassOf(const Node* n) { return n->kind() == NodeKind::kConstInt; }

 private:
  friend class Context;
  ConstInt(SourceLoc loc, const Type* type, int64_t value)
      : Expr(NodeKind::kConstInt, loc, type), value_(value) {}
  int64_t value_;
};

class ConstFloat : public Expr {
 public:
  double value() const { return value_; }
  DataType dtype() const { return type()->As<ScalarType>()->dtype(); }
  static bool ClassOf(const Node* n) { return n->kind() == NodeKind::kConstFloat; }

 private:
  friend class Context;
  ConstFloat(SourceLoc loc, const Type* type, double value)
      : Expr(NodeKind::kConstFloat, loc, type), value_(value) {}
  double value_;
};

class ConstBool : public Expr {
 public:
  bool value() const { return value_; }
  static bool ClassOf(const Node* n) { return n->kind() == NodeKind::kConstBool; }

 private:
  friend class Context;
  ConstBool(SourceLoc loc, const Type* type, bool value)
      : Expr(NodeKind::kConstBool, loc, type), value_(value) {}
  bool value_;
};

// A call kwarg: `key` indexes the callee op's kwarg schema (Op::kwargs()).
// A Call stores its kwargs sorted by key, one per key.
struct Kwarg {
  uint8_t key;
  AttrValue value;
};

// A call of a registered op or of another function of the program.
// Exactly one of op() and callee() is non-null. Built through
// //ir:op_registry (op calls, type re-deduced) or Context::NewFunctionCall.
//
// The arguments, then the kwargs, are stored right after the node (Context
// allocates them together): one allocation and no span per call.
class Call : public Expr {
 public:
  const Op* op() const { return is_function_call() ? nullptr : target_.op; }
  const GlobalVar* callee() const { return is_function_call() ? target_.callee : nullptr; }
  ExprSpan args() const { return ExprSpan(trailing_args(), bits32_); }
  const Expr* arg(size_t i) const { return trailing_args()[i]; }
  absl::Span<const Kwarg> kwargs() const {
    return absl::Span<const Kwarg>(reinterpret_cast<const Kwarg*>(trailing_args() + bits32_),
                                   bits16_);
  }
  // The kwarg with this schema name, or nullptr.
  const AttrValue* FindKwarg(absl::string_view name) const;
  // The call's options (ir/call_site.h), or nullptr for a plain call: a
  // function call's dispatch options; an op call's generic attrs (and
  // system.task_dummy's deps).
  const CallSite* site() const {
    if (bits8_ < 2) return nullptr;
    const char* end_of_kwargs = reinterpret_cast<const char*>(trailing_args() + bits32_) +
                                sizeof(Kwarg) * bits16_;
    return *reinterpret_cast<const CallSite* const*>(end_of_kwargs);
  }
  // A pl.submit / pl.spmd_submit: the value is the callee's results plus the
  // task's Scalar[TASK_ID].
  bool is_submit() const { return site() != nullptr && site()->is_submit(); }
  // The callee's name: the op name or the function name.
  absl::string_view callee_name() const;
  static bool ClassOf(const Node* n) { return n->kind() == NodeKind::kCall; }

 private:
  friend class Context;
  // bits8_: 0 for an op call, 1 for a function call, 2 for one with a
  // CallSite, 3 for an op call with one (the site's pointer follows the
  // arguments and kwargs); bits16_: kwarg count (keys are 8-bit);
  // bits32_: argument count.
  bool is_function_call() const { return bits8_ == 1 || bits8_ == 2; }
  const Expr* const* trailing_args() const {
    return reinterpret_cast<const Expr* const*>(this + 1);
  }
  Call(SourceLoc loc, const Type* type, const Op* op, const GlobalVar* callee, size_t num_args,
       size_t num_kwargs, bool has_site = false)
      : Expr(NodeKind::kCall, loc, type) {
    if (op != nullptr) {
      target_.op = op;
      bits8_ = has_site ? 3 : 0;
    } else {
      target_.callee = callee;
      bits8_ = has_site ? 2 : 1;
    }
    bits16_ = static_cast<uint16_t>(num_kwargs);
    bits32_ = static_cast<uint32_t>(num_args);
  }
  union {
    const Op* op;
    const GlobalVar* callee;
  } target_;
};
static_assert(sizeof(Call) % alignof(const Expr*) == 0, "arguments follow the node unpadded");
static_assert(alignof(Kwarg) <= alignof(const Expr*) && std::is_trivially_copyable_v<Kwarg>,
              "kwargs follow the arguments and are copied there");
static_assert(sizeof(Kwarg) % alignof(const void*) == 0, "a CallSite pointer follows the kwargs");

class MakeTuple : public Expr {
 public:
  ExprSpan elements() const { return elements_; }
  static bool ClassOf(const Node* n) { return n->kind() == NodeKind::kMakeTuple; }

 private:
  friend class Context;
  MakeTuple(SourceLoc loc, const Type* type, ExprSpan elements)
      : Expr(NodeKind::kMakeTuple, loc, type), elements_(elements) {}
  ExprSpan elements_;
};

class TupleGetItem : public Expr {
 public:
  const Expr* tuple() const { return tuple_; }
  int index() const { return static_cast<int>(bits32_); }
  static bool ClassOf(const Node* n) { return n->kind() == NodeKind::kTupleGetItem; }

 private:
  friend class Context;
  TupleGetItem(SourceLoc loc, const Type* type, const Expr* tuple, int index)
      : Expr(NodeKind::kTupleGetItem, loc, type), tuple_(tuple) {
    bits32_ = static_cast<uint32_t>(index);
  }
  const Expr* tuple_;
};

// BinaryOp and UnaryOp, with their spelling and precedence: ir/operators.h.
bool IsComparison(BinaryOp op);
bool IsLogical(BinaryOp op);
bool IsBitwise(BinaryOp op);

// Scalar arithmetic on ScalarType operands, with an explicit result dtype.
class BinaryExpr : public Expr {
 public:
  BinaryOp op() const { return static_cast<BinaryOp>(bits8_); }
  const Expr* lhs() const { return lhs_; }
  const Expr* rhs() const { return rhs_; }
  DataType dtype() const { return type()->As<ScalarType>()->dtype(); }
  static bool ClassOf(const Node* n) { return n->kind() == NodeKind::kBinary; }

 private:
  friend class Context;
  BinaryExpr(SourceLoc loc, const Type* type, BinaryOp op, const Expr* lhs, const Expr* rhs)
      : Expr(NodeKind::kBinary, loc, type), lhs_(lhs), rhs_(rhs) {
    bits8_ = static_cast<uint8_t>(op);
  }
  const Expr* lhs_;
  const Expr* rhs_;
};

// Scalar unary operation; kCast converts the operand to this node's dtype.
class UnaryExpr : public Expr {
 public:
  UnaryOp op() const { return static_cast<UnaryOp>(bits8_); }
  const Expr* operand() const { return operand_; }
  DataType dtype() const { return type()->As<ScalarType>()->dtype(); }
  static bool ClassOf(const Node* n) { return n->kind() == NodeKind::kUnary; }

 private:
  friend class Context;
  UnaryExpr(SourceLoc loc, const Type* type, UnaryOp op, const Expr* operand)
      : Expr(NodeKind::kUnary, loc, type), operand_(operand) {
    bits8_ = static_cast<uint8_t>(op);
  }
  const Expr* operand_;
};

// If `e` is an integer constant, its value.
std::optional<int64_t> AsConstInt(const Expr* e);
// The same, also for a negated integer constant: how the parser reads a
// literal such as the `-1` of `pl.range(10, 0, -1)`.
std::optional<int64_t> AsIntLiteral(const Expr* e);

}  // namespace pto::ir

#endif  // PTO_IR_EXPR_H_
