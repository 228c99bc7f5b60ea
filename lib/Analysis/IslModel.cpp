//===- Analysis/IslModel.cpp - A stencil program as isl sets and maps -----===//
//
// The model is built by printing isl text from the IR and parsing it: the
// text form is what people read in tests and diagnostics, and AffineExpr
// already prints valid isl syntax. The only care needed is naming, handled
// by IslNames below.
//
//===----------------------------------------------------------------------===//
#include "stencilcc/Analysis/IslModel.h"

#include <isl/ast.h>
#include <isl/ast_build.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <sstream>

namespace stencilcc {

bool isIslKeyword(const std::string &Name) {
  static const char *const Keywords[] = {
      "exists", "and",  "or",    "implies",  "not",  "mod",   "floor",
      "ceil",   "min",  "max",   "rat",      "infty", "infinity", "nan",
      "true",   "false", "ceild", "floord"};
  std::string Lower = Name;
  for (char &C : Lower)
    C = static_cast<char>(std::tolower(static_cast<unsigned char>(C)));
  for (const char *K : Keywords)
    if (Lower == K)
      return true;
  return false;
}

std::string freshIslName(const std::string &Base, std::set<std::string> &Used) {
  std::string Name = Base;
  for (unsigned K = 0; isIslKeyword(Name) || Used.count(Name); ++K)
    Name = Base + "_" + std::to_string(K);
  Used.insert(Name);
  return Name;
}

namespace {


/// The isl spelling of every C symbol of a program, and the text of its
/// sets and maps. isl reads a tuple element that names a known parameter as
/// an equality with that parameter, so parameters, loop variables and the
/// helper names used in tuples must all be distinct.
class IslNames {
public:
  explicit IslNames(const StencilProgram &P) : P(P) {
    for (const Parameter &Par : P.Parameters)
      if (Par.isInteger())
        addParam(Par.Name);
    // A bound or extent may name a symbol the frontend did not list (a
    // constant it folded late, say); it is still a parameter for isl.
    std::set<std::string> LoopVars;
    LoopVars.insert(P.TimeLoop.Var);
    for (const Loop &L : P.SpatialLoops)
      LoopVars.insert(L.Var);
    auto AddSymbols = [&](const AffineExpr &E) {
      for (const auto &Term : E.terms())
        if (!LoopVars.count(Term.first))
          addParam(Term.first);
    };
    AddSymbols(P.TimeLoop.Lower);
    AddSymbols(P.TimeLoop.Upper);
    for (const Loop &L : P.SpatialLoops) {
      AddSymbols(L.Lower);
      AddSymbols(L.Upper);
    }
    for (const AffineExpr &E : P.Array.Extents)
      AddSymbols(E);

    Time = addSymbol(P.TimeLoop.Var, "t");
    for (unsigned D = 0; D < P.SpatialLoops.size(); ++D)
      Spatial.push_back(
          addSymbol(P.SpatialLoops[D].Var, "s" + std::to_string(D)));
    Array = fresh(P.Array.Name.empty() ? "A" : P.Array.Name);
    Stmt = fresh("S");
    Level = fresh("l");
    for (unsigned D = 0; D < P.SpatialLoops.size(); ++D)
      Offset.push_back(fresh("o" + std::to_string(D)));
  }

  /// `[n, T] -> ` (empty when there are no parameters).
  std::string prefix() const {
    if (Params.empty())
      return "";
    std::string S = "[";
    for (size_t I = 0; I < Params.size(); ++I)
      S += (I ? ", " : "") + Params[I];
    return S + "] -> ";
  }

  std::string expr(const AffineExpr &E) const {
    AffineExpr R = AffineExpr::constant(E.constantTerm());
    for (const auto &[Name, Coeff] : E.terms()) {
      auto It = Rename.find(Name);
      R = R + AffineExpr::symbol(It == Rename.end() ? Name : It->second,
                                 Coeff);
    }
    return R.str();
  }

  /// `S[t, i, j]`.
  std::string iteration() const {
    return Stmt + "[" + Time + (Spatial.empty() ? "" : ", " + join(Spatial)) +
           "]";
  }

  /// `Tl <= t < Tu and Ll <= i < Lu and ...`.
  std::string bounds() const {
    std::string S = bound(P.TimeLoop, Time);
    for (size_t D = 0; D < Spatial.size(); ++D)
      S += " and " + bound(P.SpatialLoops[D], Spatial[D]);
    return S;
  }

  std::string domain() const {
    return prefix() + "{ " + iteration() + " : " + bounds() + " }";
  }

  /// `S[t, i, j] -> A[(t + Shift) % M, i + o0, j + o1]`, unrestricted.
  /// Offsets beyond the spatial dimensions are an IR error the caller
  /// reports; missing ones count as zero so the model can still be built.
  std::string access(int64_t Shift,
                     const std::vector<int64_t> &Offsets) const {
    std::vector<std::string> Index;
    for (size_t D = 0; D < Spatial.size(); ++D) {
      int64_t O = D < Offsets.size() ? Offsets[D] : 0;
      Index.push_back(
          (AffineExpr::symbol(Spatial[D]) + AffineExpr::constant(O)).str());
    }
    return accessFrom(iteration(), Shift, Index);
  }

  /// `S[t, i, j] -> A[i + o0, j + o1]`: the cell within its time level.
  std::string spatialAccess(const std::vector<int64_t> &Offsets) const {
    std::string S = prefix() + "{ " + iteration() + " -> " + Array + "[";
    for (size_t D = 0; D < Spatial.size(); ++D) {
      int64_t O = D < Offsets.size() ? Offsets[D] : 0;
      S += (D ? ", " : "") +
           (AffineExpr::symbol(Spatial[D]) + AffineExpr::constant(O)).str();
    }
    return S + "] }";
  }

  /// `[S[t, i, j] -> Tag[o0, o1]] -> A[(t + Shift) % M, i + o0, j + o1]`:
  /// every read of one time level at once, the offset being part of the
  /// read instance.
  std::string offsetAccess(int64_t Shift, const std::string &Tag) const {
    std::vector<std::string> Index;
    for (size_t D = 0; D < Spatial.size(); ++D)
      Index.push_back(Spatial[D] + " + " + Offset[D]);
    return accessFrom(offsetTagged(Tag), Shift, Index);
  }

  /// `[S[t, i, j] -> Tag[]] -> A[(t + W) % M, i, j]`.
  std::string taggedWrite(const std::string &Tag) const {
    return accessFrom("[" + iteration() + " -> " + Tag + "[]]", P.WriteShift,
                      Spatial);
  }

  /// `{ Tag[a, b] }`: one offset as a point of the tag's space.
  std::string offsetPoint(const std::string &Tag,
                          const std::vector<int64_t> &O) const {
    std::string S = "{ " + Tag + "[";
    for (size_t D = 0; D < Offset.size(); ++D)
      S += (D ? ", " : "") + std::to_string(D < O.size() ? O[D] : 0);
    return S + "] }";
  }

  /// Loop order, for the tagged iteration domain \p Tagged.
  std::string schedule(const std::string &Tagged) const {
    return prefix() + "{ " + Tagged + " -> [" + Time +
           (Spatial.empty() ? "" : ", " + join(Spatial)) + "] }";
  }

  std::string offsetTagged(const std::string &Tag) const {
    return "[" + iteration() + " -> " + Tag + "[" + join(Offset) + "]]";
  }
  std::string writeTagged(const std::string &Tag) const {
    return "[" + iteration() + " -> " + Tag + "[]]";
  }

  std::string extent() const {
    std::string S = prefix() + "{ " + Array + "[" + Level;
    for (const std::string &V : Spatial)
      S += ", " + V;
    S += "] : 0 <= " + Level;
    if (P.Array.TimeExtent)
      S += " < " + std::to_string(*P.Array.TimeExtent);
    for (size_t D = 0; D < Spatial.size(); ++D) {
      S += " and 0 <= " + Spatial[D];
      if (D < P.Array.Extents.size())
        S += " < " + expr(P.Array.Extents[D]);
    }
    return S + " }";
  }

private:
  static std::string join(const std::vector<std::string> &Names) {
    std::string S;
    for (size_t I = 0; I < Names.size(); ++I)
      S += (I ? ", " : "") + Names[I];
    return S;
  }

  /// `From -> A[l, Index..] : l = (t + Shift) % M`, with C's `%`: isl's
  /// `mod` is never negative, C's remainder takes the sign of t + Shift, and
  /// only the latter shows a time loop that starts too low reading A[-1].
  std::string accessFrom(const std::string &From, int64_t Shift,
                         const std::vector<std::string> &Index) const {
    AffineExpr T = AffineExpr::symbol(Time) + AffineExpr::constant(Shift);
    std::string M = std::to_string(P.TimeModulus);
    std::string S = prefix() + "{ " + From + " -> " + Array + "[" + Level;
    for (const std::string &I : Index)
      S += ", " + I;
    return S + "] : (" + T.str() + " >= 0 and " + Level + " = (" + T.str() +
           ") mod " + M + ") or (" + T.str() + " < 0 and " + Level +
           " = -((" + (-T).str() + ") mod " + M + ")) }";
  }

  std::string bound(const Loop &L, const std::string &Var) const {
    return expr(L.Lower) + " <= " + Var + " < " + expr(L.Upper);
  }

  std::string fresh(std::string Base) {
    if (Base.empty())
      Base = "v";
    return freshIslName(Base, Used);
  }

  void addParam(const std::string &Name) {
    if (Rename.count(Name))
      return;
    std::string IslName = fresh(Name);
    Rename[Name] = IslName;
    Params.push_back(IslName);
  }

  std::string addSymbol(const std::string &Name, const std::string &Default) {
    std::string IslName = fresh(Name.empty() ? Default : Name);
    if (!Name.empty())
      Rename[Name] = IslName;
    return IslName;
  }

  const StencilProgram &P;
  std::map<std::string, std::string> Rename;
  std::set<std::string> Used;
  std::vector<std::string> Params;
  std::string Time, Array, Stmt, Level;
  std::vector<std::string> Spatial, Offset;
};

std::vector<const ArrayAccess *> accessesOf(const StencilProgram &P) {
  std::vector<const ArrayAccess *> Accesses;
  if (P.Rhs)
    P.Rhs->walk([&](const Expr &E) {
      if (E.K == Expr::Kind::Access)
        Accesses.push_back(&E.Access);
    });
  return Accesses;
}

/// The union of \p Sets, merged pairwise and coalesced at each round: the
/// points of a box of reads merge into a few boxes along the way, where
/// uniting them one by one re-sorts a growing list of disjuncts each time
/// (minutes for the 4,913 reads of a radius-8 3D box).
isl::set unionCoalesced(std::vector<isl::set> Sets) {
  if (Sets.empty())
    return isl::set();
  while (Sets.size() > 1) {
    std::vector<isl::set> Next;
    for (size_t K = 0; K + 1 < Sets.size(); K += 2)
      Next.push_back(Sets[K].unite(Sets[K + 1]).coalesce());
    if (Sets.size() % 2)
      Next.push_back(Sets.back());
    Sets = std::move(Next);
  }
  return Sets.front().coalesce();
}

/// `{ Tag[o..] }` for every offset of \p Offsets.
isl::set offsetPoints(isl::ctx Ctx, const IslNames &N, const std::string &Tag,
                      const std::vector<std::vector<int64_t>> &Offsets) {
  std::vector<isl::set> Points;
  for (const std::vector<int64_t> &O : Offsets)
    Points.push_back(isl::set(Ctx, N.offsetPoint(Tag, O)));
  return unionCoalesced(std::move(Points));
}

/// The reads of each time level (by time shift), their offsets.
std::map<int64_t, std::vector<std::vector<int64_t>>>
offsetsByLevel(const StencilProgram &P) {
  std::map<int64_t, std::vector<std::vector<int64_t>>> ByLevel;
  for (const ArrayAccess *A : accessesOf(P))
    ByLevel[A->TimeShift].push_back(A->Offsets);
  return ByLevel;
}

/// Value-based flow from the write to every read. Reads of one time level
/// form one sink whose instances are (iteration, offset) pairs: isl then
/// solves one problem per time level, parametric in the offset, instead of
/// one per read (a 729-point box would take seconds). The write is tagged
/// too, so sources and sinks live in distinct spaces.
/// Results: { [S[..] -> write[]] -> [S[..] -> readK[o..]] } and
/// { [S[..] -> readK[o..]] -> A[..] }.
isl::union_flow computeTaggedFlow(isl::ctx Ctx, const StencilProgram &P,
                                  const isl::set &Domain) {
  IslNames N(P);
  isl::union_map Sinks = isl::union_map::empty(Ctx);
  isl::union_map Sched = isl::union_map::empty(Ctx);
  unsigned K = 0;
  for (const auto &[Shift, Offsets] : offsetsByLevel(P)) {
    std::string Tag = "read" + std::to_string(K++);
    isl::set Instances = Domain.product(offsetPoints(Ctx, N, Tag, Offsets));
    Sinks = Sinks.unite(isl::union_map(
        isl::map(Ctx, N.offsetAccess(Shift, Tag)).intersect_domain(Instances)));
    Sched = Sched.unite(isl::union_map(
        isl::map(Ctx, N.schedule(N.offsetTagged(Tag)))
            .intersect_domain(Instances)));
  }
  isl::union_map Source(
      isl::map(Ctx, N.taggedWrite("write")).intersect_domain_wrapped_domain(
          Domain));
  Sched = Sched.unite(isl::union_map(
      isl::map(Ctx, N.schedule(N.writeTagged("write")))
          .intersect_domain_wrapped_domain(Domain)));
  return isl::union_access_info(Sinks)
      .set_must_source(Source)
      .set_schedule_map(Sched)
      .compute_flow();
}

/// Drops the tags: [S[..] -> tag[]] becomes S[..] on both sides.
isl::union_map untagDomain(const isl::union_map &M) {
  return M.domain_factor_domain();
}

} // namespace

IslModel::IslModel(isl::ctx Ctx, const StencilProgram &P) : Ctx(Ctx), P(P) {
  if (P.TimeModulus < 1)
    throw isl::exception("time modulus must be positive");
  IslNames N(P);
  Domain = isl::set(Ctx, N.domain());
  Write = isl::map(Ctx, N.access(P.WriteShift, {})).intersect_domain(Domain);
  Extent = isl::set(Ctx, N.extent());
}

isl::map IslModel::read(unsigned I) const {
  const ArrayAccess *A = accessesOf(P).at(I);
  return isl::map(Ctx, IslNames(P).access(A->TimeShift, A->Offsets))
      .intersect_domain(Domain);
}

std::vector<isl::set> IslModel::cellsReadByLevel() const {
  IslNames N(P);
  std::vector<isl::set> Cells;
  unsigned K = 0;
  for (const auto &[Shift, Offsets] : offsetsByLevel(P)) {
    std::string Tag = "read" + std::to_string(K++);
    isl::set Instances = Domain.product(offsetPoints(Ctx, N, Tag, Offsets));
    Cells.push_back(isl::map(Ctx, N.offsetAccess(Shift, Tag))
                        .intersect_domain(Instances)
                        .range()
                        .coalesce());
  }
  return Cells;
}

isl::set IslModel::offsets() const {
  // The offsets are a property of the statement, not of the iterations that
  // run: an empty domain (zero steps, a tiny grid) must not hide them. The
  // time level plays no part in a spatial offset.
  std::vector<std::vector<int64_t>> All;
  for (const ArrayAccess *A : accessesOf(P))
    All.push_back(A->Offsets);
  if (All.empty()) {
    std::string Dims;
    for (unsigned D = 0; D < P.numSpatialDims(); ++D)
      Dims += (D ? ", o" : "o") + std::to_string(D);
    return isl::set(Ctx, "{ [" + Dims + "] : false }");
  }
  IslNames N(P);
  isl::set Points = offsetPoints(Ctx, N, "offset", All);
  return isl::manage(isl_set_reset_tuple_id(Points.release()));
}

const isl::union_flow &IslModel::taggedFlow() const {
  // Both dependence questions share one dataflow problem.
  if (!Flow)
    Flow = computeTaggedFlow(Ctx, P, Domain);
  return *Flow;
}

isl::union_map IslModel::flowDependences() const {
  return untagDomain(taggedFlow().must_dependence()).range_factor_domain();
}

isl::union_map IslModel::readsWithoutSource() const {
  return untagDomain(taggedFlow().may_no_source());
}

std::string parameterConditionText(const isl::set &Params) {
  isl::set S = Params.coalesce();
  isl_ast_build *Build =
      isl_ast_build_from_context(isl_set_universe(S.space().release()));
  isl_ast_expr *E = isl_ast_build_expr_from_set(Build, S.release());
  std::string Text;
  if (E) {
    char *C = isl_ast_expr_to_C_str(E);
    Text = C ? C : "";
    free(C);
  }
  isl_ast_expr_free(E);
  isl_ast_build_free(Build);
  return Text;
}

bool IslModel::readInBounds(unsigned I) const {
  return read(I).range().is_subset(Extent);
}

std::string IslModel::outOfBoundsReads(unsigned I) const {
  std::ostringstream OS;
  OS << read(I).range().subtract(Extent).coalesce();
  return OS.str();
}

std::pair<int64_t, int64_t> IslModel::dimBounds(const isl::set &S,
                                                unsigned Dim) {
  isl::val Min = S.dim_min_val(Dim);
  isl::val Max = S.dim_max_val(Dim);
  if (!Min.is_int() || !Max.is_int())
    throw isl::exception("dimension is not bounded by constants");
  return {Min.get_num_si(), Max.get_num_si()};
}

std::vector<std::vector<int64_t>> IslModel::points(const isl::set &S) {
  std::vector<std::vector<int64_t>> Points;
  unsigned Dims = S.tuple_dim();
  S.project_out_all_params().foreach_point([&](isl::point Pt) {
    isl::multi_val Coords = Pt.multi_val();
    std::vector<int64_t> V;
    for (unsigned D = 0; D < Dims; ++D)
      V.push_back(Coords.at(D).get_num_si());
    Points.push_back(std::move(V));
  });
  std::sort(Points.begin(), Points.end());
  return Points;
}

} // namespace stencilcc
