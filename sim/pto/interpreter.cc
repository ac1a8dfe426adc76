#include "sim/pto/interpreter.h"

#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "ir/check.h"
#include "ir/pto_names.h"
#include "ir/status_macros.h"
#include "ir/text/diagnostic.h"
#include "sim/pto/frame.h"

namespace pto::sim::pto_text {
namespace {

const OpTable& Handlers() {
  static const OpTable* const table = [] {
    auto* t = new OpTable;
    AddScalarOps(*t);
    AddViewOps(*t);
    AddTileOps(*t);
    AddCommOps(*t);
    return t;
  }();
  return *table;
}

}  // namespace

absl::Status Frame::Error(const Operation& op, absl::string_view message) const {
  return ir::text::SourceError(module_.filename(), module_.source(), op.pos,
                               absl::StrCat(op.name, ": ", message));
}

void Frame::Set(const Operand& result, Value v) {
  values_.insert_or_assign(result.value, std::move(v));
}

absl::StatusOr<Value> Frame::Get(const Operand& o) const {
  auto it = values_.find(o.value);
  // The reader checked every use is defined before it, so a miss is a
  // value an op failed to bind: a bug of a handler.
  if (it == values_.end()) {
    return absl::InternalError(absl::StrCat("no value bound to ", o.value));
  }
  return it->second;
}

absl::StatusOr<Scalar> Frame::GetScalar(const Operation& op, const Operand& o) const {
  PTO_ASSIGN_OR_RETURN(Value v, Get(o));
  if (const Scalar* s = v.scalar()) return *s;
  return Error(op, absl::StrCat(o.value, " must be a scalar, got a ", v.KindName()));
}

absl::StatusOr<int64_t> Frame::GetIndex(const Operation& op, const Operand& o) const {
  PTO_ASSIGN_OR_RETURN(Scalar s, GetScalar(op, o));
  if (s.IsFloat()) return Error(op, absl::StrCat(o.value, " must be an integer"));
  return s.i;
}

absl::StatusOr<BufferView> Frame::GetBuffer(const Operation& op, const Operand& o) const {
  PTO_ASSIGN_OR_RETURN(Value v, Get(o));
  if (const BufferView* b = v.buffer()) return *b;
  return Error(op, absl::StrCat(o.value, " must be a pointer, view or tile, got a ",
                                v.KindName()));
}

absl::StatusOr<const PtoType*> Frame::TypeOf(const Operation& op, absl::string_view text) {
  auto it = types_.find(text);
  if (it != types_.end()) return it->second.get();
  absl::StatusOr<PtoType> t = ParsePtoType(text);
  if (!t.ok()) return Error(op, t.status().message());
  auto [pos, inserted] = types_.emplace(text, std::make_unique<PtoType>(*std::move(t)));
  return pos->second.get();
}

absl::Status Frame::Bind(const Operation& op, const std::vector<Operand>& names,
                         const std::vector<Value>& values) {
  if (names.size() != values.size()) {
    return Error(op, absl::StrCat("expects ", names.size(), " values, got ", values.size()));
  }
  for (size_t i = 0; i < names.size(); ++i) Set(names[i], values[i]);
  return absl::OkStatus();
}

absl::Status Frame::RunBlock(const Block& block, std::vector<Value>* terminator,
                             bool* condition) {
  for (const Operation& op : block.ops) {
    if (op.name == "scf.yield" || op.name == "return" || op.name == "scf.condition") {
      terminator->clear();
      size_t first = 0;
      if (op.name == "scf.condition") {
        PTO_ASSIGN_OR_RETURN(Scalar c, GetScalar(op, op.operands[0]));
        if (condition != nullptr) *condition = c.Truthy();
        first = 1;
      }
      for (size_t i = first; i < op.operands.size(); ++i) {
        PTO_ASSIGN_OR_RETURN(Value v, Get(op.operands[i]));
        terminator->push_back(std::move(v));
      }
      return absl::OkStatus();
    }
    PTO_RETURN_IF_ERROR(RunOp(op));
  }
  terminator->clear();
  return absl::OkStatus();
}

absl::Status Frame::RunOp(const Operation& op) {
  if (op.name == "scf.for") return RunFor(op);
  if (op.name == "scf.if") return RunIf(op);
  if (op.name == "scf.while") return RunWhile(op);
  auto it = Handlers().find(op.name);
  // The reader admits only grammar ops, and every one has a handler
  // (interpreter_test's EveryGrammarOpRuns).
  PTO_CHECK(it != Handlers().end()) << "no handler for " << op.name;
  return it->second(*this, op);
}

absl::Status Frame::RunFor(const Operation& op) {
  PTO_ASSIGN_OR_RETURN(int64_t lower, GetIndex(op, op.operands[0]));
  PTO_ASSIGN_OR_RETURN(int64_t upper, GetIndex(op, op.operands[1]));
  PTO_ASSIGN_OR_RETURN(int64_t step, GetIndex(op, op.operands[2]));
  if (step <= 0) return Error(op, absl::StrCat("the step must be positive, got ", step));
  const Block& body = op.regions[0];
  std::vector<Value> carried;
  for (size_t i = 3; i < op.operands.size(); ++i) {
    PTO_ASSIGN_OR_RETURN(Value v, Get(op.operands[i]));
    carried.push_back(std::move(v));
  }
  ir::DataType iv_type = ir::DataType::kIndex;
  if (op.operands[0].type != "index") {
    PTO_ASSIGN_OR_RETURN(const PtoType* t, TypeOf(op, op.operands[0].type));
    iv_type = t->dtype;
  }
  std::vector<Value> next;
  for (int64_t i = lower; i < upper; i += step) {
    Set(body.args[0], Value::Of(Scalar::Int(iv_type, i)));
    for (size_t k = 0; k < carried.size(); ++k) Set(body.args[k + 1], carried[k]);
    PTO_RETURN_IF_ERROR(RunBlock(body, &next));
    if (next.size() != carried.size()) {
      return Error(op, absl::StrCat("the body yields ", next.size(), " values for ",
                                    carried.size(), " iter_args"));
    }
    carried.swap(next);
    if (upper - i <= step) break;  // i + step would overflow or pass upper
  }
  return Bind(op, op.results, carried);
}

absl::Status Frame::RunIf(const Operation& op) {
  PTO_ASSIGN_OR_RETURN(Scalar c, GetScalar(op, op.operands[0]));
  std::vector<Value> results;
  if (c.Truthy()) {
    PTO_RETURN_IF_ERROR(RunBlock(op.regions[0], &results));
  } else if (op.regions.size() > 1) {
    PTO_RETURN_IF_ERROR(RunBlock(op.regions[1], &results));
  }
  return Bind(op, op.results, results);
}

absl::Status Frame::RunWhile(const Operation& op) {
  std::vector<Value> carried;
  for (const Operand& init : op.operands) {
    PTO_ASSIGN_OR_RETURN(Value v, Get(init));
    carried.push_back(std::move(v));
  }
  const Block& before = op.regions[0];
  const Block& after = op.regions[1];
  std::vector<Value> forwarded;
  for (int64_t trip = 0;; ++trip) {
    if (trip > options_.max_while_iterations) {
      return Error(op, absl::StrCat("ran more than ", options_.max_while_iterations,
                                    " iterations"));
    }
    PTO_RETURN_IF_ERROR(Bind(op, before.args, carried));
    bool go = false;
    PTO_RETURN_IF_ERROR(RunBlock(before, &forwarded, &go));
    if (!go) return Bind(op, op.results, forwarded);
    PTO_RETURN_IF_ERROR(Bind(op, after.args, forwarded));
    PTO_RETURN_IF_ERROR(RunBlock(after, &carried));
  }
}

bool IsLaunchParameter(absl::string_view name) {
  return name == ir::kSpmdBlockIdxParam || name == ir::kSpmdBlockNumParam;
}

bool RunsOp(absl::string_view op) {
  return op == "scf.for" || op == "scf.if" || op == "scf.while" || op == "scf.yield" ||
         op == "scf.condition" || op == "return" || Handlers().contains(op);
}

absl::Status PtoInterpreter::Run(absl::string_view function, std::vector<Value> args) {
  for (const Operation& fn : module_.body().ops) {
    const Attribute* sym = fn.FindAttr("sym_name");
    if (sym == nullptr || sym->value.substr(1) != function) continue;
    Frame frame(module_, options_, hooks_);
    const Block& body = fn.regions[0];
    for (size_t i = args.size(); i < body.args.size(); ++i) {
      absl::string_view name = body.args[i].value.substr(1);
      if (name == ir::kSpmdBlockIdxParam) {
        args.push_back(Value::Of(Scalar::Int(ir::DataType::kInt32, launch_.block)));
      } else if (name == ir::kSpmdBlockNumParam) {
        args.push_back(Value::Of(Scalar::Int(ir::DataType::kInt32, launch_.blocks)));
      }
    }
    if (args.size() != body.args.size()) {
      return frame.Error(fn, absl::StrCat("@", function, " takes ", body.args.size(),
                                          " arguments, got ", args.size()));
    }
    for (size_t i = 0; i < args.size(); ++i) {
      PTO_ASSIGN_OR_RETURN(const PtoType* t, frame.TypeOf(fn, body.args[i].type));
      const BufferView* b = args[i].buffer();
      bool is_ptr = t->kind == PtoType::kPtr;
      if (is_ptr != (b != nullptr) || (b != nullptr && b->dtype != t->dtype)) {
        return frame.Error(fn, absl::StrCat("argument ", i, " (", body.args[i].value,
                                            ") must be ",
                                            is_ptr ? "a buffer of " : "a scalar of type ",
                                            body.args[i].type, ", got a ", args[i].KindName()));
      }
      frame.Set(body.args[i], std::move(args[i]));
    }
    std::vector<Value> returned;
    return frame.RunBlock(body, &returned);
  }
  return absl::NotFoundError(absl::StrCat("no function @", function, " in ", module_.filename()));
}

}  // namespace pto::sim::pto_text
