#include "tools/run_io.h"

#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "ir/status_macros.h"
#include "sim/interp/buffer.h"
#include "sim/npy/npy_buffer.h"
#include "sim/numerics/element_convert.h"
#include "sim/numerics/float_formats.h"
#include "tools/output_file.h"

namespace pto::sim {
namespace {

using ir::DataType;

uint64_t RandomCode(DataType dtype, std::mt19937_64& rng) {
  if (dtype == DataType::kFP8E8M0) return 119 + rng() % 17;
  if (dtype.IsFloat()) {
    std::uniform_real_distribution<double> dist(-1.0, 1.0);
    return EncodeFloat(dtype, ExactNumber::FromDouble(dist(rng)), ir::RoundMode::kRint, false);
  }
  if (dtype.IsBool()) return rng() & 1;
  return rng() & ElementMask(dtype);
}

}  // namespace

absl::StatusOr<BufferView> RandomBuffer(DataType dtype, absl::Span<const int64_t> shape,
                                        bool col_major, std::mt19937_64& rng) {
  BufferView v = AllocateBuffer(dtype, shape, col_major);
  ForEachIndex(shape, [&](absl::Span<const int64_t> index) {
    StoreBits(v, BitOffset(v, index), RandomCode(dtype, rng));
  });
  return v;
}

absl::StatusOr<Scalar> ScalarInput(absl::string_view name, DataType dtype,
                                   const std::optional<std::string>& path, bool random,
                                   std::mt19937_64& rng) {
  std::string what = absl::StrCat("input '", name, "'");
  if (path) {
    PTO_ASSIGN_OR_RETURN(NpyArray file, ReadNpyFile(*path));
    if (file.descr != NpyDescrFor(dtype) || file.NumElements() != 1 || file.shape.size() > 1) {
      return absl::InvalidArgumentError(absl::StrCat(
          what, ": expected a 0-d array of dtype ", NpyDescrFor(dtype), " (", dtype.name(),
          "), got shape (", absl::StrJoin(file.shape, ", "), ") of ", file.descr));
    }
    uint64_t code =
        LoadBitsRaw(reinterpret_cast<const uint8_t*>(file.data.data()), 0, file.ItemSize() * 8);
    return Scalar::FromElementBits(dtype, code);
  }
  if (random) {
    return dtype.IsFloat() ? Scalar::Float(dtype, std::uniform_real_distribution<double>(-1, 1)(rng))
                           : Scalar::Int(dtype, static_cast<int64_t>(rng() % 16));
  }
  return absl::InvalidArgumentError(absl::StrCat("missing ", what, " (scalar ", dtype.name(),
                                                 "): pass --in=", name,
                                                 "=PATH.npy (a 0-d array) or --seed=N"));
}

std::string DescribeDims(absl::Span<const int64_t> dims) {
  return absl::StrCat("[", absl::StrJoin(dims, ", "), "]");
}

void AddBufferOutput(const std::string& name, const BufferView& v, std::vector<Output>& out) {
  Output o;
  o.name = name;
  o.array = NpyFromBuffer(v);
  o.elements = v.NumElements();
  ForEachIndex(v.shape, [&](absl::Span<const int64_t> index) {
    if (!IsDefinedAt(v, BitOffset(v, index))) ++o.undefined;
  });
  out.push_back(std::move(o));
}

void AddValueOutput(const std::string& name, const Value& v, std::vector<Output>& out) {
  if (const BufferView* b = v.buffer()) {
    AddBufferOutput(name, *b, out);
  } else if (const Scalar* s = v.scalar()) {
    Output o;
    o.name = name;
    o.array.descr = NpyDescrFor(s->dtype);
    uint64_t code = s->ToElementBits();
    o.array.data.assign(reinterpret_cast<const char*>(&code),
                        static_cast<size_t>(std::max(1, s->dtype.bytes())));
    o.elements = 1;
    out.push_back(std::move(o));
  } else if (const std::vector<Value>* t = v.tuple()) {
    for (size_t j = 0; j < t->size(); ++j) AddValueOutput(absl::StrCat(name, "_", j), (*t)[j], out);
  }
}

absl::StatusOr<RunResult> FinishRun(const std::string& out_dir,
                                    const std::vector<Output>& outputs) {
  absl::flat_hash_map<std::string, int> seen;
  for (const Output& o : outputs) {
    if (++seen[o.name] > 1) {
      return absl::InvalidArgumentError(absl::StrCat("two outputs are named '", o.name, ".npy'"));
    }
  }
  std::vector<std::pair<std::string, std::string>> files;
  for (const Output& o : outputs) {
    files.emplace_back(absl::StrCat(o.name, ".npy"),
                       SerializeNpy(o.array.descr, o.array.shape, o.array.data));
  }
  RunResult result;
  PTO_ASSIGN_OR_RETURN(result.files, tools::WriteFiles(out_dir, files, "pto-run"));
  for (const Output& o : outputs) {
    if (o.undefined > 0) {
      result.warnings.push_back(absl::StrCat(o.name, ".npy: ", o.undefined, " of ", o.elements,
                                             " elements are undefined (poison)"));
    }
  }
  return result;
}

}  // namespace pto::sim
