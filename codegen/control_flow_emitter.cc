// FunctionEmitter: structured control flow (for, while, if) and the moves
// that carry values into and out of their regions.

#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "codegen/function_emitter.h"
#include "ir/check.h"
#include "ir/ops/type_inference.h"
#include "ir/status_macros.h"

namespace pto::codegen {

using ir::DataType;

// --- Control flow -------------------------------------------------------------------

void FunctionEmitter::OpenRegion(absl::string_view header) {
  Indent();
  out_->Append(header);
  out_->Append("\n");
  ++depth_;
}

void FunctionEmitter::CloseRegion(absl::string_view text, ir::SourceLoc loc) {
  --depth_;
  Indent();
  out_->Append(text);
  // An op's location follows its regions.
  if (options_.emit_locations && loc.known()) {
    LocScope scope(this, loc);
    out_->Append(LocSuffix());
  }
  out_->Append("\n");
}

absl::Status FunctionEmitter::Move(const TileValue& from, const TileValue& to) {
  if (from.name == to.name) return absl::OkStatus();  // updated in place
  EmitInsOuts("pto.tmov", {{from.name, from.type}}, "", {to.name, to.type});
  return absl::OkStatus();
}

absl::Status FunctionEmitter::EmitMoves(std::vector<PendingMove>& moves,
                                        const ir::YieldStmt& yield) {
  // The buffer a copy reads: a view's is its base's.
  auto source = [](const PendingMove& m) {
    return m.from.is_view ? m.from.base_name : m.from.name;
  };
  size_t n = moves.size();
  size_t real = 0;
  for (const PendingMove& m : moves) real += m.from.name != m.to.name ? 1 : 0;
  // A narrowed buffer the yield hands back in place still gets its extents
  // back: a narrowing must not leak into the next iteration.
  auto prepare = [&](const PendingMove& m) -> absl::Status {
    if (m.owner == nullptr) return absl::OkStatus();
    if (m.from.name == m.to.name && !dynamic_valid_.contains(m.owner)) return absl::OkStatus();
    return PrepareWrite(m.owner);
  };
  if (real <= 1) {  // the usual case: nothing to order
    for (const PendingMove& m : moves) {
      PTO_RETURN_IF_ERROR(prepare(m));
      PTO_RETURN_IF_ERROR(Move(m.from, m.to));
    }
    return absl::OkStatus();
  }
  absl::flat_hash_map<absl::string_view, size_t> writer;  // destination -> copy
  absl::flat_hash_map<absl::string_view, std::vector<size_t>> readers;
  std::vector<size_t> blocked(n, 0);  // copies that must read its destination first
  std::vector<bool> done(n, false);
  for (size_t i = 0; i < n; ++i) {
    if (moves[i].from.name == moves[i].to.name) {
      done[i] = true;  // computed in place
      continue;
    }
    writer.emplace(moves[i].to.name, i);
  }
  for (size_t i = 0; i < n; ++i) {
    if (done[i]) continue;
    readers[source(moves[i])].push_back(i);
    auto w = writer.find(source(moves[i]));
    if (w != writer.end() && w->second != i) ++blocked[w->second];
  }
  std::vector<size_t> ready;
  for (size_t i = 0; i < n; ++i) {
    if (!done[i] && blocked[i] == 0) ready.push_back(i);
  }
  const std::vector<const ir::Var*>* temps = nullptr;
  if (auto it = yield_temps_.find(&yield); it != yield_temps_.end()) temps = &it->second;
  size_t next_temp = 0;
  size_t next_pending = 0;
  while (true) {
    while (!ready.empty()) {
      size_t k = ready.back();
      ready.pop_back();
      PendingMove& m = moves[k];
      PTO_RETURN_IF_ERROR(prepare(m));
      PTO_RETURN_IF_ERROR(Move(m.from, m.to));
      done[k] = true;
      auto w = writer.find(source(m));
      if (w != writer.end() && !done[w->second] && --blocked[w->second] == 0) {
        ready.push_back(w->second);
      }
    }
    while (next_pending < n && done[next_pending]) ++next_pending;
    if (next_pending == n) break;
    // Every copy left is on a cycle: save the destination of one of them.
    PendingMove& m = moves[next_pending];
    const Binding* temp = nullptr;
    const ir::Var* temp_var = nullptr;
    while (temps != nullptr && next_temp < temps->size() && temp == nullptr) {
      temp_var = (*temps)[next_temp++];
      const Binding* b = Lookup(temp_var);
      if (b != nullptr && b->kind() == BindingKind::kTile && b->tile().type == m.to.type) temp = b;
    }
    std::vector<size_t>& saved_readers = readers[m.to.name];
    bool views = false;
    for (size_t j : saved_readers) views = views || moves[j].from.is_view;
    if (temp == nullptr || views) {
      return Unsupported("the values this yield hands back form a cycle PTO codegen cannot "
                         "copy through a temporary buffer");
    }
    TileValue saved = temp->tile();
    PTO_RETURN_IF_ERROR(PrepareWrite(temp_var));
    PTO_RETURN_IF_ERROR(Move(m.to, saved));
    for (size_t j : saved_readers) {
      if (!done[j]) moves[j].from = saved;
    }
    saved_readers.clear();
    blocked[next_pending] = 0;
    ready.push_back(next_pending);
  }
  for (const PendingMove& m : moves) {
    if (m.from.name == m.to.name) PTO_RETURN_IF_ERROR(prepare(m));
  }
  return absl::OkStatus();
}

absl::Status FunctionEmitter::CarryIn(absl::Span<const ir::IterArg* const> iter_args,
                                      YieldFrame& frame, std::vector<std::string>& scalar_inits) {
  for (const ir::IterArg* ia : iter_args) {
    YieldSlot slot;
    const ir::Type* type = ia->type();
    if (type->Is<ir::TileType>()) {
      const Binding* buffer = Lookup(ia);
      PTO_CHECK(buffer != nullptr && buffer->kind() == BindingKind::kTile);
      PTO_ASSIGN_OR_RETURN(TileValue init, Tile(ia->init()));
      // An init computed in the carried buffer (phi_buffers.cc) is not copied.
      if (init.name != buffer->tile().name) {
        PTO_RETURN_IF_ERROR(PrepareWrite(ia));
        PTO_RETURN_IF_ERROR(Move(init, buffer->tile()));
      }
      slot.kind = BindingKind::kTile;
      slot.buffer = buffer->tile();
      slot.buffer_owner = ia;
    } else if (type->Is<ir::TensorType>()) {
      PTO_ASSIGN_OR_RETURN(TensorValue init, Tensor(ia->init()));
      BindTensor(ia, init);
      slot.kind = BindingKind::kTensor;
      slot.tensor = init;
      slot.tensor_known = true;
    } else if (const auto* s = type->As<ir::ScalarType>()) {
      PTO_ASSIGN_OR_RETURN(ScalarValue init, Scalar(ia->init()));
      PTO_ASSIGN_OR_RETURN(init, Convert(init, s->dtype()));
      scalar_inits.emplace_back(init.name);
      slot.kind = BindingKind::kScalar;
      slot.dtype = s->dtype();
      frame.scf_yield_needed = true;
    } else {
      return Unsupported(absl::StrCat("loop-carried '", ia->name(), "' is a ",
                                      ir::TypeKindName(type), "; PTO codegen carries tiles, "
                                      "tensors and scalars"));
    }
    frame.slots.push_back(slot);
  }
  return absl::OkStatus();
}

namespace {

std::string JoinAssign(absl::Span<const absl::string_view> lhs,
                       absl::Span<const std::string> rhs) {
  std::string out;
  for (size_t i = 0; i < lhs.size(); ++i) absl::StrAppend(&out, i ? ", " : "", lhs[i], " = ", rhs[i]);
  return out;
}

std::string JoinTyped(absl::Span<const absl::string_view> names,
                      absl::Span<const absl::string_view> types) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) {
    absl::StrAppend(&out, i ? ", " : "", names[i], ": ", types[i]);
  }
  return out;
}

}  // namespace

absl::Status FunctionEmitter::EmitFor(const ir::ForStmt& s) {
  PTO_ASSIGN_OR_RETURN(absl::string_view start, Index(s.start()));
  PTO_ASSIGN_OR_RETURN(absl::string_view stop, Index(s.stop()));
  PTO_ASSIGN_OR_RETURN(absl::string_view step, Index(s.step()));
  if (std::optional<int64_t> c = ir::AsConstInt(s.step()); c && *c <= 0) {
    return Unsupported(absl::StrCat("loops in PTO kernels must count upward (scf.for needs a "
                                    "positive step), but this loop steps by ",
                                    *c, "; iterate upward and invert the index in the body"));
  }
  if (!s.iter_args().empty() && ir::TrailingYield(s.body()) == nullptr) {
    return Unsupported(
        "a loop with init_values and no pl.yield_ (upstream's pre-SSA form) is not supported "
        "by PTO codegen; end its body with `x_out = pl.yield_(...)`");
  }
  YieldFrame frame;
  std::vector<std::string> inits;
  PTO_RETURN_IF_ERROR(CarryIn(s.iter_args(), frame, inits));

  std::vector<absl::string_view> args, types, results;
  for (size_t i = 0; i < frame.slots.size(); ++i) {
    if (frame.slots[i].kind != BindingKind::kScalar) continue;
    const ir::IterArg* ia = s.iter_args()[i];
    PTO_ASSIGN_OR_RETURN(absl::string_view type, ScalarTypeName(frame.slots[i].dtype));
    absl::string_view name = names_.Fresh(ia->name());
    BindScalar(ia, ScalarValue{name, frame.slots[i].dtype});
    args.push_back(name);
    types.push_back(type);
    results.push_back(i < s.return_vars().size() ? names_.Fresh(s.return_vars()[i]->name())
                                                 : names_.Fresh(ia->name()));
  }
  absl::string_view loop_var = names_.Fresh(s.loop_var()->name());
  std::string header;
  if (!results.empty()) absl::StrAppend(&header, absl::StrJoin(results, ", "), " = ");
  absl::StrAppend(&header, "scf.for ", loop_var, " = ", start, " to ", stop, " step ", step);
  if (!args.empty()) {
    absl::StrAppend(&header, " iter_args(", JoinAssign(args, inits), ") -> (",
                    absl::StrJoin(types, ", "), ")");
  }
  header += " {";
  OpenRegion(header);

  ScalarValue index_var{loop_var, DataType::kIndex};
  DataType loop_dtype = DataType::kIndex;
  if (const auto* st = s.loop_var()->type()->As<ir::ScalarType>()) loop_dtype = st->dtype();
  PTO_ASSIGN_OR_RETURN(ScalarValue bound_var,
                       Convert(index_var, loop_dtype, s.loop_var()->name()));
  BindScalar(s.loop_var(), bound_var);

  yields_.push_back(std::move(frame));
  absl::Status body = EmitStmt(s.body());
  frame = std::move(yields_.back());
  yields_.pop_back();
  PTO_RETURN_IF_ERROR(body);
  if (!frame.slots.empty() && !frame.yielded) {
    return Fail("the loop body must end in a yield of its iter args");
  }
  CloseRegion("}", s.loc());

  BindReturnVars(frame, s.return_vars(), results);
  return absl::OkStatus();
}

absl::Status FunctionEmitter::EmitWhile(const ir::WhileStmt& s) {
  YieldFrame frame;
  std::vector<std::string> inits;
  PTO_RETURN_IF_ERROR(CarryIn(s.iter_args(), frame, inits));
  frame.scf_yield_needed = true;  // the after-region has no implicit terminator

  std::vector<absl::string_view> before, after, types, results;
  std::vector<size_t> scalar_slots;
  for (size_t i = 0; i < frame.slots.size(); ++i) {
    if (frame.slots[i].kind != BindingKind::kScalar) continue;
    const ir::IterArg* ia = s.iter_args()[i];
    PTO_ASSIGN_OR_RETURN(absl::string_view type, ScalarTypeName(frame.slots[i].dtype));
    scalar_slots.push_back(i);
    before.push_back(names_.Fresh(ia->name()));
    types.push_back(type);
    results.push_back(i < s.return_vars().size() ? names_.Fresh(s.return_vars()[i]->name())
                                                 : names_.Fresh(ia->name()));
  }
  std::string type_list = absl::StrCat("(", absl::StrJoin(types, ", "), ")");
  std::string header;
  if (!results.empty()) absl::StrAppend(&header, absl::StrJoin(results, ", "), " = ");
  absl::StrAppend(&header, "scf.while ");
  if (!before.empty()) absl::StrAppend(&header, "(", JoinAssign(before, inits), ") ");
  absl::StrAppend(&header, ": ", type_list, " -> ", type_list, " {");
  OpenRegion(header);

  auto bind_scalars = [&](absl::Span<const absl::string_view> names) {
    for (size_t k = 0; k < scalar_slots.size(); ++k) {
      size_t i = scalar_slots[k];
      BindScalar(s.iter_args()[i], ScalarValue{names[k], frame.slots[i].dtype});
    }
  };
  bind_scalars(before);
  PTO_ASSIGN_OR_RETURN(ScalarValue cond, Scalar(s.condition()));
  PTO_ASSIGN_OR_RETURN(cond, Convert(cond, DataType::kBool));
  std::string condition = absl::StrCat("scf.condition(", cond.name, ")");
  if (!before.empty()) {
    absl::StrAppend(&condition, " ", absl::StrJoin(before, ", "), " : ",
                    absl::StrJoin(types, ", "));
  }
  EmitOp(condition);
  CloseRegion("} do {", ir::SourceLoc{});
  for (size_t k = 0; k < scalar_slots.size(); ++k) {
    after.push_back(names_.Fresh(s.iter_args()[scalar_slots[k]]->name()));
  }
  if (!after.empty()) {
    std::string label = absl::StrCat("^bb0(", JoinTyped(after, types), "):");
    OpenRegion(label);
    --depth_;  // the block label sits at the region's own indentation
  }
  ++depth_;
  bind_scalars(after);

  yields_.push_back(std::move(frame));
  absl::Status body = EmitStmt(s.body());
  frame = std::move(yields_.back());
  yields_.pop_back();
  PTO_RETURN_IF_ERROR(body);
  if (!frame.yielded) {
    if (!frame.slots.empty()) return Fail("the while body must end in a yield of its iter args");
    EmitOp("scf.yield");
  }
  CloseRegion("}", s.loc());

  BindReturnVars(frame, s.return_vars(), results);
  return absl::OkStatus();
}

absl::Status FunctionEmitter::EmitIf(const ir::IfStmt& s) {
  PTO_ASSIGN_OR_RETURN(ScalarValue cond, Scalar(s.condition()));
  PTO_ASSIGN_OR_RETURN(cond, Convert(cond, DataType::kBool));
  YieldFrame frame;
  std::vector<absl::string_view> types, results;
  for (const ir::Var* rv : s.return_vars()) {
    YieldSlot slot;
    if (rv->type()->Is<ir::TileType>()) {
      const Binding* buffer = Lookup(rv);
      PTO_CHECK(buffer != nullptr && buffer->kind() == BindingKind::kTile);
      slot.kind = BindingKind::kTile;
      slot.buffer = buffer->tile();
      slot.buffer_owner = rv;
    } else if (rv->type()->Is<ir::TensorType>()) {
      slot.kind = BindingKind::kTensor;
    } else if (const auto* st = rv->type()->As<ir::ScalarType>()) {
      slot.kind = BindingKind::kScalar;
      slot.dtype = st->dtype();
      PTO_ASSIGN_OR_RETURN(absl::string_view type, ScalarTypeName(st->dtype()));
      types.push_back(type);
      results.push_back(names_.Fresh(rv->name()));
      frame.scf_yield_needed = true;
    } else {
      return Unsupported(absl::StrCat("if result '", rv->name(), "' is a ",
                                      ir::TypeKindName(rv->type()),
                                      "; PTO codegen returns tiles, tensors and scalars"));
    }
    frame.slots.push_back(slot);
  }
  if (!frame.slots.empty() && s.else_body() == nullptr) {
    return Fail("an if with results needs an else branch");
  }
  std::string header;
  if (!results.empty()) absl::StrAppend(&header, absl::StrJoin(results, ", "), " = ");
  absl::StrAppend(&header, "scf.if ", cond.name);
  if (!types.empty()) absl::StrAppend(&header, " -> (", absl::StrJoin(types, ", "), ")");
  header += " {";
  OpenRegion(header);

  yields_.push_back(std::move(frame));
  auto branch = [&](const ir::Stmt* body) -> absl::Status {
    yields_.back().yielded = false;
    PTO_RETURN_IF_ERROR(EmitStmt(body));
    if (!yields_.back().slots.empty() && !yields_.back().yielded) {
      return Fail("each branch of an if with results must end in a yield");
    }
    return absl::OkStatus();
  };
  absl::Status status = branch(s.then_body());
  if (status.ok() && s.else_body() != nullptr) {
    CloseRegion("} else {", ir::SourceLoc{});
    ++depth_;
    status = branch(s.else_body());
  }
  frame = std::move(yields_.back());
  yields_.pop_back();
  PTO_RETURN_IF_ERROR(status);
  CloseRegion("}", s.loc());

  BindReturnVars(frame, s.return_vars(), results);
  return absl::OkStatus();
}

void FunctionEmitter::BindReturnVars(const YieldFrame& frame, ir::VarSpan return_vars,
                                     absl::Span<const absl::string_view> results) {
  size_t next_result = 0;
  for (size_t i = 0; i < frame.slots.size() && i < return_vars.size(); ++i) {
    const ir::Var* rv = return_vars[i];
    const YieldSlot& slot = frame.slots[i];
    switch (slot.kind) {
      case BindingKind::kTile: BindTile(rv, slot.buffer); break;
      case BindingKind::kTensor: BindTensor(rv, slot.tensor); break;
      case BindingKind::kScalar:
        BindScalar(rv, ScalarValue{results[next_result++], slot.dtype});
        break;
    }
  }
}

absl::Status FunctionEmitter::EmitYield(const ir::YieldStmt& s) {
  if (yields_.empty()) return Fail("a yield outside a loop or if");
  YieldFrame& frame = yields_.back();
  ir::ExprSpan values = s.values();
  if (values.size() != frame.slots.size()) {
    return Fail(absl::StrCat("yield of ", values.size(), " values where ", frame.slots.size(),
                             " are carried"));
  }
  std::vector<absl::string_view> names, types;
  std::vector<PendingMove> moves;
  for (size_t i = 0; i < values.size(); ++i) {
    YieldSlot& slot = frame.slots[i];
    switch (slot.kind) {
      case BindingKind::kTile: {
        PTO_ASSIGN_OR_RETURN(TileValue v, Tile(values[i]));
        moves.push_back(PendingMove{v, slot.buffer, slot.buffer_owner});
        break;
      }
      case BindingKind::kTensor: {
        PTO_ASSIGN_OR_RETURN(TensorValue t, Tensor(values[i]));
        if (!slot.tensor_known) {
          slot.tensor = t;
          slot.tensor_known = true;
        } else if (t.view != slot.tensor.view) {
          return Unsupported(absl::StrCat(
              "a loop or if must yield the tensor it carries; ", ir::FormatExpr(values[i]),
              " is the tensor view ", t.view, ", not ", slot.tensor.view));
        }
        break;
      }
      case BindingKind::kScalar: {
        PTO_ASSIGN_OR_RETURN(ScalarValue v, Scalar(values[i]));
        PTO_ASSIGN_OR_RETURN(v, Convert(v, slot.dtype));
        PTO_ASSIGN_OR_RETURN(absl::string_view type, ScalarTypeName(slot.dtype));
        names.push_back(v.name);
        types.push_back(type);
        break;
      }
    }
  }
  PTO_RETURN_IF_ERROR(EmitMoves(moves, s));
  if (frame.scf_yield_needed) {
    if (names.empty()) {
      EmitOp("scf.yield");
    } else {
      EmitOp(absl::StrCat("scf.yield ", absl::StrJoin(names, ", "), " : ",
                          absl::StrJoin(types, ", ")));
    }
  }
  frame.yielded = true;
  return absl::OkStatus();
}

}  // namespace pto::codegen
