//===- Analysis/StencilAnalysis.cpp - Facts the planner needs -------------===//
//
// Integer-set facts (offsets, radii, shape, bounds, dependences) are asked
// of the isl model; expression facts (FLOPs, associativity) come from the
// tree. isl errors never escape: they become diagnostics.
//
//===----------------------------------------------------------------------===//
#include "stencilcc/Analysis/StencilAnalysis.h"
#include "stencilcc/Analysis/IslModel.h"

#include <algorithm>
#include <sstream>

namespace stencilcc {

const char *stencilShapeName(StencilShape S) {
  switch (S) {
  case StencilShape::Star:
    return "star";
  case StencilShape::Box:
    return "box";
  case StencilShape::General:
    return "general";
  }
  return "?";
}

namespace {

/// Owns an isl context; it must outlive every isl object made in it, so it
/// is declared before them.
class IslContext {
public:
  IslContext() : Ctx(isl_ctx_alloc()) {
    // The bindings turn errors into exceptions; isl must not also print
    // them, since the user gets a diagnostic instead.
    isl_options_set_on_error(Ctx, ISL_ON_ERROR_CONTINUE);
    // A bound on the work isl may do turns a pathological input into an
    // error rather than a hang.
    isl_ctx_set_max_operations(Ctx, 200000000);
  }
  ~IslContext() { isl_ctx_free(Ctx); }
  IslContext(const IslContext &) = delete;
  IslContext &operator=(const IslContext &) = delete;
  isl::ctx get() const { return Ctx; }

private:
  isl_ctx *Ctx;
};

template <typename T> std::string text(const T &Obj) {
  std::ostringstream OS;
  OS << Obj;
  return OS.str();
}

std::vector<const Expr *> accessNodes(const Expr &Rhs) {
  std::vector<const Expr *> Nodes;
  Rhs.walk([&](const Expr &E) {
    if (E.K == Expr::Kind::Access)
      Nodes.push_back(&E);
  });
  return Nodes;
}

/// Whether \p E is linear in the reads: partial sums may then regroup it.
bool isLinear(const Expr &E) {
  if (E.K == Expr::Kind::Access || !E.readsArray())
    return true;
  switch (E.K) {
  case Expr::Kind::Unary:
    return (E.Op == "-" || E.Op == "+") && isLinear(*E.Operands[0]);
  case Expr::Kind::Binary: {
    const Expr &L = *E.Operands[0], &R = *E.Operands[1];
    if (E.Op == "+" || E.Op == "-")
      return isLinear(L) && isLinear(R);
    if (E.Op == "*")
      return (isLinear(L) && !R.readsArray()) ||
             (!L.readsArray() && isLinear(R));
    // C's integer division truncates: (a + b) / c is not a / c + b / c.
    if (E.Op == "/" && isFloatingType(E.Type))
      return isLinear(L) && !R.readsArray();
    return false;
  }
  case Expr::Kind::Cast: {
    // A widening is linear (every value kept), and so is a conversion of an
    // integer to a floating type; truncation to an integer or to a narrower
    // integer is not, and neither is rounding to a narrower floating type
    // (`(float)` of a double sum): a regrouped sum rounds to another float
    // more often than the wider type's tolerance allows.
    ScalarType From = E.Operands[0]->Type;
    const bool Narrowing = isFloatingType(From) && isFloatingType(E.Type) &&
                           scalarTypeSize(E.Type) < scalarTypeSize(From);
    if (Narrowing)
      return false;
    if (isFloatingType(E.Type) ||
        (isIntegerType(From) &&
         scalarTypeSize(E.Type) > scalarTypeSize(From)) ||
        E.Type == From)
      return isLinear(*E.Operands[0]);
    return false;
  }
  default:
    // Calls of reads (sqrt, fabs, ...).
    return false;
  }
}

/// The operand of what encloses the whole sum, as partial sums apply it
/// once to the finished sum (Emitter/PartialSums.h: a cast, a sign, a
/// product or quotient with a read-free operand), or null. An integer
/// division may enclose the sum (`(a + b + c) / 9`) though it may not
/// distribute over it.
const Expr *enclosedSum(const Expr &E) {
  if (E.K == Expr::Kind::Cast ||
      (E.K == Expr::Kind::Unary && (E.Op == "-" || E.Op == "+")))
    return E.Operands[0].get();
  if (E.K != Expr::Kind::Binary)
    return nullptr;
  const Expr &L = *E.Operands[0], &R = *E.Operands[1];
  if ((E.Op == "*" || E.Op == "/") && !R.readsArray())
    return &L;
  if (E.Op == "*" && !L.readsArray())
    return &R;
  return nullptr;
}

bool isSumOfProducts(const Expr &Rhs) {
  const Expr *Core = &Rhs;
  while (Core->K != Expr::Kind::Access)
    if (const Expr *Inner = enclosedSum(*Core))
      Core = Inner;
    else
      break;
  return Rhs.readsArray() && isLinear(*Core);
}

} // namespace

/// Counts as AN5D's Table 3 does: an operation whose operands are all
/// read-free is folded by the compiler and costs nothing per cell.
FlopCount countFlops(const Expr &Rhs) {
  FlopCount F;
  Rhs.walk([&](const Expr &E) {
    if (!E.readsArray())
      return;
    if (E.K == Expr::Kind::Call)
      ++F.Calls;
    if (E.K == Expr::Kind::Conditional ||
        (E.K == Expr::Kind::Unary && (E.Op == "!" || E.Op == "~")))
      ++F.Others;
    if (E.K != Expr::Kind::Binary)
      return;
    if (E.Op == "+" || E.Op == "-")
      ++F.Adds;
    else if (E.Op == "*")
      ++F.Muls;
    else if (E.Op == "/" || E.Op == "%")
      ++F.Divs;
    else
      ++F.Others;
  });
  return F;
}

std::string flopCountText(const FlopCount &F) {
  std::string S = std::to_string(F.total()) + " (" + std::to_string(F.Adds) +
                  " add, " + std::to_string(F.Muls) + " mul, " +
                  std::to_string(F.Divs) + " div; " +
                  std::to_string(F.Calls) + " math calls";
  if (F.Others)
    S += "; " + std::to_string(F.Others) + " comparison, logical or bitwise";
  return S + ")";
}

namespace {

/// `{ [d0, d1, ..] : -Neg_d <= d_d <= Pos_d }`: the full box of the radii.
isl::set radiusBox(isl::ctx Ctx, const std::vector<DimensionRadius> &Radius) {
  std::string Tuple, Cons;
  for (size_t D = 0; D < Radius.size(); ++D) {
    std::string V = "d" + std::to_string(D);
    Tuple += (D ? ", " : "") + V;
    Cons += (D ? " and " : "") + std::to_string(-Radius[D].Negative) +
            " <= " + V + " <= " + std::to_string(Radius[D].Positive);
  }
  return isl::set(Ctx, "{ [" + Tuple + "] : " + Cons + " }");
}

StencilShape classify(const StencilAnalysis &A, const isl::set &Offsets) {
  bool Star = std::all_of(A.Offsets.begin(), A.Offsets.end(),
                          [](const std::vector<int64_t> &O) {
                            return std::count_if(O.begin(), O.end(),
                                                 [](int64_t V) {
                                                   return V != 0;
                                                 }) <= 1;
                          });
  if (Star)
    return StencilShape::Star;
  if (Offsets.is_equal(radiusBox(Offsets.ctx(), A.Radius)))
    return StencilShape::Box;
  return StencilShape::General;
}

/// The time components of the deltas of \p Deps ({ S[..] -> S[..] }), with
/// the parameters projected out: `{ [1] }` for a legal stencil.
isl::set timeDistances(isl::ctx Ctx, const isl::union_map &Deps) {
  isl::set Result = isl::set::empty(isl::set(Ctx, "{ [d] }").space());
  Deps.deltas().foreach_set([&](isl::set S) {
    unsigned N = S.tuple_dim();
    isl_set *T = isl_set_project_out(S.release(), isl_dim_set, 1, N - 1);
    T = isl_set_reset_tuple_id(T);
    // The loop variable's name would print as `[t = 1]`.
    T = isl_set_set_dim_name(T, isl_dim_set, 0, nullptr);
    T = isl_set_project_out_all_params(T);
    Result = Result.unite(isl::manage(T));
  });
  // The `%` of the accesses leaves existentials isl does not always
  // simplify away (`(1 + d) mod 2 = 0 and 0 < d <= 2`); distances are few
  // and bounded, so listing them gives people and tests `{ [1] }`.
  if (isl_set_is_bounded(Result.get()) != isl_bool_true)
    return Result.coalesce();
  isl::set Listed = isl::set::empty(Result.space());
  Result.foreach_point(
      [&](isl::point Pt) { Listed = Listed.unite(Pt.as_set()); });
  return Listed.coalesce();
}

std::string distanceMessage(int64_t N) {
  if (N == 0)
    return "value read is written in the same time step";
  std::string S = std::to_string(N);
  return "flow dependence of distance " + S +
         " in time: the value read was written " + S + " steps earlier";
}

const char *const DistanceNote =
    "stencilcc needs every read to see the previous time level, e.g. "
    "A[t%2] when writing A[(t+1)%2]";

/// `timestep % 2`, `(timestep + 1) % 2`: C text for the level holding the
/// result.
std::string resultLevelText(const StencilProgram &P, int64_t Shift) {
  AffineExpr E = P.TimeLoop.Upper + AffineExpr::constant(Shift);
  std::string S = E.str();
  bool Atom = E.isConstant()
                  ? E.constantTerm() >= 0
                  : E.constantTerm() == 0 && E.terms().size() == 1 &&
                        E.terms().begin()->second == 1;
  if (!Atom)
    S = "(" + S + ")";
  return S + " % " + std::to_string(P.TimeModulus);
}

/// Whether some read after the first time step sees a cell no iteration
/// writes (a halo cell): the first step always reads initial values, later
/// ones only when the kernel must keep the boundary in both levels.
bool readsBoundary(const IslModel &M) {
  const isl::set &D = M.domain();
  // Iterations with an earlier time step in the domain: t > lower bound.
  isl::map Earlier = isl::manage(isl_map_lex_lt_first(
      isl_space_map_from_set(D.space().release()), 1));
  isl::set Later = Earlier.intersect_domain(D).intersect_range(D).range();
  return !M.readsWithoutSource().domain().intersect(isl::union_set(Later))
              .is_empty();
}

class Analyzer {
public:
  Analyzer(const StencilProgram &P, DiagnosticSink &Diags)
      : P(P), Diags(Diags) {}

  std::optional<StencilAnalysis> run();

private:
  void error(SourceRef Loc, std::string Message, std::string Note = {}) {
    Diags.error(Loc.isValid() ? Loc : P.StmtLoc, std::move(Message),
                std::move(Note));
    ++Errors;
  }

  bool checkStructure();
  void checkBounds(const IslModel &M);
  void checkDependences(const IslModel &M, isl::ctx Ctx);
  void shapeFacts(const IslModel &M);

  const StencilProgram &P;
  DiagnosticSink &Diags;
  unsigned Errors = 0;
  std::vector<const Expr *> Reads;
  StencilAnalysis A;
};

/// The IR invariants the model relies on; the frontend guarantees them,
/// hand-built or future IR might not.
bool Analyzer::checkStructure() {
  unsigned N = P.numSpatialDims();
  if (!P.Rhs)
    error(P.StmtLoc, "stencil statement has no right-hand side");
  if (N == 0)
    error(P.StmtLoc, "stencil has no spatial loop");
  if (P.Array.Extents.size() != N)
    error(P.Array.Loc, "array '" + P.Array.Name + "' has " +
                           std::to_string(P.Array.Extents.size()) +
                           " spatial dimensions but the loop nest has " +
                           std::to_string(N));
  if (P.TimeModulus < 1)
    error(P.StmtLoc, "time level modulus must be positive");
  if (P.Array.TimeExtent && *P.Array.TimeExtent < 1)
    error(P.Array.Loc, "array '" + P.Array.Name + "' has no time level");
  for (const Expr *E : Reads)
    if (E->Access.Offsets.size() != N)
      error(E->Loc, "read '" + P.accessText(E->Access) + "' has " +
                        std::to_string(E->Access.Offsets.size() + 1) +
                        " subscripts, expected " + std::to_string(N + 1));
  return Errors == 0;
}

/// Accesses outside the array for some sizes but not all: the region is
/// compiled under the assumption the C code itself needs (its accesses in
/// bounds), which the generated host code checks at run time (PolyBench's
/// `A[N][N]` swept to a run-time `n`). Accesses outside whenever the loops
/// run are errors.
void Analyzer::checkBounds(const IslModel &M) {
  // Only the spatial extents may be assumed: a level outside the declared
  // levels (too few of them, a negative t % 2) is the code's error.
  isl::set Levels = isl::manage(isl_set_drop_constraints_not_involving_dims(
      M.arrayExtent().copy(), isl_dim_set, 0, 1));
  bool LevelsInside = M.write().range().is_subset(Levels);
  isl::set Bad = isl::set::empty(M.domain().params().space());
  for (const isl::set &Cells : M.cellsReadByLevel()) {
    LevelsInside = LevelsInside && Cells.is_subset(Levels);
    Bad = Bad.unite(Cells.subtract(M.arrayExtent()).params());
  }
  Bad = Bad.unite(M.write().range().subtract(M.arrayExtent()).params());
  if (Bad.is_empty())
    return;
  isl::set Runs = M.domain().params();
  if (LevelsInside && !Runs.subtract(Bad).is_empty()) {
    A.BoundsAssumed = true;
    A.BoundsAssumption = parameterConditionText(Bad.complement());
    // A ping-pong's twin: the stage form's analysis warned already.
    if (P.LevelArrays.empty())
      Diags.warning(P.ScopLoc,
                  "the accesses of '" + P.Array.Name +
                      "' stay inside its extents only for some sizes: " +
                      A.BoundsAssumption,
                  "the generated code checks this before it runs the region "
                  "and stops with a message where it fails");
    return;
  }
  const char *Note =
      "; loop bounds must keep every read within the declared extents";
  for (unsigned I = 0; I < Reads.size(); ++I)
    if (!M.readInBounds(I))
      error(Reads[I]->Loc,
            "read '" + P.accessText(Reads[I]->Access) +
                "' may fall outside array '" + P.Array.Name + "'",
            "accesses outside " + M.outOfBoundsReads(I) + Note);
  isl::set Written = M.write().range();
  if (!Written.is_subset(M.arrayExtent())) {
    ArrayAccess W;
    W.TimeShift = P.WriteShift;
    W.Offsets.assign(P.numSpatialDims(), 0);
    error(P.StmtLoc,
          "write '" + P.accessText(W) + "' may fall outside array '" +
              P.Array.Name + "'",
          "accesses outside " +
              text(Written.subtract(M.arrayExtent()).coalesce()) +
              "; loop bounds must keep every write within the declared "
              "extents");
  }
}

void Analyzer::checkDependences(const IslModel &M, isl::ctx Ctx) {
  isl::union_map Deps = M.flowDependences();
  isl::set Distances = timeDistances(Ctx, Deps);
  A.FlowDistances = text(Distances);
  isl::set One(Ctx, "{ [1] }");
  if (Distances.is_subset(One))
    return;

  auto Smallest = [](const isl::set &Bad) {
    isl::val V = Bad.dim_min_val(0);
    return V.is_int() ? V.get_num_si() : 0;
  };
  bool Located = false;
  for (unsigned I = 0; I < Reads.size(); ++I) {
    // Pairs (writer, reader) where read I sees the writer's cell.
    isl::map Via = M.write().apply_range(M.read(I).reverse());
    isl::set Bad = timeDistances(Ctx, Deps.intersect(isl::union_map(Via)))
                       .subtract(One);
    if (Bad.is_empty())
      continue;
    error(Reads[I]->Loc, distanceMessage(Smallest(Bad)), DistanceNote);
    Located = true;
  }
  if (!Located)
    error(P.StmtLoc, distanceMessage(Smallest(Distances.subtract(One))),
          DistanceNote);
}

void Analyzer::shapeFacts(const IslModel &M) {
  isl::set Offsets = M.offsets();
  A.Offsets = IslModel::points(Offsets);
  for (unsigned D = 0; D < A.NumDims; ++D) {
    DimensionRadius R;
    R.LoopVar = P.SpatialLoops[D].Var;
    if (!A.Offsets.empty()) {
      auto [Min, Max] = IslModel::dimBounds(Offsets, D);
      R.Negative = std::max<int64_t>(0, -Min);
      R.Positive = std::max<int64_t>(0, Max);
    }
    A.MaxRadius = std::max({A.MaxRadius, R.Negative, R.Positive});
    A.Radius.push_back(R);
  }
  A.Shape = classify(A, Offsets);
}

std::optional<StencilAnalysis> Analyzer::run() {
  if (P.Rhs)
    Reads = accessNodes(*P.Rhs);
  if (!checkStructure())
    return std::nullopt;

  A.NumDims = P.numSpatialDims();
  A.Element = P.Array.Element;
  A.StreamingDim = 0;
  A.FastestDim = A.NumDims - 1;
  A.NumReads = Reads.size();
  A.SumOfProducts = isSumOfProducts(*P.Rhs);
  A.Flops = countFlops(*P.Rhs);
  int64_t M = P.TimeModulus;
  A.ResultShift = ((P.WriteShift - 1) % M + M) % M;
  A.ResultLevelText = resultLevelText(P, A.ResultShift);

  IslContext Ctx;
  try {
    IslModel Model(Ctx.get(), P);
    A.Domain = text(Model.domain());
    checkBounds(Model);
    checkDependences(Model, Ctx.get());
    shapeFacts(Model);

    A.ReadsBoundary = readsBoundary(Model);
  } catch (const std::exception &E) {
    error(P.StmtLoc,
          std::string("polyhedral analysis of the stencil failed: ") +
              E.what());
  }
  if (Errors)
    return std::nullopt;
  return A;
}

} // namespace

std::optional<StencilAnalysis> analyzeStencil(const StencilProgram &P,
                                              DiagnosticSink &Diags) {
  return Analyzer(P, Diags).run();
}

} // namespace stencilcc
