//===- lib/Planner/PlanFlags.cpp - Plan options as text -------------------===//
#include "stencilcc/Planner/PlanFlags.h"

#include "llvm/ADT/SmallVector.h"

namespace stencilcc {

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
    else if (Name == "--bs") {
      llvm::SmallVector<llvm::StringRef, 3> Parts;
      Value.split(Parts, 'x');
      Request.BlockSizes.clear();
      for (llvm::StringRef P : Parts) {
        Ok &= parseUnsigned(P, N) && N > 0;
        Request.BlockSizes.push_back(N);
      }
    } else if (Name == "--exchange") {
      if (Value == "scr")
        Request.Exchange = ExchangeScheme::SCR;
      else if (Value == "mcr")
        Request.Exchange = ExchangeScheme::MCR;
      else if (Value == "cached")
        Request.Exchange = ExchangeScheme::Cached;
      else
        Ok = false;
    } else if (Name == "--opt") {
      if (Value == "star")
        Request.Variant = OptimizationVariant::Star;
      else if (Value == "none")
        Request.Variant = OptimizationVariant::General;
      else if (Value == "assoc")
        Request.Variant = OptimizationVariant::Assoc;
      else
        Ok = false;
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
