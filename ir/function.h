// Functions and programs.
//
// A Function has typed params with In/Out/InOut directions, return types, a
// body and a kind (FunctionType) with its hierarchy level and role. A Program
// is an ordered list of uniquely named functions; calls between them go
// through a GlobalVar, which names the callee.
//
// Program is a cheap value handle on an immutable arena object: copying it
// copies a pointer, and a pass that changes nothing returns the same object
// (`out.SameAs(in)`).
//
//   Program p = ...;                        // e.g. from ParseProgram
//   const Function* k = p.FindFunction("kernel");
//   for (const Var* param : k->params()) { ... }

#ifndef PTO_IR_FUNCTION_H_
#define PTO_IR_FUNCTION_H_

#include <optional>
#include "absl/strings/string_view.h"

#include "absl/types/span.h"
#include "ir/attr.h"
#include "ir/enums.h"
#include "ir/stmt.h"

namespace pto::ir {

class Context;

// Names a function of the program as a call target (`self.f(...)`).
class GlobalVar {
 public:
  absl::string_view name() const { return name_; }

 private:
  friend class Context;
  explicit GlobalVar(absl::string_view name) : name_(name) {}
  absl::string_view name_;
};

// One entry of a function's attribute dict (upstream's Function.attrs):
// `@pl.function(attrs={...})` or the `pl.func_attr({...})` prologue. The
// value is a scalar, or an enum member named by `enum_ref` ("SplitMode.UP_DOWN",
// printed with a `pl.` prefix) when that is non-empty, or the expression
// `expr` when that is set: one of the function's parameters, by identity
// (`pl.func_attr({"stationary": w})`), or an op call on constants
// (`pl.system.available_cluster_count()`), as upstream stores them.
struct FuncAttr {
  absl::string_view key;
  AttrValue value = AttrValue::Bool(false);
  absl::string_view enum_ref;
  const Expr* expr = nullptr;
};

// What @pl.function carries besides type/level/role. Defaults print nothing.
struct FunctionAttrs {
  bool auto_scope = true;             // auto_scope=False in the decorator
  absl::string_view external_source;  // external_source="..." (a kernel's C++ file)
  absl::Span<const FuncAttr> attrs;   // in first-written order, keys unique
  // An abstract SubWorker at HOST level or above, written with a bare `...`
  // body: a callback the runtime binds (upstream's requires_runtime_binding).
  // Its body is empty and it prints as `...`; nothing here can run it.
  bool requires_runtime_binding = false;
  // A SubWorker at HOST level or above with a concrete body: host Python that
  // upstream keeps as source text, not DSL (its InlineStmt). The statements,
  // dedented, without comments or blank lines (ir/text/python/source.h); the
  // function's DSL body is empty. Non-empty exactly when set.
  absl::string_view python_body;
  bool empty() const {
    return auto_scope && external_source.empty() && attrs.empty() && !requires_runtime_binding &&
           python_body.empty();
  }
};

class Function {
 public:
  absl::string_view name() const { return name_; }
  VarSpan params() const { return params_; }
  absl::Span<const ParamDirection> directions() const { return directions_; }
  absl::Span<const Type* const> return_types() const { return return_types_; }
  const Stmt* body() const { return body_; }
  FunctionType func_type() const { return func_type_; }
  std::optional<Level> level() const { return level_; }
  std::optional<Role> role() const { return role_; }
  const FunctionAttrs& attrs() const { return attrs_; }
  SourceLoc loc() const { return loc_; }
  bool IsInCore() const {
    return func_type_ == FunctionType::kInCore || func_type_ == FunctionType::kAIC ||
           func_type_ == FunctionType::kAIV;
  }

 private:
  friend class Context;
  Function(SourceLoc loc, absl::string_view name, VarSpan params,
           absl::Span<const ParamDirection> directions,
           absl::Span<const Type* const> return_types, const Stmt* body,
           FunctionType func_type, std::optional<Level> level, std::optional<Role> role,
           const FunctionAttrs& attrs)
      : loc_(loc),
        func_type_(func_type),
        level_(level),
        role_(role),
        name_(name),
        params_(params),
        directions_(directions),
        return_types_(return_types),
        body_(body),
        attrs_(attrs) {}
  SourceLoc loc_;
  FunctionType func_type_;
  std::optional<Level> level_;
  std::optional<Role> role_;
  absl::string_view name_;
  VarSpan params_;
  absl::Span<const ParamDirection> directions_;
  absl::Span<const Type* const> return_types_;
  const Stmt* body_;
  FunctionAttrs attrs_;
};

// The level and role PyPTO derives for a function type, if it fixes them.
struct LevelRole {
  Level level;
  Role role;
};
std::optional<LevelRole> DerivedLevelRole(FunctionType type);

class ProgramNode;

class Program {
 public:
  Context& context() const;
  absl::string_view name() const;
  absl::Span<const Function* const> functions() const;
  const Function* FindFunction(absl::string_view name) const;
  // Same underlying object: no pass changed anything.
  bool SameAs(const Program& other) const { return node_ == other.node_; }

 private:
  friend class Context;
  explicit Program(const ProgramNode* node) : node_(node) {}
  const ProgramNode* node_;
};

}  // namespace pto::ir

#endif  // PTO_IR_FUNCTION_H_
