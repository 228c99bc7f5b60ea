//===- Emitter/NaiveKernel.cpp - The naive kernel -------------------------===//
//
// The baseline the blocked plans are measured against: one time step per
// launch, one thread per cell, every read from global memory, through the
// same update function as the blocked kernels.
//
//===----------------------------------------------------------------------===//
#include "KernelLayout.h"

#include <sstream>

namespace stencilcc {

std::string naiveKernelHead(const KernelContext &K) {
  const StencilProgram &P = K.Program;
  const std::string Elem = elementTypeName(K.Plan.Element);
  unsigned N = P.numSpatialDims();
  std::ostringstream OS;
  OS << "static __global__ void " << K.Prefix << "_naive(const " << Elem
     << " *__restrict__ src, " << Elem << " *__restrict__ dst";
  for (unsigned D = 0; D < N; ++D)
    OS << ", const long e" << D;
  for (unsigned D = 0; D < N; ++D)
    OS << ", const long lo_" << D << ", const long hi_" << D;
  OS << scalarParams(P) << ")\n{\n";
  static const char *Axis[] = {"x", "y", "z"};
  for (unsigned D = 0; D < N; ++D) {
    const char *A = Axis[N - 1 - D];
    OS << "  const long " << spatialVar(D) << " = lo_" << D
       << " + (long)blockIdx." << A << " * blockDim." << A << " + threadIdx."
       << A << ";\n";
  }
  std::string Cond, Index;
  for (unsigned D = 0; D < N; ++D) {
    Cond += (D ? " || " : "") + spatialVar(D) + " >= hi_" + std::to_string(D);
    Index = D == 0 ? spatialVar(0)
                   : "(" + Index + ") * e" + std::to_string(D) + " + " +
                         spatialVar(D);
  }
  OS << "  if (" << Cond << ")\n    return;\n";
  OS << "  const long cell = " << Index << ";\n";
  return OS.str();
}

std::string emitNaiveKernel(const KernelContext &K) {
  const StencilProgram &P = K.Program;
  const TemporalBlockingPlan &Plan = K.Plan;
  unsigned N = P.numSpatialDims();
  ReadSets R = readSets(K);
  std::ostringstream OS;
  OS << "// One time step, one thread per cell, global memory only.\n";
  OS << naiveKernelHead(K);
  // The same update function: its plane pointers address global memory.
  std::string PlaneStride = N == 1 ? "0" : "e1" + std::string(N == 3 ? " * e2" : "");
  std::string Args;
  for (int64_t O : R.Registers)
    Args += (Args.empty() ? "" : ", ") + ("src[cell + " + std::to_string(O) +
                                          " * " + PlaneStride + "]");
  for (int64_t O : R.Exchanged)
    Args += (Args.empty() ? "" : ", ") +
            ("src + cell + " + std::to_string(O) + " * " + PlaneStride);
  for (const auto &[S, V] : R.Neighbours) {
    std::string In = V.size() == 1 ? std::to_string(V[0])
                                   : std::to_string(V[0]) + " * e2 + " +
                                         std::to_string(V[1]);
    Args += (Args.empty() ? "" : ", ") + ("src[cell + " + std::to_string(S) +
                                          " * " + PlaneStride + " + " + In +
                                          "]");
  }
  if (Plan.Geometry.TileDims.size() == 2 && !R.Exchanged.empty())
    Args += ", e2";
  OS << "  dst[cell] = " << K.Prefix << "_update(" << Args << scalarArgs(P)
     << ");\n}\n";
  return OS.str();
}

} // namespace stencilcc
