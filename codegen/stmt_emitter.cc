// FunctionEmitter: statements and op dispatch (control flow is in
// control_flow_emitter.cc).

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "codegen/function_emitter.h"
#include "ir/check.h"
#include "ir/ops/builtin.h"
#include "ir/ops/type_inference.h"
#include "ir/status_macros.h"

namespace pto::codegen {

absl::Status FunctionEmitter::EmitStmt(const ir::Stmt* s) {
  if (s == nullptr) return absl::OkStatus();
  LocScope scope(this, s->loc());
  switch (s->kind()) {
    case ir::NodeKind::kSeq: {
      ir::Stmts list = s->As<ir::SeqStmts>()->stmts();
      for (size_t i = 0; i < list.size(); ++i) {
        // The kernel's one `return` closes it: code after an early return
        // would run if emitted in place.
        if (list[i]->kind() == ir::NodeKind::kReturn && i + 1 < list.size()) {
          LocScope at(this, list[i]->loc());
          return Unsupported(
              "statements after a return (dead code) are not supported by PTO codegen");
        }
        PTO_RETURN_IF_ERROR(EmitStmt(list[i]));
      }
      return absl::OkStatus();
    }
    case ir::NodeKind::kAssign:
      return EmitAssign(*s->As<ir::AssignStmt>());
    case ir::NodeKind::kEval: {
      const ir::Expr* e = s->As<ir::EvalStmt>()->expr();
      if (const auto* call = e->As<ir::Call>()) return EmitCall(*call, nullptr);
      return absl::OkStatus();  // a scalar expression has no effect
    }
    case ir::NodeKind::kReturn: {
      if (!yields_.empty()) {
        return Unsupported("a return inside a loop or if is not supported by PTO codegen");
      }
      // A kernel's results are the tensors it wrote; the closing `return`
      // carries no values.
      for (const ir::Expr* v : s->As<ir::ReturnStmt>()->values()) {
        if (!v->type()->Is<ir::TensorType>()) {
          return Unsupported(absl::StrCat(
              "a PTO kernel returns results through its tensor parameters; returning a ",
              ir::TypeKindName(v->type()), " is not supported"));
        }
      }
      return absl::OkStatus();
    }
    case ir::NodeKind::kYield:
      return EmitYield(*s->As<ir::YieldStmt>());
    case ir::NodeKind::kIf:
      return EmitIf(*s->As<ir::IfStmt>());
    case ir::NodeKind::kFor:
      return EmitFor(*s->As<ir::ForStmt>());
    case ir::NodeKind::kWhile:
      return EmitWhile(*s->As<ir::WhileStmt>());
    case ir::NodeKind::kBreak:
    case ir::NodeKind::kContinue:
      return Unsupported(absl::StrCat(s->kind() == ir::NodeKind::kBreak ? "break" : "continue",
                                      " is not supported by PTO codegen"));
    case ir::NodeKind::kScope:
      if (s->As<ir::ScopeStmt>()->scope_kind() == ir::ScopeKind::kSplitAiv) {
        return Unsupported("pl.split_aiv(...) regions are not supported by PTO codegen");
      }
      return Unsupported(absl::StrCat(
          "with pl.", ir::ScopeKindName(s->As<ir::ScopeStmt>()->scope_kind()),
          "(...) scopes are not supported by PTO codegen (outline the scope into a kernel)"));
    default:
      PTO_UNREACHABLE() << "statement kind " << static_cast<int>(s->kind());
  }
  return absl::OkStatus();
}

absl::Status FunctionEmitter::EmitAssign(const ir::AssignStmt& s) {
  const ir::Var* var = s.var();
  const ir::Expr* value = s.value();
  if (const auto* call = value->As<ir::Call>()) return EmitCall(*call, var);
  if (var->type()->Is<ir::TupleType>()) {
    // Planned (PlanTuple): a tuple has no PTO value, only its elements do.
    if (tuples_.contains(var)) return absl::OkStatus();
    return Unsupported(absl::StrCat("cannot emit tuple '", var->name(), "' built from ",
                                    ir::FormatExpr(value),
                                    "; PTO codegen follows tuples built in the kernel"));
  }
  if (const auto* item = value->As<ir::TupleGetItem>()) return EmitProjection(var, *item);
  return BindValue(var, value);
}

absl::Status FunctionEmitter::BindValue(const ir::Var* var, const ir::Expr* value) {
  // A differently typed source is an INDEX value bound to an integer name
  // (`y: pl.Scalar[pl.INT64] = i`): it converts like any scalar value.
  if (const auto* src = value->As<ir::Var>();
      src != nullptr && !(var->type()->Is<ir::ScalarType>() && src->type() != var->type())) {
    return Rename(var, src);
  }
  if (const auto* scalar = var->type()->As<ir::ScalarType>()) {
    PTO_ASSIGN_OR_RETURN(ScalarValue v, EmitScalar(value, var->name()));
    PTO_ASSIGN_OR_RETURN(v, Convert(v, scalar->dtype(), var->name()));
    BindScalar(var, v);
    return absl::OkStatus();
  }
  return Unsupported(absl::StrCat("cannot emit the value of '", var->name(), "' (a ",
                                  ir::TypeKindName(var->type()), " built from ",
                                  ir::FormatExpr(value), ")"));
}

absl::Status FunctionEmitter::Rename(const ir::Var* var, const ir::Var* src) {
  const Binding* b = Lookup(src);
  if (b == nullptr) return NotBound(src);
  // Copied first: inserting `var` may rehash the map `b` points into.
  Binding value = *b;
  bindings_[var] = std::move(value);
  return absl::OkStatus();
}

absl::Status FunctionEmitter::EmitProjection(const ir::Var* var, const ir::TupleGetItem& item) {
  const ir::Expr* element = TupleElement(item);
  if (element == nullptr) {
    return Unsupported(absl::StrCat("cannot emit '", var->name(), "' = ", ir::FormatExpr(&item),
                                    ": PTO codegen follows tuples built in the kernel, not "
                                    "tuple parameters or loop-carried tuples"));
  }
  if (element == var) return absl::OkStatus();  // owns the buffer its op writes
  return BindValue(var, element);
}

absl::Status FunctionEmitter::EmitCall(const ir::Call& call, const ir::Var* result) {
  LocScope scope(this, call.loc());
  if (call.op() == nullptr) {
    return Unsupported(absl::StrCat("call to function '", call.callee_name(),
                                    "': PTO codegen needs each kernel inlined"));
  }
  absl::string_view name = call.op()->name();
  if (!call.op()->lowered_by().empty()) {
    return Fail(absl::StrCat(name, " is a composite op; run the ", call.op()->lowered_by(),
                             " pass first"));
  }
  const OpEmitter* emitter = emitters_.Find(name);
  // The emitters rely on the built-in op's schema and deducer; an op of
  // another registry that shares the name is not that op.
  if (emitter != nullptr && ir::BuiltinOps().Find(name) != call.op()) {
    return Unsupported(absl::StrCat(name, " is not the built-in op of that name; PTO codegen "
                                          "emits built-in ops only"));
  }
  if (emitter == nullptr) {
    if (call.op()->category() == ir::OpCategory::kTensor || absl::StartsWith(name, "tensor.")) {
      return Fail(absl::StrCat(name, ": tensor ops must be converted to tile ops before PTO "
                                     "codegen (run convert-tensor-to-tile-ops)"));
    }
    return Unsupported(absl::StrCat(name, " has no PTO emitter (in function '", fn_.name(), "')"));
  }
  result_ = result;
  call_ = &call;
  absl::Status status = absl::OkStatus();
  if (emitter->result == TileResult::kBuffer && result != nullptr &&
      result->type()->Is<ir::TileType>()) {
    status = PrepareWrite(result);
  }
  if (status.ok()) status = emitter->emit(*this, call);
  result_ = nullptr;
  call_ = nullptr;
  return status;
}

}  // namespace pto::codegen
