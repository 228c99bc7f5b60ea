//===- Analysis/StageModel.cpp - A stage-form region as isl objects -------===//
#include "StageModel.h"
#include "stencilcc/Analysis/IslModel.h"

#include <cctype>
#include <map>
#include <set>
#include <sstream>

namespace stencilcc {
namespace stage {

IslContext::IslContext() : Ctx(isl_ctx_alloc()) {
  isl_options_set_on_error(Ctx, ISL_ON_ERROR_CONTINUE);
  // A bound on isl's work turns a pathological input into a diagnostic
  // instead of a hang.
  isl_ctx_set_max_operations(Ctx, 200000000);
}

IslContext::~IslContext() { isl_ctx_free(Ctx); }

std::vector<const Expr *> accessNodes(const Expr &Rhs) {
  std::vector<const Expr *> Nodes;
  Rhs.walk([&](const Expr &E) {
    if (E.K == Expr::Kind::Access)
      Nodes.push_back(&E);
  });
  return Nodes;
}

int gridDimOfRead(const StencilProgram &P, const Stage &S, const ArrayAccess &A,
                  unsigned Dim) {
  const StencilArray &Arr = P.Arrays[A.ArrayId];
  if (Arr.Extents.size() == P.gridRank())
    return Dim;
  // A lower-rank array (`c[i]` in a 2D stage) follows the loop its
  // subscript names; a subscript naming no loop, or several, follows none.
  int Loop = -1;
  for (unsigned L = 0; L < S.Loops.size(); ++L)
    if (A.Index[Dim].mentions(S.Loops[L].Var)) {
      if (Loop >= 0)
        return -1;
      Loop = L;
    }
  for (unsigned G = 0; G < S.WriteLoop.size(); ++G)
    if (Loop >= 0 && S.WriteLoop[G] == Loop)
      return G;
  return -1;
}

namespace {


void forEachAffine(const IndexExpr &E,
                   const std::function<void(const AffineExpr &)> &F) {
  F(E.Value);
  F(E.CmpLhs);
  F(E.CmpRhs);
  F(E.Divisor);
  for (const IndexExpr &O : E.Operands)
    forEachAffine(O, F);
}

std::string join(const std::vector<std::string> &V, const char *Sep = ", ") {
  std::string S;
  for (size_t I = 0; I < V.size(); ++I)
    S += (I ? Sep : "") + V[I];
  return S;
}

} // namespace

/// isl reads a tuple element that names a parameter as an equality with
/// it, so parameters, the time variable, helper variables and tuple names
/// are all distinct. Loop variables are named per stage (each map has its
/// own tuple variables), so stages may share `i` and `j`.
class StageNames {
public:
  /// Renames for an expression outside every stage (extents, time bounds).
  static constexpr unsigned NoStage = ~0u;

  explicit StageNames(const StencilProgram &P) : P(P) {
    collectParameters();
    Time = fresh(P.TimeLoop.Var.empty() ? "t" : P.TimeLoop.Var);
    Level = fresh("l");
    Offset = fresh("o");
    for (unsigned D = 0; D < P.gridRank() + 1; ++D)
      Cell.push_back(fresh("x" + std::to_string(D)));
    for (const StencilArray &A : P.Arrays)
      Arrays.push_back(fresh(A.Name.empty() ? "A" : A.Name));
    for (unsigned S = 0; S < P.Stages.size(); ++S)
      Stmts.push_back(fresh("S" + std::to_string(S)));
    for (unsigned S = 0; S < P.Stages.size(); ++S)
      nameLoops(S);
  }

  std::string prefix() const {
    return Params.empty() ? "" : "[" + join(Params) + "] -> ";
  }

  AffineExpr rename(const AffineExpr &E, unsigned S) const {
    AffineExpr R = AffineExpr::constant(E.constantTerm());
    for (const auto &[Name, Coeff] : E.terms())
      R = R + AffineExpr::symbol(islName(Name, S), Coeff);
    return R;
  }
  std::string expr(const AffineExpr &E, unsigned S) const {
    return rename(E, S).str();
  }
  IndexExpr rename(const IndexExpr &E, unsigned S) const {
    IndexExpr R = E;
    R.Value = rename(E.Value, S);
    R.CmpLhs = rename(E.CmpLhs, S);
    R.CmpRhs = rename(E.CmpRhs, S);
    R.Divisor = rename(E.Divisor, S);
    for (IndexExpr &O : R.Operands)
      O = rename(O, S);
    return R;
  }

  /// `S1[t, i, j]`.
  std::string tuple(unsigned S) const {
    std::vector<std::string> V{Time};
    V.insert(V.end(), Loops[S].begin(), Loops[S].end());
    return Stmts[S] + "[" + join(V) + "]";
  }
  /// `S1[t, x0, x1]`: the same statement, other variables.
  std::string otherTuple(unsigned S) const {
    std::vector<std::string> V{Time};
    for (unsigned L = 0; L < Loops[S].size(); ++L)
      V.push_back(Cell[L]);
    return Stmts[S] + "[" + join(V) + "]";
  }
  /// `A[l, x0, x1]` for array \p A.
  std::string cellTuple(unsigned A) const {
    std::vector<std::string> V;
    if (P.Arrays[A].hasLeadingTimeSubscript())
      V.push_back(Level);
    for (unsigned D = 0; D < P.Arrays[A].Extents.size(); ++D)
      V.push_back(Cell[D]);
    return Arrays[A] + "[" + join(V) + "]";
  }

  const std::string &time() const { return Time; }
  const std::string &level() const { return Level; }
  const std::string &offset() const { return Offset; }
  const std::string &cell(unsigned D) const { return Cell[D]; }
  const std::vector<std::string> &loops(unsigned S) const { return Loops[S]; }

  /// `[n, T] -> { : E >= 1 }` for every extent E of every array. C
  /// requires a variable length array's size to be positive, and a fixed
  /// one is; without this, `ey[0][j]` would leave `ey` for nx = 0.
  isl::set extentsPositive(isl::ctx Ctx) const {
    std::vector<std::string> Cons;
    for (const StencilArray &A : P.Arrays) {
      for (const AffineExpr &E : A.Extents)
        Cons.push_back(expr(E, NoStage) + " >= 1");
      if (A.TimeExtentExpr)
        Cons.push_back(expr(*A.TimeExtentExpr, NoStage) + " >= 1");
    }
    return isl::set(
        Ctx, prefix() + "{ : " + (Cons.empty() ? "true" : join(Cons, " and ")) +
                 " }");
  }

  /// `[n, T] -> { : n >= Min and T >= Min }`.
  isl::set parametersAtLeast(isl::ctx Ctx, int64_t Min) const {
    std::vector<std::string> Cons;
    for (const std::string &Par : Params)
      Cons.push_back(Par + " >= " + std::to_string(Min));
    return isl::set(
        Ctx, prefix() + "{ : " + (Cons.empty() ? "true" : join(Cons, " and ")) +
                 " }");
  }

  /// The C name of isl parameter \p IslName.
  std::string cName(const std::string &IslName) const {
    auto It = ParamC.find(IslName);
    return It == ParamC.end() ? IslName : It->second;
  }

private:
  std::string islName(const std::string &C, unsigned S) const {
    if (S != NoStage) {
      auto It = StageRename[S].find(C);
      if (It != StageRename[S].end())
        return It->second;
    }
    auto It = ParamRename.find(C);
    return It == ParamRename.end() ? C : It->second;
  }

  /// Every symbol of a bound, extent or subscript that is neither the time
  /// variable nor a loop variable of its stage is a parameter for isl, even
  /// one the frontend did not list.
  void collectParameters() {
    for (const Parameter &Par : P.Parameters)
      if (Par.isInteger())
        addParam(Par.Name);
    std::set<std::string> Loop{P.TimeLoop.Var};
    auto Add = [&](const AffineExpr &E) {
      for (const auto &Term : E.terms())
        if (!Loop.count(Term.first))
          addParam(Term.first);
    };
    Add(P.TimeLoop.Lower);
    Add(P.TimeLoop.Upper);
    for (const StencilArray &A : P.Arrays) {
      for (const AffineExpr &E : A.Extents)
        Add(E);
      if (A.TimeExtentExpr)
        Add(*A.TimeExtentExpr);
    }
    for (const Stage &St : P.Stages) {
      Loop = {P.TimeLoop.Var};
      for (const stencilcc::Loop &L : St.Loops)
        Loop.insert(L.Var);
      for (const stencilcc::Loop &L : St.Loops) {
        Add(L.Lower);
        Add(L.Upper);
      }
      for (const IndexExpr &W : St.WriteIndex)
        forEachAffine(W, Add);
      if (St.Rhs)
        for (const Expr *E : accessNodes(*St.Rhs))
          for (const IndexExpr &I : E->Access.Index)
            forEachAffine(I, Add);
    }
  }

  void nameLoops(unsigned S) {
    std::map<std::string, std::string> Rename{{P.TimeLoop.Var, Time}};
    std::set<std::string> Taken;
    std::vector<std::string> Names;
    for (const Loop &L : P.Stages[S].Loops) {
      std::string Base = L.Var.empty() ? "i" : L.Var;
      std::string Name = Base;
      for (unsigned K = 0;
           isIslKeyword(Name) || Used.count(Name) || Taken.count(Name); ++K)
        Name = Base + "_" + std::to_string(K);
      Taken.insert(Name);
      Rename[L.Var] = Name;
      Names.push_back(Name);
    }
    StageRename.push_back(std::move(Rename));
    Loops.push_back(std::move(Names));
  }

  std::string fresh(const std::string &Base) {
    return freshIslName(Base, Used);
  }

  void addParam(const std::string &C) {
    if (ParamRename.count(C))
      return;
    std::string Name = fresh(C);
    ParamRename[C] = Name;
    ParamC[Name] = C;
    Params.push_back(Name);
  }

  const StencilProgram &P;
  std::set<std::string> Used;
  std::map<std::string, std::string> ParamRename, ParamC;
  std::vector<std::string> Params;
  std::string Time, Level, Offset;
  std::vector<std::string> Cell, Arrays, Stmts;
  std::vector<std::map<std::string, std::string>> StageRename;
  std::vector<std::vector<std::string>> Loops;
};

namespace {

/// `(c1 and x = v1) or (c2 and x = v2)`: the pieces of a subscript.
std::string piecesConstraint(const IndexExpr &Renamed, const std::string &X) {
  std::vector<std::string> Alternatives;
  for (const auto &[Cond, Value] : Renamed.islPieces())
    Alternatives.push_back("(" + (Cond.empty() ? "" : Cond + " and ") + X +
                           " = " + Value + ")");
  return Alternatives.empty() ? "false"
                              : "(" + join(Alternatives, " or ") + ")";
}

/// The level or time subscript: `(t + c) % k` with C's remainder (negative
/// for a negative dividend, which the extent check then rejects), or
/// `t + c` for a time-indexed array.
std::string leadingConstraint(const StencilArray &A, const std::string &T,
                              int64_t Shift, const std::string &L) {
  AffineExpr V = AffineExpr::symbol(T) + AffineExpr::constant(Shift);
  if (A.Levels <= 0)
    return L + " = " + V.str();
  std::string K = std::to_string(A.Levels);
  return "((" + V.str() + " >= 0 and " + L + " = (" + V.str() + ") mod " + K +
         ") or (" + V.str() + " < 0 and " + L + " = -((" + (-V).str() +
         ") mod " + K + ")))";
}

} // namespace

StageModel::StageModel(isl::ctx Ctx, const StencilProgram &P)
    : Ctx(Ctx), P(P), Names(std::make_unique<StageNames>(P)) {
  const StageNames &N = *Names;
  auto AccessMap = [&](unsigned S, unsigned ArrayId, int64_t Shift,
                       const std::vector<IndexExpr> &Index) {
    const StencilArray &A = P.Arrays[ArrayId];
    std::vector<std::string> Cons;
    if (A.hasLeadingTimeSubscript())
      Cons.push_back(leadingConstraint(A, N.time(), Shift, N.level()));
    for (unsigned D = 0; D < Index.size(); ++D)
      Cons.push_back(piecesConstraint(N.rename(Index[D], S), N.cell(D)));
    std::string Text = N.prefix() + "{ " + N.tuple(S) + " -> " +
                       N.cellTuple(ArrayId) + " : " +
                       (Cons.empty() ? "true" : join(Cons, " and ")) + " }";
    return isl::map(Ctx, Text).intersect_domain(Domains[S]);
  };

  isl::set Context = N.extentsPositive(Ctx);
  for (unsigned S = 0; S < P.Stages.size(); ++S) {
    const Stage &St = P.Stages[S];
    std::string Bounds = N.expr(P.TimeLoop.Lower, StageNames::NoStage) +
                         " <= " + N.time() + " < " +
                         N.expr(P.TimeLoop.Upper, StageNames::NoStage);
    for (unsigned L = 0; L < St.Loops.size(); ++L)
      Bounds += " and " + N.expr(St.Loops[L].Lower, S) +
                " <= " + N.loops(S)[L] + " < " + N.expr(St.Loops[L].Upper, S);
    Domains.push_back(
        isl::set(Ctx, N.prefix() + "{ " + N.tuple(S) + " : " + Bounds + " }")
            .intersect_params(Context));
    Writes.push_back(AccessMap(S, St.ArrayId, St.WriteShift, St.WriteIndex));
    Reads.push_back(accessNodes(*St.Rhs));
    std::vector<isl::map> Maps;
    for (const Expr *E : Reads.back())
      Maps.push_back(AccessMap(S, E->Access.ArrayId, E->Access.TimeShift,
                               E->Access.Index));
    ReadMaps.push_back(std::move(Maps));
  }

  for (unsigned A = 0; A < P.Arrays.size(); ++A) {
    const StencilArray &Arr = P.Arrays[A];
    std::vector<std::string> Cons;
    if (Arr.hasLeadingTimeSubscript()) {
      std::string C = "0 <= " + N.level();
      if (Arr.Levels > 0)
        C += " < " + std::to_string(Arr.Levels);
      Cons.push_back(C);
      if (Arr.TimeExtentExpr)
        Cons.push_back(N.level() + " < " +
                       N.expr(*Arr.TimeExtentExpr, StageNames::NoStage));
      else if (Arr.TimeExtent)
        Cons.push_back(N.level() + " < " + std::to_string(*Arr.TimeExtent));
    }
    for (unsigned D = 0; D < Arr.Extents.size(); ++D)
      Cons.push_back("0 <= " + N.cell(D) + " < " +
                     N.expr(Arr.Extents[D], StageNames::NoStage));
    Extents.push_back(isl::set(
        Ctx, N.prefix() + "{ " + N.cellTuple(A) + " : " +
                 (Cons.empty() ? "true" : join(Cons, " and ")) + " }"));
  }
}

StageModel::~StageModel() = default;

isl::map StageModel::schedule(unsigned S) const {
  std::vector<std::string> Out{Names->time(), std::to_string(S)};
  for (const std::string &L : Names->loops(S))
    Out.push_back(L);
  while (Out.size() < 2 + P.gridRank())
    Out.push_back("0");
  return isl::map(Ctx, Names->prefix() + "{ " + Names->tuple(S) + " -> [" +
                           join(Out) + "] }");
}

isl::map StageModel::timeOf(unsigned S) const {
  return isl::map(Ctx, Names->prefix() + "{ " + Names->tuple(S) + " -> [" +
                           Names->time() + "] }");
}

isl::map StageModel::otherPointsOfSweep(unsigned S) const {
  std::vector<std::string> Differ;
  for (unsigned L = 0; L < Names->loops(S).size(); ++L)
    Differ.push_back(Names->loops(S)[L] + " != " + Names->cell(L));
  std::string Cons = Differ.empty() ? "false" : join(Differ, " or ");
  return isl::map(Ctx, Names->prefix() + "{ " + Names->tuple(S) + " -> " +
                           Names->otherTuple(S) + " : " + Cons + " }");
}

isl::set StageModel::fromStep(unsigned S, int64_t Steps) const {
  AffineExpr From = P.TimeLoop.Lower + AffineExpr::constant(Steps);
  return Domains[S].intersect(isl::set(
      Ctx, Names->prefix() + "{ " + Names->tuple(S) + " : " + Names->time() +
               " >= " + Names->expr(From, StageNames::NoStage) + " }"));
}

std::vector<isl::set> StageModel::offsetPieces(unsigned S, unsigned K,
                                               unsigned Dim,
                                               unsigned GridDim) const {
  const Stage &St = P.Stages[S];
  IndexExpr Index = Names->rename(Reads[S][K]->Access.Index[Dim], S);
  std::string Written = Names->expr(St.WriteIndex[GridDim].Value, S);
  std::vector<isl::set> Out;
  for (const auto &[Cond, Value] : Index.islPieces()) {
    std::string Text =
        Names->prefix() + "{ " + Names->tuple(S) + " -> [" + Names->offset() +
        "] : " + (Cond.empty() ? "" : Cond + " and ") + Names->offset() +
        " = (" + Value + ") - (" + Written + ") }";
    Out.push_back(isl::map(Ctx, Text)
                      .intersect_domain(Domains[S])
                      .range()
                      .project_out_all_params());
  }
  return Out;
}

std::string
StageModel::iterationText(unsigned S,
                          const std::vector<int64_t> &Values) const {
  std::vector<std::string> Parts;
  for (unsigned D = 0; D < Values.size(); ++D) {
    const std::string &Var =
        D == 0 ? P.TimeLoop.Var : P.Stages[S].Loops[D - 1].Var;
    Parts.push_back(Var + " = " + std::to_string(Values[D]));
  }
  return join(Parts);
}

std::string StageModel::describeSample(
    const isl::map &Rel, unsigned S,
    const std::function<std::string(const std::string &, const std::string &,
                                    const std::vector<int64_t> &)> &Describe)
    const {
  if (Rel.is_empty())
    return "";
  unsigned NIn = isl_map_dim(Rel.get(), isl_dim_in);
  unsigned NOut = isl_map_dim(Rel.get(), isl_dim_out);
  // isl samples the smallest parameters it can, often a degenerate grid
  // (`n = 0`); an example on a grid of a few cells reads better.
  isl::set Points = Rel.wrap();
  isl::set Roomy = Points.intersect_params(Names->parametersAtLeast(Ctx, 4));
  isl::point Pt = (Roomy.is_empty() ? Points : Roomy).sample_point();
  auto Coordinate = [&](isl_dim_type T, unsigned I) {
    isl::val V = isl::manage(isl_point_get_coordinate_val(Pt.get(), T, I));
    return V.get_num_si();
  };
  isl_space *Space = isl_point_get_space(Pt.get());
  std::vector<std::string> Params;
  unsigned NParam = isl_space_dim(Space, isl_dim_param);
  for (unsigned I = 0; I < NParam; ++I) {
    const char *Name = isl_space_get_dim_name(Space, isl_dim_param, I);
    Params.push_back(Names->cName(Name ? Name : "?") + " = " +
                     std::to_string(Coordinate(isl_dim_param, I)));
  }
  isl_space_free(Space);
  std::vector<int64_t> In, Out;
  for (unsigned I = 0; I < NIn + NOut; ++I)
    (I < NIn ? In : Out).push_back(Coordinate(isl_dim_set, I));
  return Describe(join(Params), iterationText(S, In), Out);
}

} // namespace stage
} // namespace stencilcc
