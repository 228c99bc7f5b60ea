//===- IR/SourceEdit.h - An edit of the input's text -------------*- C++ -*-===//
//
// A replacement of a byte range of the input file, found by the frontend on
// the AST and applied by the emitter with the regions' own edits
// (Frontend/CxxCompatibility.h).
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_IR_SOURCEEDIT_H
#define STENCILCC_IR_SOURCEEDIT_H

#include <string>

namespace stencilcc {

/// Replace bytes [Begin, End) of the input file with Text (End == Begin:
/// an insertion).
struct SourceEdit {
  unsigned Begin = 0, End = 0;
  std::string Text;
};

} // namespace stencilcc

#endif
