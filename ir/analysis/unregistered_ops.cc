#include "ir/analysis/unregistered_ops.h"

#include "absl/strings/str_cat.h"
#include "ir/context.h"
#include "ir/diagnostic.h"
#include "ir/op.h"
#include "ir/visitor.h"

namespace pto::ir {

namespace {

class Finder : public IRVisitor {
 public:
  const Call* found = nullptr;
  void VisitCall(const Call* c) override {
    if (found != nullptr) return;
    if (c->op() != nullptr && c->op()->unregistered()) {
      found = c;
      return;
    }
    IRVisitor::VisitCall(c);
  }
};

}  // namespace

absl::Status RejectUnregisteredOps(const Program& program, absl::string_view consumer) {
  for (const Function* f : program.functions()) {
    Finder finder;
    finder.VisitFunction(f);
    if (finder.found == nullptr) continue;
    return LocatedError(
        program.context(), finder.found->loc().known() ? finder.found->loc() : f->loc(),
        absl::StrCat(consumer, ": ", finder.found->op()->name(),
                     " is an unregistered op (in function '", f->name(), "'); ", consumer,
                     " cannot handle it"));
  }
  return absl::OkStatus();
}

}  // namespace pto::ir
