//===- Analysis/StageAnalysisPrinter.cpp - `--analyze` of a stage form ----===//
//
// Text for people, JSON for tools; both carry the same facts. The JSON
// field names are a contract documented in docs/analysis-json.md
// ("Stage-form regions").
//
//===----------------------------------------------------------------------===//
#include "stencilcc/Analysis/StageAnalysis.h"

#include "llvm/Support/FormatVariadic.h"

namespace stencilcc {

using llvm::json::Array;
using llvm::json::Object;

namespace {

/// The name of grid dimension \p G in a radius: its loop variable, or
/// `dim G` where the stage writes a fixed slice.
std::string dimName(const DimensionRadius &R, unsigned G) {
  return R.LoopVar.empty() ? "dim " + std::to_string(G) : R.LoopVar;
}

std::string radiusText(const std::vector<DimensionRadius> &Radius) {
  std::string S;
  for (unsigned G = 0; G < Radius.size(); ++G)
    S += (G ? ", " : "") + dimName(Radius[G], G) + " -" +
         std::to_string(Radius[G].Negative) + "/+" +
         std::to_string(Radius[G].Positive);
  return S;
}

std::string loopText(const Loop &L) {
  return L.Var + " in [" + L.Lower.str() + ", " + L.Upper.str() + ")";
}

std::string writeText(const StencilProgram &P, const Stage &St) {
  ArrayAccess W;
  W.ArrayId = St.ArrayId;
  W.TimeShift = St.WriteShift;
  W.Index = St.WriteIndex;
  return P.stageAccessText(W);
}

std::string arrayText(const StencilArray &A) {
  std::string S =
      A.Name + ": " + arrayRoleName(A.Role) + ", " + elementTypeName(A.Element);
  if (A.Levels > 0)
    S += ", " + std::to_string(A.Levels) + " levels";
  if (A.Role == ArrayRole::TimeIndexed)
    S += ", time extent " + (A.TimeExtentExpr ? A.TimeExtentExpr->str()
                             : A.TimeExtent   ? std::to_string(*A.TimeExtent)
                                              : std::string("unknown"));
  S += ", extents ";
  for (size_t D = 0; D < A.Extents.size(); ++D)
    S += "[" + A.Extents[D].str() + "]";
  if (A.Extents.empty())
    S += "none";
  return S + " (" + arrayDeclKindName(A.DeclKind) +
         (A.Flattened ? ", indexed flat" : "") + ")";
}

/// `stage 1 at distance 1, stage 0 at distance 0; initial values`.
std::string sourcesText(const StageAccessFacts &F) {
  std::string S;
  for (const StageReadSource &Src : F.Sources)
    S += (S.empty() ? "" : ", ") +
         llvm::formatv("stage {0} at distance {1}", Src.Stage, Src.Distance)
             .str();
  if (F.ReadsUnwritten)
    S += std::string(S.empty() ? "" : "; ") +
         "initial values (cells no stage writes)";
  else if (F.ReadsInitial)
    S += std::string(S.empty() ? "" : "; ") + "initial values (first steps)";
  return S;
}

void printStage(llvm::raw_ostream &OS, const StencilProgram &P,
                const StageFacts &F, unsigned S) {
  const Stage &St = P.Stages[S];
  OS << llvm::formatv("  stage {0}      {1} = {2}  (line {3}{4})\n", S,
                      writeText(P, St), P.stageRhsText(St), St.Loc.Line,
                      F.Boundary ? ", boundary" : "");
  std::string Loops;
  for (const Loop &L : St.Loops)
    Loops += (Loops.empty() ? "" : ", ") + loopText(L);
  OS << "    loops      " << (Loops.empty() ? "none" : Loops) << "\n";
  for (const StageReadRadius &R : F.Reads)
    OS << "    reads      " << P.Arrays[R.ArrayId].Name << ": "
       << radiusText(R.Radius) << (R.Bounded ? "" : ", unbounded") << "\n";
  std::vector<const Expr *> Nodes;
  St.Rhs->walk([&](const Expr &E) {
    if (E.K == Expr::Kind::Access)
      Nodes.push_back(&E);
  });
  for (unsigned K = 0; K < F.Accesses.size() && K < Nodes.size(); ++K) {
    const StageAccessFacts &AF = F.Accesses[K];
    if (P.Arrays[AF.ArrayId].Role != ArrayRole::State)
      continue;
    OS << "    sees       " << P.stageAccessText(Nodes[K]->Access) << " <- "
       << sourcesText(AF) << (AF.Wraps ? " (wraps)" : "") << "\n";
  }
  OS << "    radius     " << radiusText(F.Radius) << "\n";
  OS << "    flops/cell " << flopCountText(F.Flops) << "\n";
}

Array radiusJSON(const std::vector<DimensionRadius> &Radius) {
  Array Out;
  for (unsigned G = 0; G < Radius.size(); ++G)
    Out.push_back(Object{{"var", Radius[G].LoopVar},
                         {"negative", Radius[G].Negative},
                         {"positive", Radius[G].Positive}});
  return Out;
}

Object loopJSON(const Loop &L) {
  return Object{{"var", L.Var},
                {"lower", L.Lower.str()},
                {"upper", L.Upper.str()},
                {"upper_inclusive", L.UpperInclusive},
                {"declared_outside", L.VarDeclaredOutside},
                {"line", L.Loc.Line}};
}

Object arrayJSON(const StencilArray &A) {
  Array Extents;
  for (size_t D = 0; D < A.Extents.size(); ++D)
    Extents.push_back(Object{{"affine", A.Extents[D].str()},
                             {"spelling", D < A.ExtentSpellings.size()
                                              ? A.ExtentSpellings[D]
                                              : A.Extents[D].str()}});
  Object O{{"name", A.Name},
           {"role", arrayRoleName(A.Role)},
           {"levels", A.Levels},
           {"element_type", elementTypeName(A.Element)},
           {"declared_as", arrayDeclKindName(A.DeclKind)},
           {"flattened", A.Flattened},
           {"extents", std::move(Extents)}};
  if (A.TimeExtentExpr)
    O["time_extent"] = A.TimeExtentExpr->str();
  else if (A.TimeExtent)
    O["time_extent"] = std::to_string(*A.TimeExtent);
  else
    O["time_extent"] = nullptr;
  return O;
}

Object accessJSON(const StencilProgram &P, const Expr &Node,
                  const StageAccessFacts &F) {
  Array Sources;
  for (const StageReadSource &S : F.Sources)
    Sources.push_back(Object{{"stage", S.Stage}, {"distance", S.Distance}});
  return Object{{"text", P.stageAccessText(Node.Access)},
                {"array", P.Arrays[F.ArrayId].Name},
                {"time_shift", Node.Access.TimeShift},
                {"line", Node.Loc.Line},
                {"column", Node.Loc.Column},
                {"radius", radiusJSON(F.Radius)},
                {"bounded", F.Bounded},
                {"wraps", F.Wraps},
                {"sources", std::move(Sources)},
                {"reads_initial", F.ReadsInitial},
                {"reads_unwritten", F.ReadsUnwritten}};
}

Object stageJSON(const StencilProgram &P, const StageFacts &F, unsigned S) {
  const Stage &St = P.Stages[S];
  Array Loops, Reads, Accesses, WriteLoop;
  for (const Loop &L : St.Loops)
    Loops.push_back(loopJSON(L));
  for (int L : St.WriteLoop)
    WriteLoop.push_back(L);
  for (const StageReadRadius &R : F.Reads)
    Reads.push_back(Object{{"array", P.Arrays[R.ArrayId].Name},
                           {"radius", radiusJSON(R.Radius)},
                           {"bounded", R.Bounded}});
  unsigned K = 0;
  St.Rhs->walk([&](const Expr &E) {
    if (E.K == Expr::Kind::Access && K < F.Accesses.size())
      Accesses.push_back(accessJSON(P, E, F.Accesses[K++]));
  });
  return Object{{"line", St.Loc.Line},
                {"array", P.Arrays[F.ArrayId].Name},
                {"write", writeText(P, St)},
                {"write_shift", St.WriteShift},
                {"write_loop", std::move(WriteLoop)},
                {"expression", P.stageRhsText(St)},
                {"loops", std::move(Loops)},
                {"rank", F.Rank},
                {"boundary", F.Boundary},
                {"domain", F.Domain},
                {"reads", std::move(Reads)},
                {"accesses", std::move(Accesses)},
                {"radius", radiusJSON(F.Radius)},
                {"flops_per_cell", F.Flops.total()},
                {"flops", Object{{"add", F.Flops.Adds},
                                 {"mul", F.Flops.Muls},
                                 {"div", F.Flops.Divs},
                                 {"calls", F.Flops.Calls},
                       {"other", F.Flops.Others}}}};
}

} // namespace

void printStageAnalysis(llvm::raw_ostream &OS, const StencilProgram &P,
                        const StageAnalysis &A, unsigned RegionIndex) {
  OS << llvm::formatv("region {0}: function '{1}', line {2}, {3} stages\n",
                      RegionIndex, P.FunctionName, P.ScopLoc.Line,
                      A.Stages.size());
  OS << llvm::formatv("  grid         {0}D, {1}, time loop {2}\n", A.NumDims,
                      elementTypeName(A.Element), loopText(P.TimeLoop));
  for (unsigned I = 0; I < P.Arrays.size(); ++I)
    OS << llvm::formatv("  array {0,-6} {1}\n", I, arrayText(P.Arrays[I]));
  for (unsigned S = 0; S < A.Stages.size(); ++S)
    printStage(OS, P, A.Stages[S], S);
  OS << "  halo/step    " << radiusText(A.HaloPerStep)
     << (A.Bounded ? "" : " (some state read is unbounded)") << "\n";
  OS << "  flops/step   " << A.FlopsPerStep << " per cell\n";
  OS << "  periodic     " << (A.Periodic ? "yes" : "no") << "\n";
  OS << "  warm-up      " << A.WarmUpSteps
     << " step(s) until every written cell read has its source\n";
}

llvm::json::Object stageAnalysisToJSON(const StencilProgram &P,
                                       const StageAnalysis &A) {
  Array Params, Arrays, Stages;
  for (const Parameter &Par : P.Parameters)
    Params.push_back(
        Object{{"name", Par.Name}, {"type", scalarTypeName(Par.Type)}});
  for (const StencilArray &Arr : P.Arrays)
    Arrays.push_back(arrayJSON(Arr));
  for (unsigned S = 0; S < A.Stages.size(); ++S)
    Stages.push_back(stageJSON(P, A.Stages[S], S));
  return Object{{"function", P.FunctionName},
                {"line", P.ScopLoc.Line},
                {"form", "stages"},
                {"dimensions", A.NumDims},
                {"element_type", elementTypeName(A.Element)},
                {"parameters", std::move(Params)},
                {"time_loop", loopJSON(P.TimeLoop)},
                {"arrays", std::move(Arrays)},
                {"stages", std::move(Stages)},
                {"halo_per_step", radiusJSON(A.HaloPerStep)},
                {"flops_per_step", A.FlopsPerStep},
                {"periodic", A.Periodic},
                {"bounded", A.Bounded},
                {"warm_up_steps", A.WarmUpSteps}};
}

} // namespace stencilcc
