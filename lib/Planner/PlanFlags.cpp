//===- lib/Planner/PlanFlags.cpp - Plan options as text -------------------===//
#include "stencilcc/Planner/PlanFlags.h"

#include "llvm/ADT/SmallVector.h"

namespace stencilcc {

// The option names are the ones planFlags() writes: exchangeSchemeName()
// and optimizationVariantName() spell the values.
static bool parseUnsigned(llvm::StringRef V, unsigned &Out) {
  return !V.getAsInteger(10, Out);
}

bool parsePlanFlags(llvm::StringRef Flags, PlanRequest &Request, bool &Naive,
                    std::string &Error) {
  llvm::SmallVector<llvm::StringRef, 12> Words;
  Flags.split(Words, ' ', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef W : Words) {
    if (W == "--naive") {
      Naive = true;
      continue;
    }
    auto [Name, Value] = W.split('=');
    unsigned N = 0;
    bool Ok = true;
    if (Name == "--bt")
      Ok = parseUnsigned(Value, N), Request.TemporalDegree = N;
    else if (Name == "--sl")
      Ok = parseUnsigned(Value, N), Request.StreamLength = N;
    else if (Name == "--ns")
      Ok = parseUnsigned(Value, N), Request.SharedSlots = N;
    else if (Name == "--rd")
      Ok = parseUnsigned(Value, N), Request.ReuseDegree = N;
    else if (Name == "--prefetch")
      Ok = parseUnsigned(Value, N), Request.Prefetch = N;
    else if (Name == "--blocks-per-sm")
      Ok = parseUnsigned(Value, N), Request.BlocksPerSM = N;
    else if (Name == "--max-registers")
      Ok = parseUnsigned(Value, N), Request.MaxRegisters = N;
    else if (Name == "--async-copy")
      Ok = parseUnsigned(Value, N), Request.AsyncCopy = N;
    else if (Name == "--interior-loop")
      Ok = parseUnsigned(Value, N), Request.InteriorLoop = N;
    else if (Name == "--cells")
      Ok = parseUnsigned(Value, N), Request.WarpCells = N;
    else if (Name == "--rows-per-thread")
      Ok = parseUnsigned(Value, N), Request.RowsPerThread = N;
    else if (Name == "--stream-sums")
      Ok = parseUnsigned(Value, N), Request.StreamSumRows = N;
    else if (Name == "--offset-bits")
      Ok = parseUnsigned(Value, N), Request.OffsetBits = N;
    else if (Name == "--store") {
      Ok = Value == "branch" || Value == "predicated";
      Request.PredicatedStore = Value == "predicated";
    }
    else if (Name == "--stage-layout") {
      Ok = Value == "thread" || Value == "plane";
      Request.StagedExchange = Value == "plane";
    }
    else if (Name == "--bs") {
      llvm::SmallVector<llvm::StringRef, 3> Parts;
      Value.split(Parts, 'x');
      Request.BlockSizes.clear();
      for (llvm::StringRef P : Parts) {
        Ok &= parseUnsigned(P, N) && N > 0;
        Request.BlockSizes.push_back(N);
      }
    } else if (Name == "--exchange") {
      Ok = false;
      for (ExchangeScheme X :
           {ExchangeScheme::SCR, ExchangeScheme::MCR, ExchangeScheme::Cached,
            ExchangeScheme::Shuffle})
        if (Value == exchangeSchemeName(X))
          Request.Exchange = X, Ok = true;
    } else if (Name == "--sum-order") {
      Ok = false;
      for (SumOrder O : {SumOrder::Plane, SumOrder::Value})
        if (Value == sumOrderName(O))
          Request.Order = O, Ok = true;
    } else if (Name == "--opt") {
      Ok = false;
      for (OptimizationVariant V :
           {OptimizationVariant::Star, OptimizationVariant::General,
            OptimizationVariant::Assoc})
        if (Value == optimizationVariantName(V))
          Request.Variant = V, Ok = true;
    } else {
      Error = "'" + W.str() + "' is not a plan option";
      return false;
    }
    if (!Ok || Value.empty()) {
      Error = "'" + W.str() + "' has an invalid value";
      return false;
    }
  }
  return true;
}

} // namespace stencilcc
