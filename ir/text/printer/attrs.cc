// Printing of a for loop's attrs, in upstream's canonical form: after
// `stage=` and `init_values=`, `attrs={"key": value, ...}` in the order the
// loop keeps them; a loop without attrs prints none.
//
//   for i in pl.pipeline(0, 512, 128, stage=2, attrs={"pipeline_overlap_stores": False}):

#include "ir/text/printer/printer_impl.h"

namespace pto::ir::printer_impl {

void Printer::PrintLoopAttrs(absl::Span<const LoopAttr> attrs) {
  if (attrs.empty()) return;
  Append(", attrs={");
  for (size_t i = 0; i < attrs.size(); ++i) {
    if (i > 0) Append(", ");
    AppendDoubleQuoted(attrs[i].key);
    Append(": ");
    // Strings print double-quoted, as upstream's loop attrs do (the
    // parser keeps them to one line).
    if (attrs[i].value.kind() == AttrKind::kString) {
      AppendDoubleQuoted(attrs[i].value.string_value());
    } else {
      PrintAttr(attrs[i].value);
    }
  }
  out_.push_back('}');
}

}  // namespace pto::ir::printer_impl
