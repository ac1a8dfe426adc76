// //ir/text/python:canon reads Python blocks separated by NUL bytes on stdin and
// writes, for each, "OK\n<canonical text>", "ERR line:col message" or
// "UNSUPPORTED message", each record ended by a NUL. It exists to compare
// py::CanonicalPython with CPython's ast.unparse on many snippets:
//
//   printf 'x = f( a,b )\0' | bazel-bin/ir/text/python/canon | tr '\0' '\n'

#include <cstdio>
#include <iostream>
#include <iterator>
#include <string>

#include "ir/text/python/unparse.h"

int main() {
  std::string all((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
  size_t pos = 0;
  while (pos < all.size()) {
    size_t end = all.find('\0', pos);
    if (end == std::string::npos) end = all.size();
    const std::string block = all.substr(pos, end - pos);
    std::string out;
    pto::ir::text::py::SyntaxError err;
    auto r = pto::ir::text::py::CanonicalPython(
        block, {0, static_cast<uint32_t>(block.size()), 1, 0}, pto::ir::text::py::TokMode::kBlock,
        &out, &err);
    if (r == pto::ir::text::py::ParseResult::kOk) {
      std::cout << "OK\n" << out;
    } else if (r == pto::ir::text::py::ParseResult::kSyntaxError) {
      std::cout << "ERR " << err.pos.line << ":" << err.pos.col << " " << err.message;
    } else {
      std::cout << "UNSUPPORTED " << err.message;
    }
    std::cout << '\0';
    pos = end + 1;
  }
  return 0;
}
