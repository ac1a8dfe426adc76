// Options a pass takes when it is built, as upstream's pass factories take
// arguments (an unroll limit, a planner choice).
//
// A pass registers what it accepts as a list of PassOptionSpec; a pipeline
// spec sets them with `Name{key=value,...}` (pass_registry.h). The registry
// checks every key and value against the specs before the pass's factory
// runs, so a factory reads typed values that are always present:
//
//   const PassOptionSpec kUnrollOptions[] = {
//       {"max_trip_count", PassOptionSpec::kInt, "64", "loops with more trips stay rolled"}};
//   std::unique_ptr<Pass> CreateUnrollLoopsPass(const PassOptions& options) {
//     return std::make_unique<UnrollLoops>(options.GetInt("max_trip_count"));
//   }

#ifndef PTO_PASSES_PASS_OPTIONS_H_
#define PTO_PASSES_PASS_OPTIONS_H_

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"

namespace pto::passes {

struct PassOptionSpec {
  enum Kind : uint8_t { kInt, kBool, kString };
  const char* name;
  Kind kind;
  const char* default_value;  // in the spelling a spec would use
  const char* help;
};

// "int", "bool" or "string".
absl::string_view PassOptionKindName(PassOptionSpec::Kind kind);

// The values of one pass's options: each spec's default, overridden by the
// `key=value` pairs a spec gave. Only Resolve builds one, so a value read
// here has been checked against its spec.
class PassOptions {
 public:
  PassOptions() = default;

  // Checks `given` (key, value) pairs against `specs`: an unknown key, a key
  // given twice, or a value not of its kind is an error naming the pass. A
  // default not of its kind is a bug (checked). The result points into
  // `specs`, which must outlive it (a registry's specs outlive the build).
  static absl::StatusOr<PassOptions> Resolve(
      absl::string_view pass, absl::Span<const PassOptionSpec> specs,
      absl::Span<const std::pair<std::string, std::string>> given);

  // The value of option `name`; it must be one of the pass's specs, of that
  // kind (checked).
  int64_t GetInt(absl::string_view name) const;
  bool GetBool(absl::string_view name) const;
  const std::string& GetString(absl::string_view name) const;

 private:
  struct Value {
    const PassOptionSpec* spec;
    std::string text;
    int64_t number = 0;  // an int's value, or a bool's 0/1
  };
  const Value& Find(absl::string_view name, PassOptionSpec::Kind kind) const;
  std::vector<Value> values_;
};

}  // namespace pto::passes

#endif  // PTO_PASSES_PASS_OPTIONS_H_
