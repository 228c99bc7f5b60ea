//===- Emitter/UpdateFunction.cpp - The cell update as a function ---------===//
#include "UpdateFunction.h"
#include "KernelLayout.h"
#include "stencilcc/Emitter/RoundedOperands.h"
#include "stencilcc/Emitter/ConstantDivision.h"
#include "stencilcc/Emitter/FloatSquareRoot.h"
#include "stencilcc/Emitter/PartialSums.h"

#include <algorithm>
#include <map>
#include <sstream>

namespace stencilcc {

/// --rows-per-thread with SCR: the thread's row whose own column read
/// \p Offset of row \p Row is (its queue holds it), if any.
static std::optional<unsigned>
inThreadRow(const TemporalBlockingPlan &Plan,
            const std::vector<int64_t> &Offset, unsigned Row) {
  if (Plan.RowsPerThread < 2 || Plan.Exchange != ExchangeScheme::SCR ||
      Plan.readsFromRegisters(Offset))
    return std::nullopt;
  return Plan.ownColumnRow(
      Plan.offsetFromFirstRow(Plan.inPlaneOffset(Offset), Row));
}

/// The reads of row \p Row that another row's queue holds: (streaming
/// offset, row), in parameter order.
std::set<std::pair<int64_t, unsigned>>
inThreadReads(const KernelContext &K, unsigned Row) {
  std::set<std::pair<int64_t, unsigned>> Reads;
  for (const std::vector<int64_t> &O : K.Analysis.Offsets)
    if (std::optional<unsigned> Own = inThreadRow(K.Plan, O, Row))
      Reads.insert({K.Plan.streamOffset(O), *Own});
  return Reads;
}

static std::string inThreadName(int64_t S, unsigned OwnRow) {
  return "own_r" + std::to_string(OwnRow) + "_" + offsetTag(S);
}

/// The update function; with \p Row, row Row's of a thread of several
/// rows under SCR, whose reads of another row's own column are parameters;
/// with \p Carried, the one that takes those differences from the plane
/// before and passes them on (Emitter/CarriedDifferences.h).
std::string updateFunction(const KernelContext &K, std::optional<unsigned> Row,
                           const std::vector<CarriedDifference> *Carried) {
  const StencilProgram &P = K.Program;
  const TemporalBlockingPlan &Plan = K.Plan;
  const std::string Elem = elementTypeName(Plan.Element);
  ReadSets R = readSets(K);
  bool TwoTileDims = Plan.Geometry.TileDims.size() == 2;

  std::string Params;
  for (int64_t O : R.Registers)
    Params += (Params.empty() ? "" : ", ") + ("const " + Elem + " c_") +
              offsetTag(O);
  for (int64_t O : R.Exchanged)
    Params += (Params.empty() ? "" : ", ") +
              ("const " + Elem + " *__restrict__ x_") + offsetTag(O);
  if (Row)
    for (const auto &[S, Own] : inThreadReads(K, *Row))
      Params += ", const " + Elem + " " + inThreadName(S, Own);
  for (const auto &[S, V] : R.Neighbours)
    Params += (Params.empty() ? "" : ", ") + ("const " + Elem + " ") +
              neighbourName(S, V);
  if (TwoTileDims && !R.Exchanged.empty())
    Params += ", const long pitch";
  Params += scalarParams(P);

  auto PrintAccess = [&](const ArrayAccess &A) -> std::string {
    int64_t S = Plan.streamOffset(A.Offsets);
    if (Plan.readsFromRegisters(A.Offsets))
      return "c_" + offsetTag(S);
    if (Row)
      if (std::optional<unsigned> Own = inThreadRow(Plan, A.Offsets, *Row))
        return inThreadName(S, *Own);
    if (Plan.neighboursInRegisters())
      return neighbourName(S, Plan.inPlaneOffset(A.Offsets));
    const std::vector<unsigned> &TD = Plan.Geometry.TileDims;
    std::string Index;
    if (TD.size() == 1) {
      Index = std::to_string(A.Offsets[TD[0]]);
    } else {
      int64_t Row = A.Offsets[TD[0]], Col = A.Offsets[TD[1]];
      Index = Row == 0 ? std::to_string(Col)
                       : std::to_string(Row) + " * pitch + " +
                             std::to_string(Col);
    }
    return "x_" + offsetTag(S) + "[" + Index + "]";
  };
  ExprPtr Renamed = P.Rhs->clone();
  std::function<void(Expr &)> Rename = [&](Expr &E) {
    if (E.K == Expr::Kind::ScalarRef)
      E.Name = "s_" + E.Name;
    for (ExprPtr &O : E.Operands)
      Rename(*O);
  };
  Rename(*Renamed);
  lowerConstantDivisions(*Renamed, Plan.FastMath);
  lowerFloatSquareRoots(*Renamed);
  if (narrowsBelow(*Renamed, Plan.Element))
    keepRounding(*Renamed);
  // The carried differences as this plane computes them, before they
  // become names (after the lowerings, which prove bounds from the reads).
  std::vector<std::string> CarriedIn, CarriedOut;
  if (Carried) {
    auto Print = [&](int64_t Minuend, int64_t Subtrahend) {
      std::string Text;
      Renamed->walk([&](const Expr &E) {
        int64_t A = 0, B = 0;
        if (Text.empty() && ownColumnDifference(E, Plan, A, B) &&
            A == Minuend && B == Subtrahend)
          Text = printExpr(E, PrintAccess, /*ExplicitCasts=*/true);
      });
      return Text;
    };
    for (const CarriedDifference &C : *Carried) {
      CarriedIn.push_back(Print(C.InMinuend, C.InSubtrahend));
      CarriedOut.push_back(Print(C.OutMinuend, C.OutSubtrahend));
    }
    substituteCarriedDifferences(*Renamed, Plan, *Carried);
  }
  std::string Body = printExpr(*Renamed, PrintAccess, /*ExplicitCasts=*/true);

  std::ostringstream OS;
  if (Carried) {
    OS << "// The same update, with the differences of the thread's column "
          "that the\n// next plane computes again carried in registers "
          "(carry_<k>: on entry\n// the plane before's, on exit this "
          "plane's).\n";
    std::string CarryParams;
    for (size_t I = 0; I < Carried->size(); ++I)
      CarryParams += ", " + Elem + " &carry_" + std::to_string(I);
    OS << "static __device__ __forceinline__ " << Elem << " "
       << carriedUpdateFunctionName(K) << "(" << Params << CarryParams
       << ")\n{\n";
    for (size_t I = 0; I < Carried->size(); ++I) {
      std::string N = std::to_string(I);
      OS << "  const " << Elem << " carried_in_" << N << " = carry_" << N
         << "; // " << ((*Carried)[I].Negated ? "-(" : "(") << CarriedIn[I]
         << ")" << ((*Carried)[I].Negated ? ", only squared" : "")
         << "\n  const " << Elem << " carried_out_" << N << " = "
         << CarriedOut[I] << ";\n  carry_" << N << " = carried_out_" << N
         << ";\n";
    }
    OS << "  return (" << Elem << ")(" << Body << ");\n}\n";
    return OS.str();
  }
  if (Row)
    OS << "// Row " << *Row << " of the thread's rows: the values of its "
       << "rows' own columns,\n// own_r<row>_<plane>, from their queues.\n";
  else
    OS << "// The update of one cell, as the C statement computes it,\n"
       << "// with the thread's own column in c_<plane> and neighbours "
       << (R.Neighbours.empty() ? "at\n// x_<plane>[offset]"
                                : "in\n// n_<plane>__<in-plane offset>")
       << " (<plane>: m = below, p = above the cell).\n";
  OS << "static __device__ __forceinline__ " << Elem << " "
     << updateFunctionName(K, Row) << "(" << Params << ")\n{\n  return ("
     << Elem << ")(" << Body << ");\n}\n";
  return OS.str();
}

std::string updateFunctionName(const KernelContext &K,
                               std::optional<unsigned> Row) {
  if (Row && !inThreadReads(K, *Row).empty())
    return K.Prefix + "_update_r" + std::to_string(*Row);
  return K.Prefix + "_update";
}

std::string carriedUpdateFunctionName(const KernelContext &K) {
  return K.Prefix + "_update_carried";
}

std::string emitUpdateFunction(const KernelContext &K) {
  // The blocked kernels' rows that read another row's own column take it
  // from that row's queue, not from shared memory: star3d1r with two
  // rows loads 6 values per pair of cells instead of 8. The plain function
  // only where some row needs it (no unused function for nvcc to warn of).
  // (inThreadReads is empty for every other plan: one row, no SCR.)
  std::string PerRow;
  bool Plain = false;
  for (unsigned Row = 0; Row < K.Plan.RowsPerThread; ++Row) {
    if (inThreadReads(K, Row).empty())
      Plain = true;
    else
      PerRow += updateFunction(K, Row);
  }
  return (Plain ? updateFunction(K, std::nullopt) : std::string()) + PerRow;
}
} // namespace stencilcc
