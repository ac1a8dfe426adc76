// tile_program_show: prints what tile_program_fuzzer builds from each input
// file - the backend, the composite features, every output's comparison
// bound, the program itself and its hand-written spelling - to triage a
// crash or a corpus entry.
//
//   bazel run //fuzz:tile_program_show -- $PWD/fuzz/corpus/tile_program_fuzzer/sin_a5
//
// With --summary only the one-line feature summary is printed per file.

#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>

#include <fuzzer/FuzzedDataProvider.h>

#include "absl/strings/str_format.h"
#include "fuzz/gen/handwritten.h"
#include "fuzz/gen/tile_program_gen.h"
#include "ir/text/printer/printer.h"

namespace {

const char* KindName(pto::fuzz::ValueBound::Kind kind) {
  switch (kind) {
    case pto::fuzz::ValueBound::Kind::kExact: return "exact";
    case pto::fuzz::ValueBound::Kind::kApprox: return "approx";
    case pto::fuzz::ValueBound::Kind::kNearCast: return "near-cast";
    case pto::fuzz::ValueBound::Kind::kOpaque: return "opaque";
  }
  return "?";
}

}  // namespace

int main(int argc, char** argv) {
  bool summary = false;
  int status = 0;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--summary") {
      summary = true;
      continue;
    }
    std::ifstream in(arg, std::ios::binary);
    if (!in) {
      std::fprintf(stderr, "tile_program_show: cannot read %s\n", arg.c_str());
      status = 1;
      continue;
    }
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    FuzzedDataProvider data(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
    pto::ir::Context ctx;
    pto::fuzz::TileProgram p = pto::fuzz::GenerateTileProgram(ctx, data);
    const pto::fuzz::TileProgramFeatures& f = p.features;
    std::printf(
        "%s: arch=%s bytes=%zu sin=%d cos=%d sel_tt=%d sel_ts=%d sel_st=%d tquant=%d casts=%d "
        "near=%d loops=%d whiles=%d whiles_down=%d native_whiles=%d ifs=%d tuples=%d evals=%d "
        "scopes=%d breaks=%d continues=%d unpacks=%d outputs=%zu may_fail=%d\n",
        arg.c_str(), std::string(p.arch).c_str(), bytes.size(), f.sin, f.cos, f.select_tile_tile,
        f.select_tile_scalar, f.select_scalar_tile, f.tquant_mx, f.casts, f.near_casts, f.loops,
        f.whiles, f.whiles_down, f.native_whiles, f.ifs, f.tuples, f.evals, f.scopes,
        f.breaks, f.continues, f.unpacks, p.outputs.size(),
        p.may_fail_lowering ? 1 : 0);
    if (summary) continue;
    for (const pto::fuzz::TileOutput& o : p.outputs) {
      std::printf("  %s: %s", std::string(o.param->name()).c_str(), KindName(o.bound.kind));
      if (o.bound.kind == pto::fuzz::ValueBound::Kind::kApprox) {
        std::printf(" error<=%.3g", o.bound.error);
      }
      if (o.source >= 0) std::printf(" source=output %d", o.source);
      std::printf("\n");
    }
    std::printf("%s\n", pto::ir::PrintProgram(p.program).c_str());
    // What tile_program_fuzzer's property 2 parses as the hand-written form.
    std::printf("----- hand-written -----\n%s",
                pto::fuzz::WriteHandWritten(p.program, p.data_seed).text.c_str());
  }
  return status;
}
