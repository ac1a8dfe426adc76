// The per-op dispatch table of the PTO emitter.
//
// Each op family (elementwise_emitters.cc, cast_emitters.cc, ...) adds one
// entry per op it lowers: the op name, the function that writes its PTO
// lines, and what the op's tile result is (a buffer of its own, an alias of
// an operand's buffer, or a view). The table is built once from the explicit
// family list in op_emitter.cc - no static self-registration - and an op
// without an entry is an error at its call, never silent output.
//
//   void AddCastEmitters(OpEmitterTable& table) {
//     table.Add({"tile.cast", &EmitTileCast, TileResult::kBuffer});
//   }
//   const OpEmitter* e = PtoOpEmitters().Find("tile.cast");

#ifndef PTO_CODEGEN_OP_EMITTER_H_
#define PTO_CODEGEN_OP_EMITTER_H_

#include <cstdint>

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "ir/expr.h"
#include "ir/op.h"

namespace pto::codegen {

class FunctionEmitter;

// What the op's result is, when it is a tile. The emitter core plans the
// function's buffers from this before it writes any line.
enum class TileResult : uint8_t {
  kBuffer,  // the result gets its own pto.alloc_tile; the op writes it (outs)
  kAlias,   // the result is operand 0's buffer, updated in place
  kView,    // the op defines the result as a view of operand 0 (pto.treshape)
  kNone,    // no tile result (stores, tensor views)
  kTuple,   // a tuple of tiles: each projected element gets its own buffer,
            // which the op writes (FunctionEmitter::ResultElements)
};

// Writes the PTO lines of `call` through `e` (which knows the result var,
// operand values and the location). Errors go through e.Fail(...).
using OpEmitFn = absl::Status (*)(FunctionEmitter& e, const ir::Call& call);

// The type of a scratch tile the op needs and its call does not provide
// (null: none). The emitter core allocates it with the function's other
// buffers; the emit function reads it with FunctionEmitter::Scratch().
using ScratchFn = const ir::Type* (*)(const ir::Call& call);

struct OpEmitter {
  absl::string_view op;
  OpEmitFn emit;
  TileResult result;
  ScratchFn scratch = nullptr;
  // kBuffer: the op may write a buffer it reads (outs naming one of its ins),
  // as PTO's element-wise instructions may; a loop's update `acc =
  // tile.add(acc, t)` is then computed in the carried buffer.
  bool in_place = false;
};

class OpEmitterTable {
 public:
  // Each op name is added once (checked).
  void Add(const OpEmitter& emitter);
  // nullptr when the op has no emitter.
  const OpEmitter* Find(absl::string_view op) const;

 private:
  absl::flat_hash_map<absl::string_view, OpEmitter> emitters_;
};

// The family registration functions, one per file.
void AddElementwiseEmitters(OpEmitterTable& table);  // elementwise_emitters.cc
void AddCastEmitters(OpEmitterTable& table);         // cast_emitters.cc
void AddCompareEmitters(OpEmitterTable& table);      // compare_emitters.cc
void AddMemoryEmitters(OpEmitterTable& table);       // memory_emitters.cc
void AddViewEmitters(OpEmitterTable& table);         // view_emitters.cc
void AddCommEmitters(OpEmitterTable& table);         // comm_emitters.cc
void AddQuantEmitters(OpEmitterTable& table);        // quant_emitters.cc
void AddLayoutEmitters(OpEmitterTable& table);       // layout_emitters.cc
void AddLaunchEmitters(OpEmitterTable& table);       // launch_emitters.cc

// Every family's emitters, built on first use.
const OpEmitterTable& PtoOpEmitters();

}  // namespace pto::codegen

#endif  // PTO_CODEGEN_OP_EMITTER_H_
