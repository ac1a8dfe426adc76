#include "e2e/collective_cases.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "backends/registry.h"
#include "codegen/pto_emitter.h"
#include "e2e/collective_pto.h"
#include "e2e/numerics_util.h"
#include "ir/status_macros.h"
#include "ir/text/printer/printer.h"
#include "sim/interp/test_util.h"
#include "sim/numerics/element_convert.h"
#include "sim/pto/reader.h"

namespace pto::sim::testing {
namespace {

using ir::DataType;

constexpr int64_t kMaxRecv = 3;  // all_to_all_v rows per sender

enum class Role : uint8_t { kData, kInput, kResult, kSignal, kCounts, kRecv, kFlag };

struct Param {
  std::string name;
  Role role;
  DataType dtype;
  Dims shape;          // the run's extents
  std::string type;    // as written in the program
  bool window = false;
};

// One rank's buffers, one vector per parameter (empty for the flag).
using RankState = std::vector<std::vector<double>>;

const char* DtypeText(DataType t) { return t == DataType::kFP16 ? "pl.FP16" : "pl.FP32"; }

std::string DimsText(const Dims& d) { return absl::StrCat("[", absl::StrJoin(d, ", "), "]"); }

std::vector<Param> ParamsOf(const CaseConfig& c) {
  int64_t nr = c.nranks, size = c.size;
  std::string dt = DtypeText(c.dtype);
  auto window = [](std::string name, Role role, DataType dtype, Dims shape, std::string type) {
    return Param{std::move(name), role, dtype, std::move(shape), std::move(type), true};
  };
  auto dist = [](const Dims& shape, const std::string& dtype) {
    return absl::StrCat("pld.DistributedTensor[", DimsText(shape), ", ", dtype, "]");
  };
  std::vector<Param> p;
  Dims mesh_signal = {nr, 1};
  switch (c.collective) {
    case Collective::kAllReduceMesh:
    case Collective::kAllReduceRing:
    case Collective::kBroadcast: {
      Dims shape = {1, size};
      std::string type = dist(shape, dt);
      if (c.variant == Variant::kSymbolic) {
        type = absl::StrCat("pld.DistributedTensor[[1, n], ", dt, "]");
      } else if (c.variant == Variant::kPartial && c.collective == Collective::kAllReduceMesh) {
        shape = {2, 3, 4};
        type = absl::StrCat("pld.DistributedTensor[[2, 3, 4], ", dt,
                            ", pl.TensorView(valid_shape=[1, 3, 2], stride=[], "
                            "layout=pl.TensorLayout.ND)]");
      } else if (c.variant == Variant::kPartial) {
        int64_t valid = std::max<int64_t>(1, size * 2 / 3);
        type = absl::StrCat("pld.DistributedTensor[[1, ", size, "], ", dt,
                            ", pl.TensorView(valid_shape=[1, ", valid,
                            "], stride=[], layout=pl.TensorLayout.ND)]");
      }
      p.push_back(window("data", Role::kData, c.dtype, shape, type));
      Dims sig = c.collective == Collective::kAllReduceRing ? Dims{2 * (nr - 1), nr} : mesh_signal;
      p.push_back(window("signal", Role::kSignal, DataType::kInt32, sig, dist(sig, "pl.INT32")));
      break;
    }
    case Collective::kReduceScatter: {
      Dims shape = {nr, size};
      std::string type = c.variant == Variant::kSymbolic
                             ? absl::StrCat("pld.DistributedTensor[[", nr, ", n], ", dt, "]")
                             : dist(shape, dt);
      p.push_back(window("data", Role::kData, c.dtype, shape, type));
      p.push_back(window("signal", Role::kSignal, DataType::kInt32, mesh_signal,
                         dist(mesh_signal, "pl.INT32")));
      break;
    }
    case Collective::kBarrier:
      p.push_back(window("signal", Role::kSignal, DataType::kInt32, mesh_signal,
                         dist(mesh_signal, "pl.INT32")));
      break;
    case Collective::kAllGather:
    case Collective::kAllToAll: {
      Dims in = c.collective == Collective::kAllGather ? Dims{1, size} : Dims{nr, size};
      Dims out = {nr, size};
      p.push_back(Param{"inp", Role::kInput, c.dtype, in,
                        absl::StrCat("pl.Tensor[", DimsText(in), ", ", dt, "]"), false});
      p.push_back(window("out", Role::kResult, c.dtype, out, dist(out, dt)));
      p.push_back(window("signal", Role::kSignal, DataType::kInt32, mesh_signal,
                         dist(mesh_signal, "pl.INT32")));
      break;
    }
    case Collective::kAllToAllV: {
      Dims rows = {nr * kMaxRecv, size};
      p.push_back(Param{"inp", Role::kInput, c.dtype, rows,
                        absl::StrCat("pl.Tensor[", DimsText(rows), ", ", dt, "]"), false});
      p.push_back(window("out", Role::kResult, c.dtype, rows, dist(rows, dt)));
      p.push_back(window("signal", Role::kSignal, DataType::kInt32, mesh_signal,
                         dist(mesh_signal, "pl.INT32")));
      p.push_back(Param{"counts", Role::kCounts, DataType::kInt32, {nr},
                        absl::StrCat("pl.Tensor[[", nr, "], pl.INT32]"), false});
      p.push_back(window("recv", Role::kRecv, DataType::kInt32, mesh_signal,
                         dist(mesh_signal, "pl.INT32")));
      break;
    }
  }
  if (c.variant == Variant::kInIf) {
    p.push_back(Param{"flag", Role::kFlag, DataType::kIndex, {}, "pl.Scalar[pl.INDEX]", false});
  }
  return p;
}

std::string CallText(const CaseConfig& c) {
  switch (c.collective) {
    case Collective::kAllReduceMesh:
      return absl::StrCat("pld.tensor.allreduce(data, signal, op=", c.op,
                          ", mode='mesh', core_num=1)");
    case Collective::kAllReduceRing:
      return absl::StrCat("pld.tensor.allreduce(data, signal, op=", c.op,
                          ", mode='ring', core_num=1)");
    case Collective::kReduceScatter:
      return absl::StrCat("pld.tensor.reduce_scatter(data, signal, op=", c.op, ")");
    case Collective::kAllGather:
      return "pld.tensor.allgather(inp, out, signal)";
    case Collective::kBroadcast:
      return absl::StrCat("pld.tensor.broadcast(data, signal, root=", c.root, ")");
    case Collective::kBarrier:
      return "pld.tensor.barrier(signal)";
    case Collective::kAllToAll:
      return "pld.tensor.all_to_all(inp, out, signal)";
    case Collective::kAllToAllV:
      return "pld.tensor.all_to_all_v(inp, out, signal, counts, recv)";
  }
  return "";
}

// How many times the program applies the collective.
int Applications(Variant v) {
  switch (v) {
    case Variant::kBackToBack:
    case Variant::kInIf:
    case Variant::kInWhile:
      return 2;
    case Variant::kInFor:
      return 3;
    default:
      return 1;
  }
}

// `returns`: the kernel returns 0 (what the IR runs check); a PTO kernel
// returns nothing.
std::string ProgramOf(const CaseConfig& c, bool returns = true) {
  std::vector<std::string> params;
  for (const Param& p : ParamsOf(c)) params.push_back(absl::StrCat(p.name, ": ", p.type));
  std::string call = CallText(c);
  std::string body;
  const std::string in = "        ";
  switch (c.variant) {
    case Variant::kBackToBack:
      body = absl::StrCat(in, "res = ", call, "\n", in, "res2 = ", call, "\n");
      break;
    case Variant::kInFor:
      body = absl::StrCat(in, "for i in pl.range(3):\n", in, "    res = ", call, "\n");
      break;
    case Variant::kInIf:
      body = absl::StrCat(in, "res = ", call, "\n", in, "if flag > 0:\n", in, "    res2 = ", call,
                          "\n");
      break;
    case Variant::kInWhile:
      body = absl::StrCat(in, "for (i,) in pl.while_(init_values=(0,)):\n", in,
                          "    pl.cond(i < 2)\n", in, "    res = ", call, "\n", in,
                          "    i2 = i + 1\n", in, "    r = pl.yield_(i2)\n");
      break;
    default:
      body = absl::StrCat(in, "res = ", call, "\n");
      break;
  }
  return absl::StrCat(
      "import pypto.language as pl\n\n",
      c.variant == Variant::kSymbolic ? "n = pl.dynamic(\"n\")\n\n" : "",
      "@pl.program\nclass P:\n"
      "    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, "
      "role=pl.Role.SubWorker)\n"
      "    def k(self, ",
      absl::StrJoin(params, ", "), ")", returns ? " -> pl.Scalar[pl.INDEX]" : "", ":\n", body,
      returns ? absl::StrCat(in, "return 0\n") : std::string());
}

int64_t NumElements(const Dims& d) {
  int64_t n = 1;
  for (int64_t e : d) n *= e;
  return n;
}

// Exact-valued inputs: small integers, or signed powers of two for Prod.
double DataValue(const CaseConfig& c, int rank, int64_t i) {
  if (c.op == 3 && HasReduceOp(c.collective)) {
    static const double kFactors[] = {-2, -1, 1, 2, 0.5};
    return kFactors[(i * 5 + rank * 3) % 5];
  }
  return static_cast<double>((i * 7 + rank * 13 + 3) % 17) - 8;
}

RankState InitialState(const CaseConfig& c, const std::vector<Param>& params, int rank) {
  RankState s;
  for (const Param& p : params) {
    std::vector<double> v(static_cast<size_t>(NumElements(p.shape)));
    for (size_t i = 0; i < v.size(); ++i) {
      int64_t k = static_cast<int64_t>(i);
      switch (p.role) {
        case Role::kData:
          v[i] = DataValue(c, rank, k);
          break;
        case Role::kInput:
          v[i] = static_cast<double>((k * 3 + rank * 29 + 1) % 23) - 11;
          break;
        case Role::kResult:
          v[i] = 100 + (k + rank) % 7;
          break;
        case Role::kSignal:
          v[i] = 0;
          break;
        case Role::kCounts:
          v[i] = static_cast<double>((rank * 5 + k * 3) % 7) - 2;  // -2 .. 4: clamps both ways
          break;
        case Role::kRecv:
          v[i] = static_cast<double>((rank + k) % 5);  // stale counts of an earlier call
          break;
        case Role::kFlag:
          break;
      }
    }
    if (p.role == Role::kFlag) v.clear();
    s.push_back(std::move(v));
  }
  return s;
}

double Reduce(int op, double a, double b) {
  switch (op) {
    case 1:
      return std::max(a, b);
    case 2:
      return std::min(a, b);
    case 3:
      return a * b;
    default:
      return a + b;
  }
}

// Flat indices of the target's valid elements.
std::vector<int64_t> ValidIndices(const CaseConfig& c, const Param& data) {
  std::vector<int64_t> out;
  if (c.variant == Variant::kPartial && c.collective == Collective::kAllReduceMesh) {
    for (int64_t j = 0; j < 3; ++j) {
      for (int64_t k = 0; k < 2; ++k) out.push_back(j * 4 + k);
    }
    return out;
  }
  int64_t n = NumElements(data.shape);
  if (c.variant == Variant::kPartial) n = std::max<int64_t>(1, c.size * 2 / 3);
  for (int64_t i = 0; i < n; ++i) out.push_back(i);
  return out;
}

// One application of the collective.
std::vector<RankState> Apply(const CaseConfig& c, const std::vector<Param>& params,
                             const std::vector<RankState>& in) {
  std::vector<RankState> out = in;
  int nr = c.nranks;
  int64_t size = c.size;
  auto index = [&](Role role) {
    for (size_t i = 0; i < params.size(); ++i) {
      if (params[i].role == role) return i;
    }
    return params.size();
  };
  size_t data = index(Role::kData), inp = index(Role::kInput), res = index(Role::kResult);
  switch (c.collective) {
    case Collective::kAllReduceMesh:
    case Collective::kAllReduceRing:
      for (int64_t i : ValidIndices(c, params[data])) {
        double acc = in[0][data][static_cast<size_t>(i)];
        for (int p = 1; p < nr; ++p) acc = Reduce(c.op, acc, in[p][data][static_cast<size_t>(i)]);
        for (int r = 0; r < nr; ++r) out[r][data][static_cast<size_t>(i)] = acc;
      }
      break;
    case Collective::kReduceScatter:
      for (int r = 0; r < nr; ++r) {
        for (int64_t j = 0; j < size; ++j) {
          size_t i = static_cast<size_t>(r * size + j);
          double acc = in[0][data][i];
          for (int p = 1; p < nr; ++p) acc = Reduce(c.op, acc, in[p][data][i]);
          out[r][data][i] = acc;
        }
      }
      break;
    case Collective::kBroadcast:
      for (int r = 0; r < nr; ++r) out[r][data] = in[c.root][data];
      break;
    case Collective::kBarrier:
      break;
    case Collective::kAllGather:
    case Collective::kAllToAll:
      for (int r = 0; r < nr; ++r) {
        for (int p = 0; p < nr; ++p) {
          int64_t from = c.collective == Collective::kAllGather ? 0 : r * size;
          for (int64_t j = 0; j < size; ++j) {
            out[r][res][static_cast<size_t>(p * size + j)] =
                in[p][inp][static_cast<size_t>(from + j)];
          }
        }
      }
      break;
    case Collective::kAllToAllV: {
      size_t counts = index(Role::kCounts), recv = index(Role::kRecv);
      for (int r = 0; r < nr; ++r) {
        for (int s = 0; s < nr; ++s) {
          int64_t want = static_cast<int64_t>(in[s][counts][static_cast<size_t>(r)]);
          int64_t rows = std::clamp<int64_t>(want, 0, kMaxRecv);
          out[r][recv][static_cast<size_t>(s)] = static_cast<double>(rows);
          for (int64_t row = 0; row < rows; ++row) {
            for (int64_t j = 0; j < size; ++j) {
              out[r][res][static_cast<size_t>((s * kMaxRecv + row) * size + j)] =
                  in[s][inp][static_cast<size_t>((r * kMaxRecv + row) * size + j)];
            }
          }
        }
      }
      break;
    }
  }
  return out;
}

bool SameValue(double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); }

// Fast exact conversions for the harness's values (FP32, and FP16 values
// that are zero or normal and exactly representable; INT32), which keep the
// large configurations cheap; anything else takes the general path.
uint64_t Encode(DataType t, double v) {
  if (t == DataType::kFP32) {
    float f = static_cast<float>(v);
    uint32_t bits;
    std::memcpy(&bits, &f, 4);
    return bits;
  }
  if (t == DataType::kInt32) return static_cast<uint32_t>(static_cast<int32_t>(v));
  if (t == DataType::kFP16 && v == 0) return std::signbit(v) ? 0x8000 : 0;
  if (t == DataType::kFP16) {
    int exp = 0;
    double m = std::frexp(std::fabs(v), &exp);  // v = m * 2^exp, m in [0.5, 1)
    double frac = m * 2048.0 - 1024.0;          // 10 fraction bits
    if (exp - 1 >= -14 && exp - 1 <= 15 && frac == std::floor(frac)) {
      return (v < 0 ? 0x8000u : 0u) | static_cast<uint64_t>(exp - 1 + 15) << 10 |
             static_cast<uint64_t>(frac);
    }
  }
  return EncodeElement(t, ExactNumber::FromDouble(v), ir::RoundMode::kRint, false);
}

double Decode(DataType t, uint64_t bits) {
  if (t == DataType::kFP32) {
    uint32_t b = static_cast<uint32_t>(bits);
    float f;
    std::memcpy(&f, &b, 4);
    return f;
  }
  if (t == DataType::kInt32) return static_cast<int32_t>(static_cast<uint32_t>(bits));
  if (t == DataType::kFP16) {
    int exp = static_cast<int>((bits >> 10) & 0x1F);
    double sign = (bits & 0x8000) ? -1.0 : 1.0;
    if (exp == 0) return sign * std::ldexp(static_cast<double>(bits & 0x3FF), -24);
    if (exp != 31) return sign * std::ldexp(static_cast<double>((bits & 0x3FF) | 0x400), exp - 25);
  }
  return DecodeElement(t, bits).ToDouble();
}

BufferView FastBuffer(DataType t, const Dims& shape, const std::vector<double>& values) {
  BufferView v = AllocateBuffer(t, shape, false);
  int64_t i = 0;
  ForEachIndex(shape, [&](absl::Span<const int64_t> index) {
    StoreBits(v, BitOffset(v, index), Encode(t, values[static_cast<size_t>(i++)]));
  });
  return v;
}

std::vector<double> FastValues(const BufferView& v) {
  std::vector<double> out;
  out.reserve(static_cast<size_t>(v.NumElements()));
  ForEachIndex(v.shape, [&](absl::Span<const int64_t> index) {
    int64_t bit = BitOffset(v, index);
    out.push_back(IsDefinedAt(v, bit) ? Decode(v.dtype, LoadBits(v, bit)) : NAN);
  });
  return out;
}

}  // namespace

absl::string_view CollectiveName(Collective c) {
  switch (c) {
    case Collective::kAllReduceMesh:
      return "allreduce_mesh";
    case Collective::kAllReduceRing:
      return "allreduce_ring";
    case Collective::kReduceScatter:
      return "reduce_scatter";
    case Collective::kAllGather:
      return "allgather";
    case Collective::kBroadcast:
      return "broadcast";
    case Collective::kBarrier:
      return "barrier";
    case Collective::kAllToAll:
      return "all_to_all";
    case Collective::kAllToAllV:
      return "all_to_all_v";
  }
  return "?";
}

bool HasReduceOp(Collective c) {
  return c == Collective::kAllReduceMesh || c == Collective::kAllReduceRing ||
         c == Collective::kReduceScatter;
}

std::string CaseName(const CaseConfig& c) {
  static const char* kOps[] = {"Sum", "Max", "Min", "Prod"};
  static const char* kVariants[] = {"",       "_backtoback", "_infor",   "_inif",
                                    "_inwhile", "_partial",  "_symbolic"};
  std::string name(CollectiveName(c.collective));
  if (c.collective != Collective::kBarrier) {
    absl::StrAppend(&name, "_", c.dtype == DataType::kFP16 ? "FP16" : "FP32");
  }
  if (HasReduceOp(c.collective)) absl::StrAppend(&name, "_", kOps[c.op & 3]);
  absl::StrAppend(&name, "_nr", c.nranks);
  if (c.collective != Collective::kBarrier) absl::StrAppend(&name, "_size", c.size);
  if (c.collective == Collective::kBroadcast) absl::StrAppend(&name, "_root", c.root);
  absl::StrAppend(&name, kVariants[static_cast<int>(c.variant)]);
  return name;
}

int DefaultSchedules(const CaseConfig& c) {
  // A symbolic extent makes the rule use full 16-KiB tiles, as costly to
  // interpret as the large sizes.
  bool large = c.size >= 4095 || c.variant == Variant::kSymbolic;
  if (!large) return 200;
  if (c.size >= 65537) return c.nranks >= 8 ? 2 : 3;
  switch (c.nranks) {
    case 2:
      return 40;
    case 3:
      return 25;
    case 4:
      return 20;
    default:
      return 8;
  }
}

absl::StatusOr<std::unique_ptr<CollectiveCase>> CollectiveCase::Create(
    const CaseConfig& config, std::function<std::string(std::string)> mutate) {
  std::unique_ptr<CollectiveCase> k(new CollectiveCase());
  k->config_ = config;
  std::string text = ProgramOf(config);
  PTO_ASSIGN_OR_RETURN(ir::Program parsed, ir::ParseProgram(k->ctx_, text, "collective.py"));
  PTO_ASSIGN_OR_RETURN(ir::Program lowered, RunPipeline(parsed, "lower-composite-ops", "a5"));
  k->lowered_text_ = ir::PrintProgram(lowered);
  if (mutate) {
    std::string mutated = mutate(k->lowered_text_);
    if (mutated == k->lowered_text_) {
      return absl::InvalidArgumentError("the mutation changed nothing");
    }
    k->lowered_text_ = std::move(mutated);
    PTO_ASSIGN_OR_RETURN(lowered, ir::ParseProgram(k->ctx_, k->lowered_text_, "mutated.py"));
  }
  k->program_ = std::make_unique<ir::Program>(lowered);
  MultiRankOptions options;
  options.nranks = config.nranks;
  k->sim_ = std::make_unique<MultiRankSimulator>(*k->program_, options);
  return k;
}

absl::Status CollectiveCase::Run(uint64_t seed, const Executor& execute) {
  const CaseConfig& c = config_;
  std::vector<Param> params = ParamsOf(c);
  std::vector<RankState> state;
  for (int r = 0; r < c.nranks; ++r) state.push_back(InitialState(c, params, r));
  std::vector<RankState> want = state;
  for (int i = 0; i < Applications(c.variant); ++i) want = Apply(c, params, want);

  std::vector<std::vector<Value>> args(static_cast<size_t>(c.nranks));
  for (int r = 0; r < c.nranks; ++r) {
    for (size_t i = 0; i < params.size(); ++i) {
      const Param& p = params[i];
      args[r].push_back(p.role == Role::kFlag
                            ? Value::Of(Scalar::Int(DataType::kIndex, 1))
                            : Value::Of(FastBuffer(p.dtype, p.shape, state[r][i])));
    }
  }
  PTO_RETURN_IF_ERROR(execute(args));
  for (int r = 0; r < c.nranks; ++r) {
    for (size_t i = 0; i < params.size(); ++i) {
      const Param& p = params[i];
      if (p.role == Role::kFlag) continue;
      std::vector<double> got = FastValues(*args[r][i].buffer());
      const std::vector<double>& expected = want[r][i];
      for (size_t e = 0; e < got.size(); ++e) {
        if (SameValue(got[e], expected[e])) continue;
        return absl::InternalError(absl::StrCat(
            p.role == Role::kSignal ? "nonzero signal: " : "wrong result: ", "rank ", r, " ",
            p.name, " element ", e, " is ", got[e], ", expected ", expected[e], " (seed ", seed,
            ")"));
      }
    }
  }
  return absl::OkStatus();
}

absl::Status CollectiveCase::RunOnce(uint64_t seed, ExecutionMode mode) {
  return Run(seed, [&](std::vector<std::vector<Value>>& args) -> absl::Status {
    sim_->set_seed(seed);
    sim_->set_mode(mode);
    std::vector<std::vector<Value>> run = args;  // the buffers are shared: written in place
    PTO_ASSIGN_OR_RETURN(last_, sim_->Run("k", std::move(run)));
    return absl::OkStatus();
  });
}

absl::Status CollectiveCase::RunOncePto(uint64_t seed) {
  if (pto_ == nullptr) {
    // The same kernel without its scalar return, which a PTO kernel has not.
    PTO_ASSIGN_OR_RETURN(ir::Program parsed,
                         ir::ParseProgram(ctx_, ProgramOf(config_, false), "collective.py"));
    // Lowered and placed as the default pipeline does before codegen.
    PTO_ASSIGN_OR_RETURN(ir::Program lowered,
                         RunPipeline(parsed, "lower-composite-ops,infer-tile-memory-space", "a5"));
    PTO_ASSIGN_OR_RETURN(std::string text,
                         codegen::EmitPto(lowered, *backends::FindBackend("a5")));
    if (pto_mutation_) text = pto_mutation_(std::move(text));
    PTO_ASSIGN_OR_RETURN(pto_text::Module module, pto_text::ReadPto("collective.pto", text));
    pto_ = std::make_unique<pto_text::Module>(std::move(module));
  }
  std::vector<bool> windows;
  for (const Param& p : ParamsOf(config_)) windows.push_back(p.window);
  return Run(seed, [&](std::vector<std::vector<Value>>& args) {
    return RunCollectivePto(*pto_, "k", windows, seed, args);
  });
}

}  // namespace pto::sim::testing
