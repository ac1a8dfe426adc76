#include "ir/spmd_body.h"

#include "ir/op.h"
#include "ir/visitor.h"

namespace pto::ir {
namespace {

class Scan : public IRVisitor {
 public:
  SpmdBodyUse use;
  void VisitCall(const Call* c) override {
    if (c->op() != nullptr) {
      absl::string_view n = c->op()->name();
      if (n == "tile.get_block_idx" || n == "tensor.get_block_idx") ++use.block_index_reads;
    } else if (c->callee() != nullptr && !c->is_submit()) {
      ++use.dispatches;
    }
    IRVisitor::VisitCall(c);
  }
};

}  // namespace

SpmdBodyUse ScanSpmdBody(const Stmt* body) {
  Scan scan;
  scan.VisitStmt(body);
  return scan.use;
}

}  // namespace pto::ir
