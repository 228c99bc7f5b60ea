//===- IR/Expr.h - The right-hand side of a stencil statement ---*- C++ -*-===//
//
// The update of one cell, as a tree. The tree keeps C's semantics exactly:
// every node carries the type Clang computed for it, literals keep their
// spelling and type, and Clang's implicit floating conversions are kept as
// Cast nodes marked implicit, so the emitter can print an expression whose
// value is the same under C++ (CUDA) rules as under C rules (in C,
// `sqrt(float)` is computed in double; in C++ it would pick a float overload).
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_IR_EXPR_H
#define STENCILCC_IR_EXPR_H

#include "stencilcc/IR/IndexExpr.h"
#include "stencilcc/Support/Diagnostic.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace stencilcc {

/// The arithmetic types an expression node (and an array element) can have:
/// C's, each kept apart, since a `signed char *` is not a `char *` in C++ and
/// the generated host code passes the user's pointers as they are.
enum class ScalarType {
  Char,
  SChar,
  UChar,
  Short,
  UShort,
  Int,
  UInt,
  Long,
  ULong,
  LongLong,
  ULongLong,
  Float,
  Double
};

/// C spelling: "char", "signed char", "unsigned char", "short", ...,
/// "unsigned long long", "float", "double".
const char *scalarTypeName(ScalarType T);
bool isFloatingType(ScalarType T);
inline bool isIntegerType(ScalarType T) { return !isFloatingType(T); }
/// Bytes of a value (LP64, as gcc and nvcc on Linux x86-64).
unsigned scalarTypeSize(ScalarType T);
/// Whether values of an integer type are signed (plain char: signed, as on
/// x86-64 and in nvcc's device code).
bool isSignedType(ScalarType T);

/// A read of an array.
///
/// Single-update form (StencilProgram::Array): level
/// `(t + TimeShift) % TimeModulus`, at spatial offset Offsets[d] from the
/// written point in dimension d (d = 0 is the outermost spatial loop).
///
/// Stage form (StencilProgram::Stages): array Arrays[ArrayId], one Index
/// per subscript after the level or time subscript. TimeShift selects level
/// `(t + TimeShift) % Levels` of an array with levels, or time index
/// `t + TimeShift` of a time-indexed array. Offsets is filled where every
/// Index is the loop variable of its dimension plus a constant.
struct ArrayAccess {
  int64_t TimeShift = 0;
  std::vector<int64_t> Offsets;
  int ArrayId = -1;
  std::vector<IndexExpr> Index;
};

class Expr;
using ExprPtr = std::unique_ptr<Expr>;

class Expr {
public:
  enum class Kind {
    FloatLiteral, ///< Spelling as written ("5.1f", "118.0"), Type float/double
    IntLiteral,   ///< Spelling as written, Type an integer type
    ScalarRef,    ///< read-only scalar: Name (parameter, local or global)
    Access,       ///< read of the stencil array: Access
    Unary,        ///< Op is "-", "+", "!" or "~"; one operand
    /// Op is C's: "+ - * / %", "<< >>", "< > <= >= == !=", "& ^ |", "&& ||";
    /// two operands
    Binary,
    Call,         ///< math library call: Name is the callee
    Cast,         ///< conversion to Type; Implicit says whether C wrote it
    Conditional,  ///< `c ? a : b`: operands c, a, b (C evaluates one arm)
  };

  Kind K;
  ScalarType Type = ScalarType::Double;
  std::string Spelling; ///< literals
  double Value = 0;     ///< literals: the value Clang computed
  std::string Name;     ///< ScalarRef, Call
  std::string Op;       ///< Unary, Binary
  bool Implicit = false;
  ArrayAccess Access;
  std::vector<ExprPtr> Operands;
  SourceRef Loc;

  explicit Expr(Kind K) : K(K) {}

  static ExprPtr floatLiteral(std::string Spelling, double Value,
                              ScalarType T);
  static ExprPtr intLiteral(std::string Spelling, int64_t Value,
                            ScalarType T = ScalarType::Int);
  static ExprPtr scalarRef(std::string Name, ScalarType T);
  static ExprPtr access(ArrayAccess A, ScalarType T);
  static ExprPtr unary(std::string Op, ExprPtr E);
  static ExprPtr binary(std::string Op, ExprPtr L, ExprPtr R, ScalarType T);
  static ExprPtr call(std::string Callee, std::vector<ExprPtr> Args,
                      ScalarType T);
  static ExprPtr cast(ScalarType T, ExprPtr E, bool Implicit);
  static ExprPtr conditional(ExprPtr C, ExprPtr A, ExprPtr B, ScalarType T);

  ExprPtr clone() const;

  /// Visits this node and every descendant, parents first.
  void walk(const std::function<void(const Expr &)> &F) const;
  /// True if some descendant (or this node) is an Access.
  bool readsArray() const;
};

/// Prints \p E as a C expression, fully parenthesized where precedence
/// requires it. \p PrintAccess renders each array read (the caller decides
/// how the stencil array is named). Implicit casts are omitted unless
/// \p ExplicitCasts is set, in which case they are printed as C casts so the
/// text evaluates identically under C and C++ rules.
/// The float operand x of sqrt((double)x) (C's promotion of a float
/// argument of sqrt), or null where \p E is anything else.
const Expr *floatOperandOfSqrt(const Expr &E);

std::string
printExpr(const Expr &E,
          const std::function<std::string(const ArrayAccess &)> &PrintAccess,
          bool ExplicitCasts = false);

} // namespace stencilcc

#endif
