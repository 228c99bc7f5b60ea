//===- lib/Planner/PlanCache.cpp - Tuned plans, stored --------------------===//
#include "stencilcc/Planner/PlanCache.h"
#include "stencilcc/Planner/ShapeKey.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SHA1.h"
#include "llvm/Support/VersionTuple.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace stencilcc {

std::string stencilFingerprint(const StencilProgram &P,
                               const StencilAnalysis &A) {
  std::string S;
  raw_string_ostream OS(S);
  OS << "dims=" << P.numSpatialDims() << ";element="
     << elementTypeName(A.Element) << ";levels=" << P.TimeModulus
     << ";write=" << P.WriteShift << ";time=" << P.TimeLoop.Lower.str()
     << ".." << P.TimeLoop.Upper.str() << ";loops=";
  for (const Loop &L : P.SpatialLoops)
    OS << "[" << L.Lower.str() << "," << L.Upper.str() << ")";
  OS << ";extents=";
  for (const AffineExpr &E : P.Array.Extents)
    OS << "[" << E.str() << "]";
  OS << ";update=" << P.rhsText();
  OS.flush();
  SHA1 H;
  H.update(S);
  return toHex(H.final(), /*LowerCase=*/true).substr(0, 16);
}

std::string stageFingerprint(const StencilProgram &P, const StageAnalysis &A) {
  std::string S;
  raw_string_ostream OS(S);
  OS << "stage;dims=" << A.NumDims << ";element=" << elementTypeName(A.Element)
     << ";time=" << P.TimeLoop.Lower.str() << ".." << P.TimeLoop.Upper.str()
     << ";arrays=";
  for (const StencilArray &Arr : P.Arrays) {
    OS << "[" << Arr.Name << " " << arrayRoleName(Arr.Role) << " "
       << elementTypeName(Arr.Element) << " levels=" << Arr.Levels;
    for (const AffineExpr &E : Arr.Extents)
      OS << " " << E.str();
    OS << "]";
  }
  OS << ";stages=";
  for (const Stage &St : P.Stages) {
    OS << "[" << P.Arrays[St.ArrayId].Name << "+" << St.WriteShift;
    for (const IndexExpr &I : St.WriteIndex)
      OS << "[" << I.str() << "]";
    for (const Loop &L : St.Loops)
      OS << " " << L.Var << "=" << L.Lower.str() << ".." << L.Upper.str();
    OS << " := " << P.stageRhsText(St) << "]";
  }
  OS.flush();
  SHA1 H;
  H.update(S);
  return "stage-" + toHex(H.final(), /*LowerCase=*/true).substr(0, 16);
}

std::string gpuKeyForName(StringRef Name) {
  std::string Lower = Name.lower();
  for (const char *Key : {"h100", "h200"})
    if (StringRef(Lower).contains(Key))
      return Key;
  return Lower;
}

static json::Object toJSON(const PlanCacheEntry &E) {
  json::Object O{{"fingerprint", E.Fingerprint},
                      {"element", E.Element},
                      {"gpu", E.Gpu},
                      {"nvcc", E.Nvcc},
                      {"flags", E.Flags},
                      {"summary", E.Summary},
                      {"stencil", E.Stencil},
                      {"measured_gcells_per_s", E.MeasuredGCells},
                      {"predicted_gcells_per_s", E.PredictedGCells},
                      {"size", E.Size},
                      {"date", E.Date}};
  if (!E.Shape.empty())
    O["shape"] = E.Shape;
  if (!E.Family.empty())
    O["family"] = E.Family;
  if (!E.Operations.empty())
    O["operations"] = E.Operations;
  return O;
}

Expected<PlanCache> PlanCache::load(StringRef Path, bool MayBeMissing) {
  if (MayBeMissing && !sys::fs::exists(Path))
    return PlanCache();
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(Path);
  if (!Buf)
    return createStringError(Buf.getError(), "cannot read plan cache '%s': %s",
                             Path.str().c_str(),
                             Buf.getError().message().c_str());
  return parse((*Buf)->getBuffer(), Path);
}

Expected<PlanCache> PlanCache::parse(StringRef Text, StringRef Path) {
  PlanCache C;
  Expected<json::Value> V = json::parse(Text);
  if (!V)
    return createStringError(inconvertibleErrorCode(),
                             "plan cache '%s' is not JSON: %s",
                             Path.str().c_str(),
                             toString(V.takeError()).c_str());
  const json::Object *Top = V->getAsObject();
  const json::Array *Plans = Top ? Top->getArray("plans") : nullptr;
  if (!Plans)
    return createStringError(inconvertibleErrorCode(),
                             "plan cache '%s' has no \"plans\" array",
                             Path.str().c_str());
  for (size_t I = 0; I < Plans->size(); ++I) {
    const json::Object *O = (*Plans)[I].getAsObject();
    PlanCacheEntry E;
    auto Str = [&](StringRef Key, std::string &Out) {
      std::optional<StringRef> S = O ? O->getString(Key) : std::nullopt;
      if (S)
        Out = S->str();
      return S.has_value();
    };
    if (!O || !Str("fingerprint", E.Fingerprint) ||
        !Str("element", E.Element) || !Str("gpu", E.Gpu) ||
        !Str("nvcc", E.Nvcc) || !Str("flags", E.Flags))
      return createStringError(
          inconvertibleErrorCode(),
          "plan cache '%s': entry %zu lacks one of fingerprint, element, "
          "gpu, nvcc, flags",
          Path.str().c_str(), I);
    Str("shape", E.Shape);
    Str("family", E.Family);
    Str("operations", E.Operations);
    Str("summary", E.Summary);
    Str("stencil", E.Stencil);
    Str("size", E.Size);
    Str("date", E.Date);
    E.MeasuredGCells = O->getNumber("measured_gcells_per_s").value_or(0);
    E.PredictedGCells = O->getNumber("predicted_gcells_per_s").value_or(0);
    C.Entries.push_back(std::move(E));
  }
  return C;
}

Error PlanCache::save(StringRef Path) const {
  json::Array Plans;
  for (const PlanCacheEntry &E : Entries)
    Plans.push_back(toJSON(E));
  json::Object Top{{"format", "stencilcc plan cache 1"},
                   {"plans", std::move(Plans)}};
  return writeToOutput(Path, [&](raw_ostream &OS) {
    OS << formatv("{0:2}", json::Value(std::move(Top))) << "\n";
    return Error::success();
  });
}

const PlanCacheEntry *PlanCache::lookup(StringRef Fingerprint, StringRef Shape,
                                        StringRef Element, StringRef GpuKey,
                                        StringRef Nvcc, std::string &Note,
                                        bool *ByShape) const {
  if (ByShape)
    *ByShape = false;
  std::vector<const PlanCacheEntry *> Same;
  for (const PlanCacheEntry &E : Entries)
    if (E.Fingerprint == Fingerprint && E.Element == Element)
      Same.push_back(&E);
  // Another stencil of the same shape: its tuned plan is this one's. Only
  // the first such stencil in the file (one stencil's entries, as the
  // GPU and nvcc choice below expects).
  if (Same.empty() && !Shape.empty()) {
    for (const PlanCacheEntry &E : Entries)
      if (E.Shape == Shape && E.Element == Element &&
          (Same.empty() || E.Fingerprint == Same.front()->Fingerprint))
        Same.push_back(&E);
    if (ByShape)
      *ByShape = !Same.empty();
  }
  return choose(Same, GpuKey, Nvcc, Note);
}

const PlanCacheEntry *PlanCache::nearest(StringRef Family, StringRef Operations,
                                         StringRef Element, StringRef GpuKey,
                                         StringRef Nvcc, std::string &Note,
                                         unsigned *Distance) const {
  if (Family.empty())
    return nullptr;
  // The stencil of the family whose operations differ least; the first in
  // the file on a tie. Then its entries, as lookup takes one stencil's.
  const PlanCacheEntry *Best = nullptr;
  unsigned BestDistance = 0;
  for (const PlanCacheEntry &E : Entries) {
    if (E.Family != Family || E.Element != Element)
      continue;
    unsigned D = operationMixDistance(Operations.str(), E.Operations);
    if (!Best || D < BestDistance)
      Best = &E, BestDistance = D;
  }
  if (!Best)
    return nullptr;
  std::vector<const PlanCacheEntry *> Same;
  for (const PlanCacheEntry &E : Entries)
    if (E.Fingerprint == Best->Fingerprint && E.Element == Element)
      Same.push_back(&E);
  if (Distance)
    *Distance = BestDistance;
  return choose(Same, GpuKey, Nvcc, Note);
}

const PlanCacheEntry *
PlanCache::choose(const std::vector<const PlanCacheEntry *> &Same,
                  StringRef GpuKey, StringRef Nvcc, std::string &Note) const {
  if (Same.empty())
    return nullptr;
  std::vector<const PlanCacheEntry *> OnGpu;
  for (const PlanCacheEntry *E : Same)
    if (GpuKey.empty() || gpuKeyForName(E->Gpu) == GpuKey)
      OnGpu.push_back(E);
  if (OnGpu.empty()) {
    Note = "the plan cache has this stencil only for " + Same.front()->Gpu +
           (Same.size() > 1 ? " and others" : "") + ", not for --gpu=" +
           GpuKey.str();
    return nullptr;
  }
  if (GpuKey.empty())
    for (const PlanCacheEntry *E : OnGpu)
      if (gpuKeyForName(E->Gpu) != gpuKeyForName(OnGpu.front()->Gpu)) {
        Note = "the plan cache has this stencil for several GPUs (" +
               OnGpu.front()->Gpu + ", " + E->Gpu + "); choose with --gpu";
        return nullptr;
      }
  for (const PlanCacheEntry *E : OnGpu)
    if (E->Nvcc == Nvcc)
      return E;
  // The latest nvcc the cache has, when the local one is another (or
  // unknown): plans rarely flip between releases, so it beats none.
  auto Version = [](const std::string &V) {
    VersionTuple T;
    return T.tryParse(V) ? VersionTuple() : T;
  };
  const PlanCacheEntry *Best = OnGpu.front();
  for (const PlanCacheEntry *E : OnGpu)
    if (Version(E->Nvcc) > Version(Best->Nvcc))
      Best = E;
  Note = "plan tuned with nvcc " + Best->Nvcc + (Nvcc.empty() ? "; no nvcc "
         "found here to compare" : ", this machine's is " + Nvcc.str());
  return Best;
}

void PlanCache::insert(PlanCacheEntry E) {
  for (PlanCacheEntry &Old : Entries)
    if (Old.Fingerprint == E.Fingerprint && Old.Element == E.Element &&
        gpuKeyForName(Old.Gpu) == gpuKeyForName(E.Gpu) && Old.Nvcc == E.Nvcc) {
      Old = std::move(E);
      return;
    }
  Entries.push_back(std::move(E));
}

} // namespace stencilcc
