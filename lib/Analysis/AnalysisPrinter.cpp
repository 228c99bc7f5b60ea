//===- Analysis/AnalysisPrinter.cpp ---------------------------------------===//
#include "stencilcc/Analysis/AnalysisPrinter.h"

#include "llvm/Support/FormatVariadic.h"

namespace stencilcc {

using llvm::json::Array;
using llvm::json::Object;

static Object loopToJSON(const Loop &L) {
  return Object{{"var", L.Var},
                {"lower", L.Lower.str()},
                {"upper", L.Upper.str()},
                {"upper_inclusive", L.UpperInclusive},
                {"declared_outside", L.VarDeclaredOutside},
                {"line", L.Loc.Line}};
}

static std::string offsetText(const std::vector<int64_t> &O) {
  std::string S = "(";
  for (size_t I = 0; I < O.size(); ++I)
    S += (I ? "," : "") + std::to_string(O[I]);
  return S + ")";
}

Object analysisToJSON(const StencilProgram &P, const StencilAnalysis &A) {
  Array Params;
  for (const Parameter &Par : P.Parameters)
    Params.push_back(Object{{"name", Par.Name},
                            {"type", scalarTypeName(Par.Type)}});
  Array Extents;
  for (size_t D = 0; D < P.Array.Extents.size(); ++D)
    Extents.push_back(Object{{"affine", P.Array.Extents[D].str()},
                             {"spelling", P.Array.ExtentSpellings[D]}});
  Object ArrayObj{{"name", P.Array.Name},
                  {"element_type", elementTypeName(P.Array.Element)},
                  {"declared_as", arrayDeclKindName(P.Array.DeclKind)},
                  {"extents", std::move(Extents)}};
  if (P.Array.TimeExtent)
    ArrayObj["time_extent"] = *P.Array.TimeExtent;
  else
    ArrayObj["time_extent"] = nullptr;

  Array Spatial;
  for (const Loop &L : P.SpatialLoops)
    Spatial.push_back(loopToJSON(L));
  Array Radius;
  for (const DimensionRadius &R : A.Radius)
    Radius.push_back(Object{{"var", R.LoopVar},
                            {"negative", R.Negative},
                            {"positive", R.Positive}});
  Array Offsets;
  for (const auto &O : A.Offsets) {
    Array Point;
    for (int64_t V : O)
      Point.push_back(V);
    Offsets.push_back(std::move(Point));
  }
  return Object{
      {"function", P.FunctionName},
      {"line", P.ScopLoc.Line},
      {"dimensions", A.NumDims},
      {"element_type", elementTypeName(A.Element)},
      {"array", std::move(ArrayObj)},
      {"parameters", std::move(Params)},
      {"time_loop", loopToJSON(P.TimeLoop)},
      {"spatial_loops", std::move(Spatial)},
      {"write_level", Object{{"shift", P.WriteShift},
                             {"modulus", P.TimeModulus}}},
      {"expression", P.rhsText()},
      {"radius", std::move(Radius)},
      {"max_radius", A.MaxRadius},
      {"shape", stencilShapeName(A.Shape)},
      {"offsets", std::move(Offsets)},
      {"reads", A.NumReads},
      {"sum_of_products", A.SumOfProducts},
      {"flops_per_cell", A.Flops.total()},
      {"flops", Object{{"add", A.Flops.Adds},
                       {"mul", A.Flops.Muls},
                       {"div", A.Flops.Divs},
                       {"calls", A.Flops.Calls},
                       {"other", A.Flops.Others}}},
      {"streaming_dim", A.StreamingDim},
      {"fastest_dim", A.FastestDim},
      {"domain", A.Domain},
      {"flow_distances", A.FlowDistances},
      {"reads_boundary", A.ReadsBoundary},
      {"result_level", Object{{"shift", A.ResultShift},
                              {"text", A.ResultLevelText}}},
  };
}

void printAnalysis(llvm::raw_ostream &OS, const StencilProgram &P,
                   const StencilAnalysis &A, unsigned Index) {
  OS << llvm::formatv("region {0}: function '{1}', line {2}\n", Index,
                      P.FunctionName, P.ScopLoc.Line);
  OS << llvm::formatv("  stencil      {0}D {1}, {2} array '{3}' ({4})\n",
                      A.NumDims, stencilShapeName(A.Shape),
                      elementTypeName(A.Element), P.Array.Name,
                      arrayDeclKindName(P.Array.DeclKind));
  OS << "  time loop    " << P.TimeLoop.Var << " in ["
     << P.TimeLoop.Lower.str() << ", " << P.TimeLoop.Upper.str() << ")\n";
  for (size_t D = 0; D < P.SpatialLoops.size(); ++D) {
    const Loop &L = P.SpatialLoops[D];
    const char *Role = D == A.StreamingDim  ? "  (streaming)"
                       : D == A.FastestDim ? "  (fastest)"
                                           : "";
    OS << llvm::formatv("  dim {0}        {1} in [{2}, {3}), radius -{4}/+{5}"
                        "{6}\n",
                        D, L.Var, L.Lower.str(), L.Upper.str(),
                        A.Radius[D].Negative, A.Radius[D].Positive, Role);
  }
  OS << "  offsets      " << A.Offsets.size() << ":";
  for (const auto &O : A.Offsets)
    OS << " " << offsetText(O);
  OS << "\n";
  OS << "  flops/cell   " << flopCountText(A.Flops) << "\n";
  OS << "  associative  "
     << (A.SumOfProducts ? "yes (sum of products)" : "no") << "\n";
  OS << "  dependences  time distance " << A.FlowDistances << "\n";
  OS << "  boundary     "
     << (A.ReadsBoundary ? "reads cells no step writes"
                         : "every read cell is written")
     << "\n";
  OS << "  result in    " << P.Array.Name << "[" << A.ResultLevelText
     << "]\n";
  OS << "  update       " << P.accessText({P.WriteShift, std::vector<int64_t>(
                                                 A.NumDims, 0)})
     << " = " << P.rhsText() << "\n";
}

} // namespace stencilcc
