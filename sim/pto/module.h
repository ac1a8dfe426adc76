// A PTO module as read from text: MLIR's generic structure - operations with
// named operands, results, attributes and regions - over the source text.
//
//   absl::StatusOr<Module> m = ReadPto("k.pto", text);   // reader.h
//   for (const Operation& fn : m->body().ops) {           // func.func
//     const Block& body = fn.regions[0];
//     for (const Operation& op : body.ops) {
//       if (op.name == "pto.tadd") {
//         const Operand* dst = op.Find("dst");   // role names from grammar.cc
//         ...
//
// Every string is a view into the module's own copy of the source, so a
// Module may be moved freely. Types and attribute values are kept as their
// text; the reader checks their shape, the interpreter interprets them.

#ifndef PTO_SIM_PTO_MODULE_H_
#define PTO_SIM_PTO_MODULE_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "ir/text/diagnostic.h"

namespace pto::sim::pto_text {

// An SSA value use or definition. `role` names the operand's place in its
// op's format (`src0`, `dst`, `offsets`); a value list shares one role.
struct Operand {
  absl::string_view role;
  absl::string_view value;  // "%a"
  absl::string_view type;   // empty where the text gives none
  ir::text::SourcePos pos;
};

struct Attribute {
  absl::string_view name;
  absl::string_view value;  // the value's text: `#pto<...>`, `16`, `"a5"`, `true`
};

struct Operation;

struct Block {
  std::vector<Operand> args;  // `^bb0(%x: T)`, loop induction variables, func params
  std::vector<Operation> ops;
};

struct Operation {
  absl::string_view name;  // "pto.tadd", "scf.for", "func.func"
  ir::text::SourcePos pos;
  std::vector<Operand> results;  // role "result", type set where the text gives one
  std::vector<Operand> operands;
  std::vector<Attribute> attrs;
  std::vector<Block> regions;
  // The DSL source the op came from (`loc("k.py":12:9)`), when given.
  absl::string_view loc_file;
  int64_t loc_line = 0;
  int64_t loc_col = 0;

  // The first operand in `role`, or null.
  const Operand* Find(absl::string_view role) const;
  // Every operand in `role`, in order.
  std::vector<const Operand*> FindAll(absl::string_view role) const;
  // The attribute `name`, or null.
  const Attribute* FindAttr(absl::string_view name) const;
  // The case of an enum attribute `#dialect<kind CASE>` (`set` of
  // `#pto<notify_op set>`); empty when absent or not of that form.
  absl::string_view EnumAttr(absl::string_view name) const;
};

class Module {
 public:
  Module(std::string filename, std::unique_ptr<std::string> source, Operation module_op)
      : filename_(std::move(filename)), source_(std::move(source)), op_(std::move(module_op)) {}

  // The `module` operation; its one block holds the functions.
  const Operation& op() const { return op_; }
  const Block& body() const { return op_.regions.front(); }
  absl::string_view source() const { return *source_; }
  absl::string_view filename() const { return filename_; }

 private:
  std::string filename_;
  std::unique_ptr<std::string> source_;  // owns what every view points into
  Operation op_;
};

}  // namespace pto::sim::pto_text

#endif  // PTO_SIM_PTO_MODULE_H_
