//===- IR/StencilProgram.h - One `#pragma scop` region as data --*- C++ -*-===//
//
// The frontend turns each `#pragma scop` region into a StencilProgram; every
// later stage (Analysis, Planner, Emitter) reads only this structure, never
// the Clang AST. It describes exactly one iterative stencil:
//
//   for (t = T.Lower; t < T.Upper; t++)                  // TimeLoop
//     for (i = L0.Lower; i < L0.Upper; i++)              // SpatialLoops[0]
//       for (j = L1.Lower; j < L1.Upper; j++)            // SpatialLoops[1]
//         A[(t + W) % M][i][j] = Rhs;                    // Array, WriteShift
//
// Conventions:
//  - Upper bounds are exclusive (`i <= n` is stored as Upper = n + 1; the
//    original operator is kept in UpperInclusive for printing).
//  - Spatial dimension d is the d-th spatial loop from the outside and the
//    (d+1)-th subscript of the array (subscript 0 selects the time level).
//    Dimension 0 is the streaming dimension, the last is the fastest.
//  - Every read in Rhs is an Expr::Access into Array at a constant offset;
//    every other leaf is a literal or a read-only scalar.
//  - All symbolic quantities are AffineExpr over the integer Parameters.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_IR_STENCILPROGRAM_H
#define STENCILCC_IR_STENCILPROGRAM_H

#include "stencilcc/IR/AffineExpr.h"
#include "stencilcc/IR/Expr.h"
#include "stencilcc/Support/Diagnostic.h"

#include <optional>
#include <string>
#include <vector>

namespace stencilcc {

/// An array's element type: any arithmetic type but _Bool.
using ElementType = ScalarType;
inline const char *elementTypeName(ElementType T) { return scalarTypeName(T); }
inline unsigned elementTypeSize(ElementType T) { return scalarTypeSize(T); }

/// Byte offsets into the main file, for rewriting it.
struct SourceSpan {
  unsigned Begin = 0; ///< first byte
  unsigned End = 0;   ///< one past the last byte
};

/// How the stencil array reached the region.
enum class ArrayDeclKind {
  VLAPointerCast, ///< float (*A)[n][n] = (float (*)[n][n])A1;
  Parameter,      ///< double A[2][N][N] or float A[][n][n] as a parameter
  Global,         ///< file-scope array
  Local,          ///< array declared in the function body
};
const char *arrayDeclKindName(ArrayDeclKind K);

/// What an array is to a stage-form region.
enum class ArrayRole {
  State,       ///< written by some stage
  ReadOnly,    ///< read only, indexed by space (a coefficient field)
  TimeIndexed, ///< read only, first subscript `t + c` (`W[t+1][n]`)
};
const char *arrayRoleName(ArrayRole R); ///< "state", "read-only", ...

struct StencilArray {
  std::string Name;
  /// Stage form only (single-update form: always a State with 2 levels).
  ArrayRole Role = ArrayRole::State;
  /// Stage form: the k of `A[(t+c)%k]...`, or 0 for an array without a
  /// level subscript.
  int64_t Levels = 0;
  /// Stage form: whether the array carries a leading level or time
  /// subscript (Levels > 0 or Role == TimeIndexed); Extents are the rest.
  bool hasLeadingTimeSubscript() const {
    return Levels > 0 || Role == ArrayRole::TimeIndexed;
  }
  ElementType Element = ElementType::Float;
  ArrayDeclKind DeclKind = ArrayDeclKind::Parameter;
  /// Extent of the time dimension when declared (`A[2][..]`); nullopt for a
  /// pointer (`float (*A)[n]`) or an incomplete first dimension (`A[][n]`).
  std::optional<int64_t> TimeExtent;
  /// Stage form: the time dimension's extent as written, when the source
  /// gives one (`W[T+1][n]`, a pointer's extent comes from its cast).
  std::optional<AffineExpr> TimeExtentExpr;
  std::string TimeExtentSpelling;
  /// Extent of each spatial dimension, affine in the parameters.
  std::vector<AffineExpr> Extents;
  /// The extents as written in the source, for host code.
  std::vector<std::string> ExtentSpellings;
  /// Extents[0] is not declared (a pointer, `A[]`): the frontend took one
  /// past the largest index the accesses reach, so the array may be
  /// longer in the caller.
  bool FirstExtentInferred = false;
  /// Stage form: levels held in pointer variables the time step rotates
  /// (`tmp = u; u = unew; unew = tmp;`): level k is the buffer variable
  /// LevelPointers[k] points to where the region starts. Empty where the
  /// levels are one array's first dimension.
  std::vector<std::string> LevelPointers;
  /// Those of LevelPointers after the first that are parameters with
  /// run-time extents (VLAParameter's rewrite, for each).
  std::vector<std::pair<std::string, SourceSpan>> LevelVLAParameters;
  /// Declared as a pointer to scalars (or an array of one dimension) and
  /// indexed with one subscript over several loops (`a[i * n + j]`): the
  /// frontend split it along its strides into these extents.
  bool Flattened = false;
  SourceRef Loc; ///< the declaration
  /// A parameter with run-time extents (`float A[][n][n]`) is C that CUDA
  /// C++ rejects; the emitter rewrites this span of the parameter list.
  std::optional<SourceSpan> VLAParameter;
};

/// A scalar the region reads but never writes.
struct Parameter {
  std::string Name;
  ScalarType Type = ScalarType::Int;
  /// Integer parameters appear in bounds and extents; floating ones only
  /// in the right-hand side.
  bool isInteger() const { return !isFloatingType(Type); }
  SourceRef Loc; ///< the declaration
};

struct Loop {
  std::string Var;
  AffineExpr Lower;          ///< inclusive
  AffineExpr Upper;          ///< exclusive
  bool UpperInclusive = false; ///< source wrote `<=`
  /// The variable is declared before the loop (`int t; for (t = 0; ..`),
  /// so code after the region may read its final value (Upper).
  bool VarDeclaredOutside = false;
  /// Position in the source nest, 0 outermost. A statement's loops are
  /// kept in the order of the subscripts they write, which a nest written
  /// in another order (`for (j) for (i) B[i][j]`) is not; the values the
  /// loops leave in their variables follow the source nest.
  unsigned NestDepth = 0;
  SourceRef Loc;             ///< the `for` keyword
};

/// \p Loops in the order of the source nest (Loop::NestDepth), outermost
/// first: what the loops leave in their variables follows it.
std::vector<const Loop *> inNestOrder(const std::vector<Loop> &Loops);

/// One statement of a stage-form time step: a loop nest writing one array
/// at its loop point (or, for a boundary statement, at a slice of it).
struct Stage {
  unsigned ArrayId = 0;     ///< the array written (StencilProgram::Arrays)
  int64_t WriteShift = 0;   ///< level `(t + WriteShift) % Levels` written
  std::vector<Loop> Loops;  ///< spatial loops, outermost first
  /// Per spatial subscript of the written array: the loop variable of that
  /// dimension, or an affine value free of loop variables (a slice).
  std::vector<IndexExpr> WriteIndex;
  /// The loop each written dimension follows (-1 for a fixed subscript).
  std::vector<int> WriteLoop;
  ExprPtr Rhs;
  SourceRef Loc;            ///< the assignment
  std::string StatementText;
};

struct StencilProgram {
  std::string FileName;
  std::string FunctionName;
  /// From the start of the `#pragma scop` line to the end of the
  /// `#pragma endscop` line.
  SourceSpan Region;
  /// Start of the function definition holding the region (kernels go here).
  unsigned FunctionBegin = 0;
  /// Just after the `{` opening the function's body.
  unsigned BodyBegin = 0;
  SourceRef ScopLoc;

  std::vector<Parameter> Parameters;
  /// Stage form: every array the region touches, and the statements of one
  /// time step in order. Empty for the single-update form, whose array,
  /// loops and right-hand side are Array, SpatialLoops and Rhs below.
  std::vector<StencilArray> Arrays;
  std::vector<Stage> Stages;
  bool isStageForm() const { return !Stages.empty(); }
  /// Stage form: the number of spatial dimensions of the grid (the deepest
  /// stage nest).
  unsigned gridRank() const;
  /// Stage form: C text of a read, e.g. `U[(t + 1) % 3][i - 1][j]` (the
  /// subscripts name the loop variables of the statement holding it).
  std::string stageAccessText(const ArrayAccess &A) const;
  std::string stageRhsText(const Stage &S) const;

  StencilArray Array;
  /// Single-update form of a ping-pong (Analysis/PingPongForm.h): level k
  /// lives in the source's array LevelArrays[k], and each step of TimeLoop
  /// is LevelArrays.size() sweeps. Empty otherwise (both levels in Array).
  std::vector<std::string> LevelArrays;
  /// LevelArrays are pointer variables the source's time step rotates
  /// (Analysis/PingPongForm.h): a step is one sweep, and afterwards the
  /// variables point where the C loop leaves them.
  bool LevelsRotated = false;
  Loop TimeLoop;
  std::vector<Loop> SpatialLoops;

  /// The statement writes level `(t + WriteShift) % TimeModulus` at the
  /// iteration point; reads carry their own TimeShift in Expr::Access.
  int64_t WriteShift = 1;
  int64_t TimeModulus = 2;
  ExprPtr Rhs;
  SourceRef StmtLoc;
  /// The statement as the user wrote it (macros unexpanded), for
  /// references compiled in the user's own context.
  std::string StatementText;
  /// Declarations of the locals whose values the IR folded into bounds,
  /// extents or offsets (`int hi = n - 2;`), as `type name = init;` in
  /// source order: the region's own text still names them, so compiling it
  /// outside its function (the self-check's CPU reference) needs them.
  std::vector<std::string> LocalDeclarations;
  /// Stage form: a pointer declared before the region that the time step's
  /// pointer rotation assigns (`tmp` of `tmp = u; u = unew; unew = tmp;`):
  /// after a step it holds level Level of array ArrayId at that step's
  /// start, as `(t + Level) % k` selects it; Declaration declares it.
  struct RotationTemporary {
    std::string Name;
    std::string Declaration;
    unsigned ArrayId = 0;
    int64_t Level = 0;
  };
  std::vector<RotationTemporary> RotationTemporaries;

  unsigned numSpatialDims() const { return SpatialLoops.size(); }
  /// The scalars the right-hand side (stage form: every stage's) reads, in
  /// first-use order.
  std::vector<std::pair<std::string, ScalarType>> rhsScalars() const;
  const Parameter *findParameter(const std::string &Name) const;

  /// The C text of a read as the source would write it, e.g.
  /// `A[t % 2][i - 1][j]` (used in diagnostics and printing).
  std::string accessText(const ArrayAccess &A) const;
  /// The right-hand side in C syntax, reads named as in the source.
  std::string rhsText() const;
};

/// Stage form: the extents of the grid the state arrays share, or nullopt
/// (and \p Why) where they do not. They must agree but in the first
/// extent of an array without levels whose first extent the frontend
/// inferred (Stage form's `B[i][j] = f(A); A[i][j] = B[i][j]` through
/// pointers reaches fewer rows of B than of A): the grid takes the longest
/// (the difference a constant), and that array's device buffer is padded
/// to it (paddedOnDevice).
std::optional<std::vector<AffineExpr>> stateGridExtents(const StencilProgram &P,
                                                       std::string *Why = nullptr);

/// Whether array \p Id is a state array whose device buffer holds the
/// grid's cells (stateGridExtents) rather than its own: the host copies
/// its own cells in and out; the rows past them are the kernels' alone.
bool paddedOnDevice(const StencilProgram &P, unsigned Id);

} // namespace stencilcc

#endif
