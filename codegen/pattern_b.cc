#include "codegen/pattern_b.h"

#include <cstdint>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "ir/context.h"
#include "ir/op.h"
#include "ir/diagnostic.h"
#include "ir/stmt.h"
#include "ir/visitor.h"

namespace pto::codegen {
namespace {

constexpr absl::string_view kHint =
    "PTO codegen needs each variable assigned once and used inside the block that assigns it "
    "(carry values out of a loop or an if with init_values / pl.yield_)";

class Finder : public ir::IRVisitor {
 public:
  explicit Finder(const ir::Context& ctx) : ctx_(ctx) {}

  absl::Status Check(const ir::Function* f) {
    loc_ = f->loc();
    for (const ir::Var* p : f->params()) Define(p);
    if (f->body() != nullptr) VisitStmt(f->body());
    return status_;
  }

  void VisitVar(const ir::Var* v) override {
    auto it = vars_.find(v);
    // An unknown Var is a dim of a param type: no block assigns it.
    if (it == vars_.end() || it->second.visible) return;
    Report(absl::StrCat("'", v->name(), "' is used outside the block that assigns it (at ",
                        ctx_.FormatLoc(it->second.loc), ")"));
  }
  void VisitIterArg(const ir::IterArg* a) override { VisitVar(a); }

  void VisitAssign(const ir::AssignStmt* s) override {
    At(s);
    VisitExpr(s->value());
    Define(s->var(), StoresIntoItself(s));
  }
  void VisitEval(const ir::EvalStmt* s) override {
    At(s);
    VisitExpr(s->expr());
  }
  void VisitReturn(const ir::ReturnStmt* s) override {
    At(s);
    IRVisitor::VisitReturn(s);
  }
  void VisitYield(const ir::YieldStmt* s) override {
    At(s);
    IRVisitor::VisitYield(s);
  }
  void VisitIf(const ir::IfStmt* s) override {
    At(s);
    VisitExpr(s->condition());
    bool leaks = s->return_vars().empty();
    size_t mark = Open();
    VisitStmt(s->then_body());
    Close(mark, leaks);
    if (s->else_body() != nullptr) {
      mark = Open();
      VisitStmt(s->else_body());
      Close(mark, leaks);
    }
    At(s);
    for (const ir::Var* v : s->return_vars()) Define(v);
  }
  void VisitFor(const ir::ForStmt* s) override {
    At(s);
    VisitExpr(s->start());
    VisitExpr(s->stop());
    VisitExpr(s->step());
    for (const ir::IterArg* a : s->iter_args()) VisitExpr(a->init());
    size_t mark = Open();
    Define(s->loop_var());
    for (const ir::IterArg* a : s->iter_args()) Define(a);
    VisitStmt(s->body());
    Close(mark, s->iter_args().empty() && s->return_vars().empty());
    At(s);
    for (const ir::Var* v : s->return_vars()) Define(v);
  }
  void VisitWhile(const ir::WhileStmt* s) override {
    At(s);
    for (const ir::IterArg* a : s->iter_args()) VisitExpr(a->init());
    size_t mark = Open();
    for (const ir::IterArg* a : s->iter_args()) Define(a);
    VisitExpr(s->condition());
    VisitStmt(s->body());
    Close(mark, s->iter_args().empty() && s->return_vars().empty());
    At(s);
    for (const ir::Var* v : s->return_vars()) Define(v);
  }

 private:
  struct Info {
    ir::SourceLoc loc;
    uint32_t block;  // the body that assigns it
    bool visible;
  };
  size_t Open() {
    blocks_.push_back(next_block_++);
    return scope_.size();
  }
  void At(const ir::Stmt* s) {
    if (s->loc().known()) loc_ = s->loc();
  }
  // `out = pl.tile.store(t, offsets, out)`: a store's result is bound to the
  // tensor it wrote (memory_emitters.cc), so assigning it to that tensor's
  // own Var, from any body, leaves the binding as it was.
  static bool StoresIntoItself(const ir::AssignStmt* s) {
    const auto* call = s->value()->As<ir::Call>();
    return call != nullptr && call->op() != nullptr && call->op()->name() == "tile.store" &&
           call->args().size() > 2 && call->arg(2) == s->var();
  }
  void Define(const ir::Var* v, bool rebinds_itself = false) {
    if (v == nullptr) return;
    ir::SourceLoc at = v->loc().known() ? v->loc() : loc_;
    auto [it, inserted] = vars_.try_emplace(v, Info{at, blocks_.back(), true});
    if (inserted) {
      scope_.push_back(v);
      return;
    }
    // Straight-line reassignment rebinds the name in program order, which
    // is what the IR means; from another body it is not.
    if (it->second.visible && (it->second.block == blocks_.back() || rebinds_itself)) return;
    Report(absl::StrCat("'", v->name(), "' is assigned again in another loop body or branch (first at ",
                        ctx_.FormatLoc(it->second.loc), ")"));
  }
  // Ends a body. Only a body that leaks (pattern B) hides its names here:
  // a use after a loop or if with carried values is the verifier's error.
  void Close(size_t mark, bool leaks) {
    blocks_.pop_back();
    if (leaks) {
      for (size_t i = mark; i < scope_.size(); ++i) vars_[scope_[i]].visible = false;
    }
    scope_.resize(mark);
  }
  void Report(absl::string_view what) {
    if (!status_.ok()) return;
    status_ = absl::UnimplementedError(
        ir::FormatError(ctx_, loc_, absl::StrCat("codegen: ", what, "; ", kHint)));
  }

  const ir::Context& ctx_;
  ir::SourceLoc loc_;
  absl::flat_hash_map<const ir::Var*, Info> vars_;
  std::vector<const ir::Var*> scope_;
  std::vector<uint32_t> blocks_ = {0};  // the open bodies, function body first
  uint32_t next_block_ = 1;
  absl::Status status_;
};

}  // namespace

absl::Status RejectPatternB(const ir::Program& program) {
  for (const ir::Function* f : program.functions()) {
    Finder finder(program.context());
    absl::Status s = finder.Check(f);
    if (!s.ok()) return s;
  }
  return absl::OkStatus();
}

}  // namespace pto::codegen
