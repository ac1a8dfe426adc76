// The DSL's rules for the HOST-only pld ops, checked where the call is
// parsed (as PyPTO's parser checks them):
//
//   @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
//   def host_orch(self):
//       n = pld.world_size()               # HOST level, outside device scopes
//       buf = pld.alloc_window_buffer(64)  # name='buf', from the variable
//
// pld.world_size and pld.alloc_window_buffer (either spelling) run in HOST
// orchestration code: a function of level HOST, outside any InCore
// (`with pl.at(level=pl.Level.CORE_GROUP)`) or SPMD scope, where nothing can
// lower them. A window buffer is named after the variable its call is the
// whole value of, and that name is unique in the program. The short form
// takes no `name=` (the variable names it); the canonical
// pld.tensor.alloc_window_buffer keeps a written `name=`, which the printer
// writes only when it differs from the variable's printed name.

#include "ir/text/parser/parser_impl.h"

namespace pto::ir::parser_impl {

bool Parser::CheckHostOnly(const Op& op, const Token& at) {
  bool device_scope = fn_.incore_scopes > 0 || fn_.spmd_scopes > 0;
  if (fn_.level == Level::kHost && !device_scope) return true;
  std::string where =
      fn_.level != Level::kHost
          ? "this function's level is not HOST (declare it with "
            "@pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator))"
          : "this call is inside an InCore or SPMD scope, where it cannot run";
  return Fail(at, absl::StrCat(op.name(), " belongs to HOST orchestration code: ", where));
}

bool Parser::NameWindowBuffer(const Op& op, bool unified, const CallArgs& in,
                              KwargSlots* kwargs, const Token& at) {
  if (at.offset != rhs_offset_) {
    return Fail(at, absl::StrCat(op.name(), " must be the whole value of an assignment to a "
                                            "name, `buf = pld.alloc_window_buffer(size)`: the "
                                            "buffer is named after the variable"));
  }
  int j = op.FindKwarg("name");
  if (j < 0) return true;
  std::optional<AttrValue>& name = (*kwargs)[j];
  if (name && unified) {
    const Token* key = &at;
    for (const CallArg& a : in) {
      if (a.named && Text(a.key) == "name") key = &a.key;
    }
    return Fail(*key, absl::StrCat("pld.alloc_window_buffer takes no name=: the buffer is "
                                   "named after the variable it is assigned to ('",
                                   rhs_name_, "')"));
  }
  if (!name) name = AttrValue::String(rhs_name_);
  if (name->kind() != AttrKind::kString) return true;  // the binding reports it
  if (!module_.window_buffer_names.insert(std::string(name->string_value())).second) {
    return Fail(at, absl::StrCat("window buffer name '", name->string_value(),
                                 "' is already used in this program: each "
                                 "pld.alloc_window_buffer needs a name of its own"));
  }
  return true;
}

}  // namespace pto::ir::parser_impl
