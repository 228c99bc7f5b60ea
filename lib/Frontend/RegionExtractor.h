//===- Frontend/RegionExtractor.h - Reads one region (internal) -*- C++ -*-===//
//
// The state of reading one `#pragma scop` region and the helpers both forms
// share: affine bounds, loop headers, subscripts, declarations and the
// right-hand side. StencilExtractor.cpp reads the single-update form,
// StageExtractor.cpp the stage form (docs/stage-form.md).
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_LIB_FRONTEND_REGIONEXTRACTOR_H
#define STENCILCC_LIB_FRONTEND_REGIONEXTRACTOR_H

#include "stencilcc/Frontend/StencilExtractor.h"

#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace stencilcc {

using clang::ASTContext;
using clang::ArraySubscriptExpr;
using clang::BinaryOperator;
using clang::CharSourceRange;
using clang::ForStmt;
using clang::Lexer;
using clang::SourceLocation;
using clang::SourceManager;
using clang::SourceRange;
using clang::Stmt;
using clang::VarDecl;
using llvm::SmallVector;
using llvm::StringRef;

/// The single statement a loop body holds (through braces), or null with
/// \p Extra the second statement, if that is why.
const Stmt *onlyStatement(const Stmt *Body, const Stmt *&Extra);

/// The math functions a stencil may call.
const std::set<std::string> &mathFunctions();
/// The arithmetic type of \p T, or nullopt for anything else.
std::optional<ScalarType> scalarTypeOf(clang::QualType T);

/// A parsed array subscript chain `A[e0][e1]...`.
struct Subscripts {
  const VarDecl *Array = nullptr;
  const clang::Expr *Base = nullptr;
  std::vector<const clang::Expr *> Indices;
  /// A grid flattened by hand (`a[i * n + j]`, FlatSubscript.cpp): its one
  /// subscript split into an index per dimension, outermost first, and the
  /// extents of the dimensions after the first. Empty otherwise.
  std::vector<AffineExpr> FlatIndex;
  std::vector<AffineExpr> FlatExtents;
  bool isFlat() const { return !FlatIndex.empty(); }
  /// A pointer the time step rotates (PointerRotation.cpp): Array is the
  /// first variable of its cycle, Member the one written, and subscript 0
  /// (Base in Indices, nothing in FlatIndex) is the level `(t + Shift) %
  /// Levels` it points to.
  const VarDecl *Member = nullptr;
  std::optional<int64_t> RotatedShift;
  int64_t RotatedLevels = 0;
  /// The number of subscripts, a flattened one counted per dimension.
  size_t rank() const { return isFlat() ? FlatIndex.size() : Indices.size(); }
  /// The source of subscript \p D (a flattened grid's one subscript).
  const clang::Expr *source(size_t D) const {
    return isFlat() ? Indices.back() : Indices[D];
  }
};

/// A polynomial over integer symbols: each monomial (its symbols sorted,
/// repeated for powers) with its coefficient.
using Monomial = std::vector<std::string>;
using Polynomial = std::map<Monomial, int64_t>;

class RegionExtractor {
public:
  RegionExtractor(ASTContext &Ctx, const ScopRegion &Region,
                  DiagnosticSink &Diags)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Region(Region), Diags(Diags) {}

  std::optional<StencilProgram> run();

private:
  ASTContext &Ctx;
  const SourceManager &SM;
  const ScopRegion &Region;
  DiagnosticSink &Diags;
  StencilProgram P;

  /// Loop variables, outermost first, and the loops they control.
  std::vector<const VarDecl *> LoopVars;
  std::vector<const ForStmt *> LoopStmts;
  const VarDecl *TimeVar = nullptr;
  const VarDecl *ArrayVar = nullptr;
  std::set<std::string> ParameterNames;
  /// Locals whose values parseAffine folded into the IR (see
  /// StencilProgram::LocalDeclarations).
  std::vector<const VarDecl *> FoldedLocals;
  /// Where parseAffine gave up, for the diagnostic.
  const clang::Expr *NonAffine = nullptr;
  /// Scalars the innermost loop body declares before its assignment
  /// (`float c = A[t%2][i][j];`), each standing for its initializer
  /// (innermostStatement): convert and parseAffine substitute it.
  llvm::DenseMap<const VarDecl *, const clang::Expr *> Temporaries;
  /// Their declarations' text, per innermost body, for the statement text.
  std::string TemporaryText;
  /// The arguments of the calls of the file's own functions convert is
  /// inside (inlineCall), by parameter.
  llvm::DenseMap<const clang::ParmVarDecl *, const Expr *> Arguments;
  std::vector<const clang::FunctionDecl *> Inlining;

  /// A call of a function of the file whose body is one `return e;` over
  /// its scalar parameters (`static inline float avg(float a, float b) {
  /// return 0.5f * (a + b); }`): e with the call's converted arguments for
  /// the parameters. Null after a diagnostic; \p NotInlinable where the
  /// function is not of that form (the caller says why).
  ExprPtr inlineCall(const clang::CallExpr *CE, const clang::FunctionDecl *FD,
                     bool &NotInlinable);
  /// Appends \p CE's arguments, converted; false after a diagnostic.
  bool convertArguments(const clang::CallExpr *CE, std::vector<ExprPtr> &Args);

  /// The statement a loop body holds: its only one, or (the innermost
  /// body) the assignment after declarations of scalar temporaries, which
  /// it registers in Temporaries. Null where neither: with \p Extra the
  /// statement in the way, or after a diagnostic (\p Failed).
  const Stmt *innermostStatement(const Stmt *Body, const Stmt *&Extra, bool &Failed);

  SourceRef ref(const Stmt *S) const {
    SourceLocation Begin = beginOf(S);
    return makeSourceRef(SM, Begin, SourceRange(Begin, endOf(S)));
  }
  /// S->getBeginLoc() and getEndLoc(), remembered per node: Clang walks a
  /// nested chain `a + b + ...` to its first operand for every node's
  /// begin, which made a sum of n terms cost n^2 (a 3D box of radius 12).
  SourceLocation beginOf(const Stmt *S) const;
  SourceLocation endOf(const Stmt *S) const;
  mutable llvm::DenseMap<const Stmt *, SourceLocation> Begins, Ends;
  SourceRef ref(SourceLocation L) const { return makeSourceRef(SM, L); }

  bool error(SourceRef Loc, const std::string &Msg,
             const std::string &Note = {}) {
    Diags.error(Loc, Msg, Note);
    return false;
  }

  std::string text(SourceRange R) const {
    CharSourceRange CR = CharSourceRange::getTokenRange(R);
    CR = Lexer::makeFileCharRange(CR, SM, Ctx.getLangOpts());
    if (CR.isInvalid())
      return "";
    return Lexer::getSourceText(CR, SM, Ctx.getLangOpts()).str();
  }
  std::string tokenSpelling(SourceLocation L) const {
    SmallVector<char, 32> Buf;
    bool Invalid = false;
    StringRef S =
        Lexer::getSpelling(SM.getSpellingLoc(L), Buf, SM, Ctx.getLangOpts(),
                           &Invalid);
    return Invalid ? "" : S.str();
  }

  int loopIndexOf(const VarDecl *V) const {
    for (size_t I = 0; I < LoopVars.size(); ++I)
      if (LoopVars[I] == V)
        return static_cast<int>(I);
    return -1;
  }

  /// The initializer of a const, non-volatile variable (not a parameter)
  /// whose value the translation unit fixes (`const float w = 0.25f;`);
  /// null otherwise.
  const clang::Expr *constantInitializer(const VarDecl *V) const {
    if (llvm::isa<clang::ParmVarDecl>(V))
      return nullptr;
    clang::QualType T = V->getType();
    if (!T.isConstQualified() || T.isVolatileQualified())
      return nullptr;
    const clang::Expr *Init = V->getAnyInitializer();
    if (!Init || Init->HasSideEffects(Ctx) || !Init->isEvaluatable(Ctx) ||
        !scalarTypeOf(Init->getType()))
      return nullptr;
    return Init;
  }

  void addParameter(const VarDecl *V, ScalarType T) {
    if (!ParameterNames.insert(V->getName().str()).second)
      return;
    Parameter Par;
    Par.Name = V->getName().str();
    Par.Type = T;
    Par.Loc = makeSourceRef(SM, V->getLocation());
    P.Parameters.push_back(Par);
  }

  std::optional<AffineExpr> parseAffine(const clang::Expr *E,
                                        bool AllowLoopVars);
  bool isModified(const VarDecl *V) const;
  /// Fills the region's position in P; \p Top is its one statement.
  bool beginRegion(const Stmt *&Top);
  void recordLocalDeclarations();
  bool parseLoopHeader(const ForStmt *For, Loop &L);
  bool boundError();
  bool collectLoopNest(const Stmt *Top, const BinaryOperator *&Assign);
  bool parseSubscripts(const clang::Expr *E, Subscripts &S);
  /// \p E as a polynomial in loop variables and integer parameters
  /// (sums, differences and products of affine parts); nullopt otherwise.
  std::optional<Polynomial> expandSubscript(const clang::Expr *E);
  /// Where \p S indexes a grid flattened by hand (a pointer to scalars or
  /// an array of one dimension, one subscript over several loops, or an
  /// array already read so), fills S.FlatIndex and S.FlatExtents. False
  /// after a diagnostic.
  bool splitFlatSubscript(Subscripts &S);

  // Pointers rotated at the end of each time step (PointerRotation.cpp).
  struct RotationLevel {
    const VarDecl *Leader = nullptr; ///< the first variable of its cycle
    int64_t Levels = 0;
    int64_t Shift = 0; ///< the variable points to level (t + Shift) % Levels
  };
  std::map<const VarDecl *, RotationLevel> RotatedLevels;
  /// Per cycle (by its first variable): its variables in level order.
  std::map<const VarDecl *, std::vector<const VarDecl *>> RotationMembers;
  /// The span of \p V's declaration where it is a parameter with
  /// run-time extents (`double u[n][n]`), which CUDA C++ rejects.
  std::optional<SourceSpan> vlaParameterSpan(const VarDecl *V) const;
  std::vector<std::pair<StencilProgram::RotationTemporary, const VarDecl *>>
      PendingTemporaries;
  /// `p = q;` or `T *p = q;` between pointer variables.
  bool isPointerAssignment(const Stmt *S) const;
  /// Takes the pointer assignments that end the time step off \p Body and
  /// records the rotation they make. False after a diagnostic.
  bool parsePointerRotation(std::vector<const Stmt *> &Body);
  /// An access through a rotated pointer becomes its cycle's array at the
  /// pointer's level.
  bool applyRotation(Subscripts &S);
  /// The temporaries' arrays, once every array has its id.
  bool finishRotation();
  const VarDecl *arrayKey(const VarDecl *V) const {
    auto It = RotatedLevels.find(V);
    return It == RotatedLevels.end() ? V : It->second.Leader;
  }
  bool parseTimeLevel(const clang::Expr *E, int64_t &Shift,
                      int64_t &Modulus);
  /// \p E (parentheses and implicit casts aside) as a level selection: a
  /// remainder `x % k`, or `x & m` with m a constant 2^j - 1 (the same
  /// level for non-negative x, which parseTimeLevel requires); else null.
  /// \p Modulus: k, or m + 1.
  const BinaryOperator *levelSelection(const clang::Expr *E, int64_t *Modulus = nullptr) const;
  bool parseSpatialIndices(const Subscripts &S, std::vector<int64_t> &Offs);
  /// Puts the loops of a nest (\p Loops, outermost first) in the order
  /// of the subscripts they write: \p Order[k] is the nest position of
  /// the loop subscript k follows. Every point of a sweep is independent
  /// (the legality check rejects a read of what the statement writes at
  /// another point), and no bound names another loop's variable
  /// (parseLoopHeader), so any order computes the same points and values.
  void orderLoopsBySubscripts(std::vector<Loop> &Loops,
                              const std::vector<unsigned> &Order);
  /// Fills \p A from the declaration of \p V. \p HasTimeDim: the first
  /// dimension selects a level or time step. \p SpatialRank: the number of
  /// spatial dimensions the use needs, or -1 to take the declaration's.
  bool parseArrayDecl(const VarDecl *V, SourceRef UseLoc, StencilArray &A,
                      bool HasTimeDim, int SpatialRank);
  ExprPtr convert(const clang::Expr *E);
  ExprPtr unsupportedOperator(SourceRef Loc, llvm::StringRef Op) {
    error(Loc, "operator '" + Op.str() +
                   "' is not supported in a stencil expression",
          "supported: C's arithmetic, comparison, logical and bitwise "
          "operators, '?:', casts and calls to math functions; no "
          "assignments, increments or commas");
    return nullptr;
  }
  ExprPtr convertAccess(const ArraySubscriptExpr *E);
  bool checkTimeLevels();

  // Stage form (StageExtractor.cpp).
public:
  std::optional<StencilProgram> runStageForm();

private:
  /// Set while the stage form is read: convert() then resolves reads of
  /// any array through convertStageAccess().
  bool StageMode = false;
  std::vector<const VarDecl *> ArrayVars; ///< parallel to P.Arrays
  /// Arrays declared as pointers without the level or time dimension: the
  /// extent of their first spatial dimension comes from the accesses.
  std::set<unsigned> InferredFirstExtent;
  const Stage *CurrentStage = nullptr;
  bool parseStage(const Stmt *Nest);
  int arrayIdFor(const Subscripts &S, bool IsWrite);
  bool parseStageTimeSubscript(const Subscripts &S, unsigned Id,
                               int64_t &Shift);
  /// \p Wrapped: inside a remainder's dividend.
  std::optional<IndexExpr> parseIndex(const clang::Expr *E, size_t Position,
                                      bool Wrapped = false);
  /// \p A as subscript \p Position of a read in the current stage: a
  /// loop variable plus a constant, or no loop variable (\p At locates
  /// the diagnostics).
  std::optional<IndexExpr> affineIndex(const AffineExpr &A,
                                       const clang::Expr *At, size_t Position,
                                       bool Wrapped);
  ExprPtr convertStageAccess(const ArraySubscriptExpr *E);
  bool checkStageLevels();
  bool checkTimeLoopOutermost(const Subscripts &W, const Stage &St);
  bool timeVarOutsideLead(const clang::Expr *Idx, size_t Dim,
                          const std::string &Array);
  static std::string constantOffsetNote(size_t Position,
                                        const std::string &Var);
  bool inferFirstExtents();
};

} // namespace stencilcc

#endif
