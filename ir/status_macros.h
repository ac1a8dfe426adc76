// Status propagation helpers.
//
// Abseil 20220623 (Debian 12) predates ABSL_RETURN_IF_ERROR, so the project
// keeps its one equivalent here.
//
//   absl::StatusOr<const Type*> Deduce(...) {
//     PTO_RETURN_IF_ERROR(CheckArity(args, 2));
//     PTO_ASSIGN_OR_RETURN(const TileType* tile, ExpectTile(args[0]));
//     ...
//   }

#ifndef PTO_IR_STATUS_MACROS_H_
#define PTO_IR_STATUS_MACROS_H_

#include "absl/status/status.h"
#include "absl/status/statusor.h"

#define PTO_RETURN_IF_ERROR(expr)                       \
  do {                                                  \
    ::absl::Status pto_status_ = (expr);                \
    if (!pto_status_.ok()) return pto_status_;          \
  } while (false)

#define PTO_STATUS_CONCAT_INNER_(a, b) a##b
#define PTO_STATUS_CONCAT_(a, b) PTO_STATUS_CONCAT_INNER_(a, b)

#define PTO_ASSIGN_OR_RETURN(lhs, rexpr) \
  PTO_ASSIGN_OR_RETURN_IMPL_(PTO_STATUS_CONCAT_(pto_statusor_, __LINE__), lhs, rexpr)

#define PTO_ASSIGN_OR_RETURN_IMPL_(statusor, lhs, rexpr) \
  auto statusor = (rexpr);                               \
  if (!statusor.ok()) return statusor.status();          \
  lhs = *std::move(statusor)

#endif  // PTO_IR_STATUS_MACROS_H_
