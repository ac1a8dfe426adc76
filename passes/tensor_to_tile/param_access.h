// Which tensor parameters a function body reads and writes, through the
// aliases it makes of them, and the direction upgrade that follows.
//
// Converting a kernel to tile ops turns `out = pl.assemble(out, t, [0, 0])`
// into `pl.store(t, [0, 0], out)`: the body now writes `out`, and a
// parameter declared In must say so. Every value is traced back to the
// parameters it may alias: a parameter itself, a view or slice of one
// (tensor.slice, tensor.view), the updated tensor a writing op returns
// (tile.store, tensor.write, tensor.assemble: Op::written_args), a loop's
// carried value and result (joined over init and yields), a branch's result
// (joined over its yields). An op's written operand is written; every other
// operand it uses is read, except the source of a view or slice (aliasing
// alone reads nothing). The collectives that combine into their buffers and
// a notify that adds also read what they write.
//
//   ParamAccess access = AnalyzeParamAccess(body, params);
//   UpgradeWrittenParams(access, directions);
//   // directions[i]: In -> Out when params[i] is written and never read,
//   //                In -> InOut when it is written and read.
//
// Directions declared Out or InOut are kept.

#ifndef PTO_PASSES_TENSOR_TO_TILE_PARAM_ACCESS_H_
#define PTO_PASSES_TENSOR_TO_TILE_PARAM_ACCESS_H_

#include <vector>

#include "ir/context.h"

namespace pto::passes::tensor_to_tile {

struct ParamAccess {
  std::vector<bool> read;
  std::vector<bool> written;
  // Where each param is first stored to in bulk (tile.store, the MTE3 path)
  // and element by element (tensor.write, the data-cache path); unknown
  // locations where it is not.
  std::vector<ir::SourceLoc> bulk_store;
  std::vector<ir::SourceLoc> scalar_store;
};

ParamAccess AnalyzeParamAccess(const ir::Stmt* body, ir::VarSpan params);

// directions[i] upgraded from In as the file comment says.
void UpgradeWrittenParams(const ParamAccess& access, std::vector<ir::ParamDirection>& directions);

}  // namespace pto::passes::tensor_to_tile

#endif  // PTO_PASSES_TENSOR_TO_TILE_PARAM_ACCESS_H_
