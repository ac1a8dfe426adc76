#include "sim/pto/grammar.h"

#include "absl/container/flat_hash_map.h"
#include "ir/check.h"

namespace pto::sim::pto_text {
namespace {

struct Entry {
  absl::string_view name;
  absl::string_view spec;
  int results;
};

// The destination-passing forms, as PTOAS's assembly formats spell them.
#define BINARY "ins ( $src0 , $src1 : type($src0) , type($src1) ) outs ( $dst : type($dst) ) attr-dict"
#define TILE_SCALAR \
  "ins ( $src , $scalar : type($src) , type($scalar) ) outs ( $dst : type($dst) ) attr-dict"
#define UNARY "ins ( $src : type($src) ) outs ( $dst : type($dst) ) attr-dict"
#define ARITH_BINARY "$lhs , $rhs attr-dict : type(results)"
#define ARITH_UNARY "$operand attr-dict : type(results)"
#define ARITH_CAST "$in attr-dict : type($in) to type(results)"
#define ARITH_CMP "@predicate , $lhs , $rhs attr-dict : type($lhs)"

// Sources: PTOAS (hw-native-sys/PTOAS) include/PTO/IR/PTOOps.td, each op's
// assemblyFormat or custom parser; the communication, fence, cmo, scalar
// pointer and MX ops from its August 2026 grammar, which added them. MLIR's
// arith, math and scf dialects for the rest.
constexpr Entry kEntries[] = {
    // Tile buffers and views.
    {"pto.alloc_tile",
     "[[ addr = $addr ]] [[ valid_row = $valid_row ]] [[ valid_col = $valid_col ]] attr-dict : "
     "type(results)",
     1},
    {"pto.set_validshape", "$source , $valid_row , $valid_col attr-dict : type($source)", 0},
    {"pto.make_tensor_view",
     "$ptr , shape = [ $shape* ] , strides = [ $strides* ] attr-dict : type(results)", 1},
    {"pto.partition_view",
     "$source , offsets = [ $offsets* ] , sizes = [ $sizes* ] attr-dict : type($source) -> "
     "type(results)",
     1},
    {"pto.treshape", "$src attr-dict : type($src) -> type(results)", 1},
    {"pto.load_scalar", "$ptr [ $offset ] attr-dict : type($ptr) -> type(results)", 1},
    {"pto.addptr", "$ptr , $offset attr-dict : type($ptr) -> type(results)", 1},
    // Memory.
    {"pto.tload",
     "ins ( $src : type($src) ) outs ( $dst : type($dst) ) attr-dict [[ pad_mode = @pad_mode ]] "
     "[[ pad_value = $pad_value : type($pad_value) ]]",
     0},
    {"pto.tstore",
     "ins ( $src : type($src) [[ , $preQuantScalar : type($preQuantScalar) ]] ) outs ( $dst : "
     "type($dst) ) attr-dict",
     0},
    {"pto.tmov",
     "ins ( $src : type($src) [[ , $fp : type($fp) ]] ) outs ( $dst : type($dst) ) attr-dict", 0},
    // Element-wise.
    {"pto.tadd", BINARY, 0},
    {"pto.tsub", BINARY, 0},
    {"pto.tmul", BINARY, 0},
    {"pto.tdiv", BINARY, 0},
    {"pto.tmax", BINARY, 0},
    {"pto.tmin", BINARY, 0},
    {"pto.tadds", TILE_SCALAR, 0},
    {"pto.tsubs", TILE_SCALAR, 0},
    {"pto.tmuls", TILE_SCALAR, 0},
    {"pto.tdivs", TILE_SCALAR, 0},
    {"pto.tmaxs", TILE_SCALAR, 0},
    {"pto.tmins", TILE_SCALAR, 0},
    {"pto.tneg", UNARY, 0},
    {"pto.tabs", UNARY, 0},
    {"pto.texpands", "ins ( $scalar : type($scalar) ) outs ( $dst : type($dst) ) attr-dict", 0},
    // Casts, compares and selects: the attributes sit inside ins(...).
    {"pto.tcvt",
     "ins ( $src [[ , $tmp ]] attr-dict : type($src) [[ , type($tmp) ]] ) outs ( $dst : "
     "type($dst) )",
     0},
    {"pto.tcmp",
     "ins ( $src0 , $src1 attr-dict : type($src0) , type($src1) ) outs ( $dst : type($dst) )", 0},
    {"pto.tcmps",
     "ins ( $src , $scalar attr-dict : type($src) , type($scalar) ) outs ( $dst : type($dst) )",
     0},
    {"pto.tsel",
     "ins ( $mask , $src0 , $src1 , $tmp : type($mask) , type($src0) , type($src1) , "
     "type($tmp) ) outs ( $dst : type($dst) ) attr-dict",
     0},
    {"pto.tsels",
     "ins ( $mask , $src , $tmp , $scalar : type($mask) , type($src) , type($tmp) , "
     "type($scalar) ) outs ( $dst : type($dst) ) attr-dict",
     0},
    // Layout and quantisation.
    {"pto.ttrans",
     "ins ( $src , $tmp : type($src) , type($tmp) ) outs ( $dst : type($dst) ) attr-dict", 0},
    {"pto.tquant.mx",
     "ins ( $src : type($src) ) outs ( $dst , $exp , $max , $scaling : type($dst) , type($exp) "
     ", type($max) , type($scaling) ) attr-dict",
     0},
    // Synchronisation and communication.
    {"pto.barrier", "< @pipe > attr-dict", 0},
    {"pto.fence.barrier_all", "@scope attr-dict", 0},
    {"pto.cmo.cacheinvalid",
     "[[ all @address_space | $view @range : type($view) ]] attr-dict", 0},
    {"pto.comm.tput",
     "( $dst , $src [[ , buf ( $buf* ) ]] : type($dst) , type($src) [[ , type($buf*) ]] ) "
     "attr-dict",
     0},
    {"pto.comm.tget",
     "( $dst , $src [[ , buf ( $buf* ) ]] : type($dst) , type($src) [[ , type($buf*) ]] ) "
     "attr-dict",
     0},
    {"pto.comm.tnotify", "( $cell , $value : type($cell) , type($value) ) attr-dict", 0},
    {"pto.comm.twait", "( $cell , $value : type($cell) , type($value) ) attr-dict", 0},
    // Scalars.
    {"arith.constant", "@value attr-dict [[ : type(results) ]]", 1},
    {"arith.addi", ARITH_BINARY, 1},
    {"arith.subi", ARITH_BINARY, 1},
    {"arith.muli", ARITH_BINARY, 1},
    {"arith.divsi", ARITH_BINARY, 1},
    {"arith.floordivsi", ARITH_BINARY, 1},
    {"arith.minsi", ARITH_BINARY, 1},
    {"arith.maxsi", ARITH_BINARY, 1},
    {"arith.andi", ARITH_BINARY, 1},
    {"arith.ori", ARITH_BINARY, 1},
    {"arith.xori", ARITH_BINARY, 1},
    {"arith.shli", ARITH_BINARY, 1},
    {"arith.shrsi", ARITH_BINARY, 1},
    {"arith.shrui", ARITH_BINARY, 1},
    {"arith.addf", ARITH_BINARY, 1},
    {"arith.subf", ARITH_BINARY, 1},
    {"arith.mulf", ARITH_BINARY, 1},
    {"arith.divf", ARITH_BINARY, 1},
    {"arith.minimumf", ARITH_BINARY, 1},
    {"arith.maximumf", ARITH_BINARY, 1},
    {"math.powf", ARITH_BINARY, 1},
    {"arith.negf", ARITH_UNARY, 1},
    {"math.absf", ARITH_UNARY, 1},
    {"math.absi", ARITH_UNARY, 1},
    {"math.floor", ARITH_UNARY, 1},
    {"arith.cmpi", ARITH_CMP, 1},
    {"arith.cmpf", ARITH_CMP, 1},
    {"arith.index_cast", ARITH_CAST, 1},
    {"arith.trunci", ARITH_CAST, 1},
    {"arith.extsi", ARITH_CAST, 1},
    {"arith.extui", ARITH_CAST, 1},
    {"arith.sitofp", ARITH_CAST, 1},
    {"arith.uitofp", ARITH_CAST, 1},
    {"arith.fptosi", ARITH_CAST, 1},
    {"arith.extf", ARITH_CAST, 1},
    {"arith.truncf", ARITH_CAST, 1},
    // Terminators.
    {"return", "attr-dict [[ $operands* : type($operands*) ]]", 0},
    {"scf.yield", "[[ $values* : type($values*) ]]", 0},
    {"scf.condition", "( $condition ) [[ $args* : type($args*) ]]", 0},
};

#undef BINARY
#undef TILE_SCALAR
#undef UNARY
#undef ARITH_BINARY
#undef ARITH_UNARY
#undef ARITH_CAST
#undef ARITH_CMP

struct Table {
  std::vector<OpGrammar> all;
  absl::flat_hash_map<absl::string_view, size_t> index;
};

const Table& GetTable() {
  static const Table* const table = [] {
    auto* t = new Table;
    for (const Entry& e : kEntries) {
      absl::StatusOr<OpFormat> f = OpFormat::Compile(e.spec);
      PTO_CHECK(f.ok()) << e.name << ": " << f.status().message();  // the table is ours: a bad spec is a bug
      PTO_CHECK(t->index.emplace(e.name, t->all.size()).second) << "duplicate " << e.name;
      t->all.push_back({e.name, *std::move(f), e.results});
    }
    return t;
  }();
  return *table;
}

}  // namespace

const OpGrammar* FindOpGrammar(absl::string_view name) {
  const Table& t = GetTable();
  auto it = t.index.find(name);
  return it == t.index.end() ? nullptr : &t.all[it->second];
}

const std::vector<OpGrammar>& AllOpGrammars() { return GetTable().all; }

}  // namespace pto::sim::pto_text
