// The body of a SubWorker at HOST level or above, kept as host Python text.
//
//   @pl.function(level=pl.Level.HOST, role=pl.Role.SubWorker)
//   def verify(f: pl.Tensor[[64], pl.FP32]):
//       import torch                     # host Python: never read as DSL
//       assert torch.allclose(f, f)
//
// Upstream keeps such a body as source (an InlineStmt in the function body)
// instead of parsing it: it runs on the host CPU and may hold any Python. Its
// signature is DSL as usual, so calls to it type-check against it. A body
// that is only `...` (after a docstring or pl.func_attr at most) is the
// abstract, runtime-bound callback instead, which the DSL path reads
// (parser/module/module_funcs.cc). The text's extent is found by indentation
// (text::ScanPythonBlock); the IR keeps what upstream keeps, the body in
// ast.unparse's canonical form (text::py::CanonicalPython), and a Python
// syntax error in it is the user's error, located in the file.

#include "ir/text/parser/parser_impl.h"
#include "ir/text/python/source.h"
#include "ir/text/python/unparse.h"

namespace pto::ir::parser_impl {

bool IsHostSubWorker(std::optional<Level> level, std::optional<Role> role) {
  return role && *role == Role::kSubWorker && level && *level >= Level::kHost;
}

// Replaces *text by the canonical form of the statements in [begin, end).
// Valid Python the canonicalizer does not cover keeps the scanned text.
bool Parser::CanonicalHostBody(uint32_t begin, uint32_t end, uint32_t line, uint32_t line_start,
                               bool one_line, std::string* text) {
  std::string canon;
  text::py::SyntaxError err;
  switch (text::py::CanonicalPython(src_, {begin, end, line, line_start},
                                    one_line ? text::py::TokMode::kLine : text::py::TokMode::kBlock,
                                    &canon, &err)) {
    case text::py::ParseResult::kOk:
      *text = std::move(canon);
      return true;
    case text::py::ParseResult::kSyntaxError:
      return FailAt(err.pos, absl::StrCat("invalid host Python: ", err.message));
    case text::py::ParseResult::kUnsupported:
      return true;
  }
  return true;
}

bool Parser::ParsePythonBody(absl::string_view name, const std::optional<Token>& self_tok,
                             absl::string_view* python_body) {
  if (self_tok) {
    // Upstream declares SubWorkers self-contained (abstract ones too).
    return Fail(*self_tok, absl::StrCat("SubWorker function '", name,
                                        "' must not declare 'self': a SubWorker at level HOST "
                                        "or above is self-contained; remove the parameter"));
  }
  // Right after the header's ':' with nothing read ahead, the lexer sits
  // on the header's line; otherwise leave the body to the DSL path.
  if (!ts_->drained()) return true;
  const text::Lexer& lx = ts_->lexer();
  const uint32_t size = static_cast<uint32_t>(src_.size());
  uint32_t p = lx.offset();
  while (p < size && (src_[p] == ' ' || src_[p] == '\t' || src_[p] == '\r' || src_[p] == '\f')) {
    ++p;
  }
  text::PythonBlock block;
  text::PythonBlockError err;
  if (p >= size || src_[p] == '\n' || src_[p] == '#') {
    // The indented block on the following lines.
    while (p < size && src_[p] != '\n') ++p;
    if (p >= size) {
      return FailAt(SourcePos{size, lx.line(), size - lx.line_start() + 1},
                    "expected an indented block (the host Python body of the function)");
    }
    if (!text::ScanPythonBlock(src_, p + 1, lx.line() + 1, lx.indent(), &block, &err)) {
      return FailAt(err.pos, err.message);
    }
    if (block.abstract) return true;  // `...`: the runtime-bound callback
    if (!CanonicalHostBody(p + 1, block.end, lx.line() + 1, p + 1, /*one_line=*/false,
                           &block.text)) {
      return false;
    }
    ts_->ResumeAt(block.end, block.end_line, block.end_line_start, /*at_line_start=*/true);
  } else {
    // `def f(...): stmt` on one line. A lone `...` is the DSL path's.
    if (src_.substr(p, 3) == "...") {
      uint32_t q = p + 3;
      while (q < size && (src_[q] == ' ' || src_[q] == '\t' || src_[q] == '\r')) ++q;
      if (q >= size || src_[q] == '\n' || src_[q] == '#') return true;
    }
    if (!text::ScanPythonLine(src_, p, lx.line(), lx.line_start(), &block, &err)) {
      return FailAt(err.pos, err.message);
    }
    if (!CanonicalHostBody(p, block.end, lx.line(), lx.line_start(), /*one_line=*/true,
                           &block.text)) {
      return false;
    }
    ts_->ResumeAt(block.end, block.end_line, block.end_line_start, /*at_line_start=*/false);
    if (!ExpectNewline()) return false;
  }
  *python_body = ctx_.SaveString(block.text);
  return true;
}

}  // namespace pto::ir::parser_impl
