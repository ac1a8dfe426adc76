// Internal invariant checks.
//
// PTO_CHECK guards conditions that only a bug in this code base can violate:
// user input never reaches one (user errors are absl::Status values). A failed
// check prints the condition and location and aborts.
//
//   PTO_CHECK(index < size()) << "index " << index;
//   PTO_UNREACHABLE() << "unknown kind " << static_cast<int>(kind);

#ifndef PTO_IR_CHECK_H_
#define PTO_IR_CHECK_H_

#include <sstream>

namespace pto::internal {

// Collects the streamed message; its destructor reports and aborts.
class CheckFailure {
 public:
  CheckFailure(const char* file, int line, const char* condition);
  [[noreturn]] ~CheckFailure();
  std::ostream& stream() { return stream_; }

 private:
  std::ostringstream stream_;
};

// Makes `cond ? (void)0 : CheckFailure(...) << msg` type-check.
struct Voidify {
  void operator&(std::ostream&) {}
};

}  // namespace pto::internal

#define PTO_CHECK(cond)                \
  (cond) ? (void)0                     \
         : ::pto::internal::Voidify() & \
               ::pto::internal::CheckFailure(__FILE__, __LINE__, #cond).stream()

#define PTO_UNREACHABLE() \
  PTO_CHECK(false) << "unreachable: "

#ifndef NDEBUG
#define PTO_DCHECK(cond) PTO_CHECK(cond)
#else
#define PTO_DCHECK(cond) PTO_CHECK(true || (cond))
#endif

#endif  // PTO_IR_CHECK_H_
