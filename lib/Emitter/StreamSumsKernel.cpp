//===- Emitter/StreamSumsKernel.cpp ---------------------------------------===//
#include "stencilcc/Emitter/StreamSumsKernel.h"

#include <map>
#include <set>
#include <sstream>

namespace stencilcc {

namespace {

int64_t floorMod(int64_t A, int64_t N) { return ((A % N) + N) % N; }

std::string rowName(int64_t Q) { return "row_" + offsetTag(Q); }

} // namespace

std::string emitStreamSumsKernel(const KernelContext &K,
                                 const PartialSumForm &F) {
  const StencilProgram &P = K.Program;
  const TemporalBlockingPlan &Plan = K.Plan;
  const std::string Elem = elementTypeName(Plan.Element);
  const std::string SumT = scalarTypeName(F.SumType);
  const int64_t Rows = Plan.StreamSumRows;
  const int64_t SMin = F.lowestOffset(), SMax = F.highestOffset();
  const int64_t Ring = SMax - SMin + 1;
  const unsigned Threads = Plan.BlockSizes[0] * Plan.BlockSizes[1];
  const bool ValueOrder = Plan.Order == SumOrder::Value;
  const std::map<std::vector<int64_t>, std::vector<ValueTerm>> TermsByValue =
      ValueOrder ? partialTermsByValue(Plan, F, unsigned(Rows))
                 : std::map<std::vector<int64_t>, std::vector<ValueTerm>>();

  // The values of one input plane the thread's rows read: row q (relative
  // to its first row y0) -> columns dx.
  std::map<int64_t, std::set<int64_t>> Loads;
  for (const auto &[S, Reads] : F.GroupReads)
    for (const std::vector<int64_t> &V : Reads)
      for (int64_t Row = 0; Row < Rows; ++Row)
        Loads[Row + V[0]].insert(V[1]);
  auto Value = [](int64_t Q, int64_t Dx) {
    return partialSumValueName({Q, Dx});
  };
  auto Sum = [](int64_t Row, int64_t Slot) {
    return "s" + std::to_string(Row) + "_" + std::to_string(Slot);
  };

  auto Plus = [](int64_t V) {
    return V < 0 ? " - " + std::to_string(-V)
           : V > 0 ? " + " + std::to_string(V)
                   : std::string();
  };
  std::ostringstream OS;
  OS << "// One time step per launch. A thread streams output plane segment\n"
     << "// [z_begin, z_end) of "
     << (Rows == 1 ? "one cell" : std::to_string(Rows) + " rows")
     << " of the tiled plane: input plane z adds its terms\n"
     << "// to the sums of output planes z" << Plus(-SMax) << " .. z"
     << Plus(-SMin) << " (a ring of " << Ring
     << " per row), each value loaded once.\n";
  OS << "static __global__ void __launch_bounds__(" << Threads << ")\n"
     << K.Prefix << "_stream(const " << Elem << " *__restrict__ src, " << Elem
     << " *__restrict__ dst, const long e0, const long e1, const long e2, "
        "const long lo_0, const long hi_0, const long lo_1, const long hi_1, "
        "const long lo_2, const long hi_2, const long segment"
     << scalarParams(P) << ")\n{\n";
  OS << "  const long x2 = lo_2 + (long)blockIdx.x * blockDim.x + "
        "threadIdx.x;\n";
  OS << "  const long y0 = lo_1 + " << (Rows > 1 ? "(" : "")
     << "(long)blockIdx.y * blockDim.y + threadIdx.y"
     << (Rows > 1 ? ") * " + std::to_string(Rows) : std::string()) << ";\n";
  OS << "  if (x2 >= hi_2 || y0 >= hi_1)\n    return;\n";
  OS << "  const long z_begin = lo_0 + (long)blockIdx.z * segment;\n";
  OS << "  const long z_end = z_begin + segment < hi_0 ? z_begin + segment : "
        "hi_0;\n";
  OS << "  const long plane = e1 * e2;\n";
  if (Rows > 1)
    OS << "  // Rows past the last one (y0 + row >= hi_1) are computed from "
          "rows\n  // clamped into the array and not stored.\n";
  for (const auto &[Q, Cols] : Loads) {
    std::string Row = "y0 + " + std::to_string(Q);
    if (Q < 0)
      Row = "y0 - " + std::to_string(-Q);
    // Row 0's reads are the C program's own; a later row's may pass the end.
    if (Q > 0 && Rows > 1)
      Row = "(" + Row + " < e1 ? " + Row + " : e1 - 1)";
    else if (Q != 0)
      Row = "(" + Row + ")";
    else
      Row = "y0";
    OS << "  const long " << rowName(Q) << " = " << Row << " * e2 + x2;\n";
  }
  for (int64_t Row = 0; Row < Rows; ++Row) {
    OS << "  " << SumT << " ";
    for (int64_t J = 0; J < Ring; ++J)
      OS << (J ? ", " : "") << Sum(Row, J) << " = 0";
    OS << ";\n";
  }
  OS << "  // Input plane z_begin" << Plus(SMin)
     << " + m; output plane z_begin + j in slot j mod " << Ring << ".\n";
  OS << "  const long count = (z_end - z_begin) + " << Ring - 1 << ";\n";
  OS << "  for (long m = 0; m < count; m += " << Ring << ") {\n";
  for (int64_t U = 0; U < Ring; ++U) {
    std::string In = "    ";
    if (U) {
      OS << "    if (m + " << U << " < count) {\n";
      In = "      ";
    } else {
      OS << "    {\n";
      In = "      ";
    }
    OS << In << "const " << Elem << " *const in = src + (z_begin" << Plus(SMin)
       << " + m" << Plus(U) << ") * plane;\n";
    auto LoadOf = [&](int64_t Q, int64_t Dx) {
      return "in[" + rowName(Q) +
             (Dx < 0   ? " - " + std::to_string(-Dx)
              : Dx > 0 ? " + " + std::to_string(Dx)
                       : std::string()) +
             "]";
    };
    if (ValueOrder) {
      // Paper 004's interleaving: each value, once loaded, is added to
      // every sum of every row that reads it; one value is live at a time
      // instead of the plane's (2r + rows) x (2r + 1).
      std::set<std::pair<int64_t, int64_t>> Started;
      for (const auto &[Q, Cols] : Loads)
        for (int64_t Dx : Cols) {
          OS << In << "{ // " << Value(Q, Dx) << "\n"
             << In << "  const " << Elem << " v = " << LoadOf(Q, Dx)
             << ";\n";
          auto It = TermsByValue.find(std::vector<int64_t>{Q, Dx});
          if (It != TermsByValue.end())
            for (const ValueTerm &VT : It->second) {
              int64_t Row = VT.Row, S = VT.Group;
              bool Starts = S == SMin && Started.insert({Row, S}).second;
              OS << In << "  "
                 << partialTermAddition(
                        F, Sum(Row, floorMod(U + SMin - S, Ring)), *VT.Term,
                        Starts)
                 << "\n";
            }
          OS << In << "}\n";
        }
    } else {
      for (const auto &[Q, Cols] : Loads)
        for (int64_t Dx : Cols)
          OS << In << "const " << Elem << " " << Value(Q, Dx) << " = "
             << LoadOf(Q, Dx) << ";\n";
    }
    for (int64_t Row = 0; Row < Rows; ++Row) {
      // Plane by plane, each group's function adds its terms (value by
      // value, they were added above).
      if (!ValueOrder)
        for (const auto &[S, Reads] : F.GroupReads) {
          std::string Slot = Sum(Row, floorMod(U + SMin - S, Ring));
          std::string Args = S == SMin ? "" : Slot;
          for (const std::vector<int64_t> &V : Reads)
            Args += (Args.empty() ? "" : ", ") + Value(Row + V[0], V[1]);
          OS << In << Slot << " = " << partialTermsFunction(K, S) << "("
             << Args << scalarArgs(P) << ");\n";
        }
      // Output plane z_begin + m + U - (Ring - 1) has all its planes.
      std::string Cond;
      if (U < Ring - 1)
        Cond = "m + " + std::to_string(U) + " >= " + std::to_string(Ring - 1);
      if (Row > 0)
        Cond += (Cond.empty() ? "" : " && ") + std::string("y0 + ") +
                std::to_string(Row) + " < hi_1";
      OS << In << (Cond.empty() ? "" : "if (" + Cond + ")\n" + In + "  ")
         << "dst[(z_begin + m" << Plus(U - (Ring - 1)) << ") * plane + "
         << (Row ? "(y0 + " + std::to_string(Row) + ")" : std::string("y0"))
         << " * e2 + x2] = " << partialFinishFunction(K) << "("
         << Sum(Row, floorMod(U + SMin - SMax, Ring)) << scalarArgs(P)
         << ");\n";
    }
    OS << "    }\n";
  }
  OS << "  }\n}\n";
  return OS.str();
}

} // namespace stencilcc
