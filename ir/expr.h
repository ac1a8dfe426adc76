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
#include "absl/strings/string_view.h"

#include "absl/types/span.h"
#include "ir/attr.h"
#include "ir/dtype.h"
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
};

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

 private:
  NodeKind kind_;
  SourceLoc loc_;
};

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
  absl::string_view name() const { return name_; }
  uint32_t id() const { return id_; }
  static bool ClassOf(const Node* n) {
    return n->kind() == NodeKind::kVar || n->kind() == NodeKind::kIterArg;
  }

 protected:
  friend class Context;
  Var(NodeKind kind, SourceLoc loc, const Type* type, absl::string_view name, uint32_t id)
      : Expr(kind, loc, type), name_(name), id_(id) {}

 private:
  absl::string_view name_;
  uint32_t id_;
};

// A loop-carried value of a For or While: bound to `init` on entry and to the
// body's yield on every further iteration.
class IterArg : public Var {
 public:
  const Expr* init() const { return init_; }
  static bool ClassOf(const Node* n) { return n->kind() == NodeKind::kIterArg; }

 private:
  friend class Context;
  IterArg(SourceLoc loc, const Type* type, absl::string_view name, uint32_t id,
          const Expr* init)
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
class Call : public Expr {
 public:
  const Op* op() const { return op_; }
  const GlobalVar* callee() const { return callee_; }
  ExprSpan args() const { return args_; }
  const Expr* arg(size_t i) const { return args_[i]; }
  absl::Span<const Kwarg> kwargs() const { return kwargs_; }
  // The kwarg with this schema name, or nullptr.
  const AttrValue* FindKwarg(absl::string_view name) const;
  // The callee's name: the op name or the function name.
  absl::string_view callee_name() const;
  static bool ClassOf(const Node* n) { return n->kind() == NodeKind::kCall; }

 private:
  friend class Context;
  Call(SourceLoc loc, const Type* type, const Op* op, const GlobalVar* callee, ExprSpan args,
       absl::Span<const Kwarg> kwargs)
      : Expr(NodeKind::kCall, loc, type),
        op_(op),
        callee_(callee),
        args_(args),
        kwargs_(kwargs) {}
  const Op* op_;
  const GlobalVar* callee_;
  ExprSpan args_;
  absl::Span<const Kwarg> kwargs_;
};

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
  int index() const { return index_; }
  static bool ClassOf(const Node* n) { return n->kind() == NodeKind::kTupleGetItem; }

 private:
  friend class Context;
  TupleGetItem(SourceLoc loc, const Type* type, const Expr* tuple, int index)
      : Expr(NodeKind::kTupleGetItem, loc, type), tuple_(tuple), index_(index) {}
  const Expr* tuple_;
  int index_;
};

enum class BinaryOp : uint8_t {
  kAdd, kSub, kMul, kFloorDiv, kFloorMod, kFloatDiv, kPow,
  kMin, kMax,
  kEq, kNe, kLt, kLe, kGt, kGe,
  kAnd, kOr, kXor,
  kBitAnd, kBitOr, kBitXor, kShl, kShr,
};

enum class UnaryOp : uint8_t { kNeg, kNot, kBitNot, kAbs, kCast };

bool IsComparison(BinaryOp op);
bool IsLogical(BinaryOp op);
bool IsBitwise(BinaryOp op);

// Scalar arithmetic on ScalarType operands, with an explicit result dtype.
class BinaryExpr : public Expr {
 public:
  BinaryOp op() const { return op_; }
  const Expr* lhs() const { return lhs_; }
  const Expr* rhs() const { return rhs_; }
  DataType dtype() const { return type()->As<ScalarType>()->dtype(); }
  static bool ClassOf(const Node* n) { return n->kind() == NodeKind::kBinary; }

 private:
  friend class Context;
  BinaryExpr(SourceLoc loc, const Type* type, BinaryOp op, const Expr* lhs, const Expr* rhs)
      : Expr(NodeKind::kBinary, loc, type), op_(op), lhs_(lhs), rhs_(rhs) {}
  BinaryOp op_;
  const Expr* lhs_;
  const Expr* rhs_;
};

// Scalar unary operation; kCast converts the operand to this node's dtype.
class UnaryExpr : public Expr {
 public:
  UnaryOp op() const { return op_; }
  const Expr* operand() const { return operand_; }
  DataType dtype() const { return type()->As<ScalarType>()->dtype(); }
  static bool ClassOf(const Node* n) { return n->kind() == NodeKind::kUnary; }

 private:
  friend class Context;
  UnaryExpr(SourceLoc loc, const Type* type, UnaryOp op, const Expr* operand)
      : Expr(NodeKind::kUnary, loc, type), op_(op), operand_(operand) {}
  UnaryOp op_;
  const Expr* operand_;
};

// If `e` is an integer constant, its value.
std::optional<int64_t> AsConstInt(const Expr* e);

}  // namespace pto::ir

#endif  // PTO_IR_EXPR_H_
