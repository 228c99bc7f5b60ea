//===- lib/Tuning/TuningSession.cpp - Empirical plan search ---------------===//
#include "stencilcc/Tuning/TuningSession.h"
#include "stencilcc/Support/DisplayPath.h"

#include "stencilcc/Emitter/SelfCheckEmitter.h"
#include "stencilcc/Emitter/TuningRunner.h"
#include "stencilcc/Planner/PlanFlags.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <ctime>
#include <map>

using namespace llvm;

namespace stencilcc {

namespace {

std::string candidateId(unsigned Region, unsigned Index) {
  return "r" + std::to_string(Region) + "-c" + std::to_string(Index);
}

Error writeFile(StringRef Dir, StringRef Name, StringRef Text) {
  SmallString<256> Path(Dir);
  sys::path::append(Path, Name);
  return writeToOutput(Path, [&](raw_ostream &OS) {
    OS << Text;
    return Error::success();
  });
}

/// "NAME=VALUE" words of a results line's header comments.
std::map<std::string, std::string> headerValues(StringRef Text) {
  std::map<std::string, std::string> V;
  SmallVector<StringRef, 64> Lines;
  Text.split(Lines, '\n');
  for (StringRef L : Lines) {
    if (!L.consume_front("# "))
      continue;
    // gpu= and nvcc= take the rest of the line (device names have spaces).
    for (StringRef Key : {"gpu=", "nvcc=", "date="})
      if (L.startswith(Key))
        V[Key.drop_back().str()] = L.drop_front(Key.size()).trim().str();
    if (L.startswith("steps=")) {
      SmallVector<StringRef, 4> Words;
      L.split(Words, ' ', -1, false);
      for (StringRef W : Words)
        V[W.split('=').first.str()] = W.split('=').second.str();
    }
  }
  return V;
}

struct Measured {
  std::string Status, Check;
  double GCells = 0;
  int64_t Regs = 0, Size = 0;
};

} // namespace

Error writeTuningDirectory(StringRef Dir, const TuningSettings &Settings,
                           const std::vector<RegionToEmit> &Defaults,
                           const std::vector<TuningRegion> &Regions) {
  if (std::error_code EC = sys::fs::create_directories(Dir))
    return createStringError(EC, "cannot create '%s': %s", Dir.str().c_str(),
                             EC.message().c_str());
  std::string Manifest =
      "# id region role base threads shared_bytes cap words predicted_gcells "
      "n kernel_prefix flags\n";
  json::Array RegionsJSON;
  // Candidate \p Id's program: region K as \p Set makes it, the other
  // regions as naive kernels (the program runs region K only, and their
  // blocked kernels would multiply its build time).
  auto WriteProgram = [&](unsigned K, const std::string &Id, bool Naive,
                          function_ref<void(RegionToEmit &)> Set) {
    std::vector<RegionToEmit> ToEmit = Defaults;
    for (RegionToEmit &Other : ToEmit)
      Other.Naive = true;
    ToEmit[K].Naive = Naive;
    Set(ToEmit[K]);
    return writeFile(Dir, Id + ".cu",
                     emitSelfCheckProgram(Settings.Source, ToEmit,
                                          Settings.Defines, Settings.CxxEdits));
  };
  for (unsigned K = 0; K < Regions.size(); ++K) {
    const TuningRegion &R = Regions[K];
    json::Array Cands;
    for (unsigned I = 0; R.Stage && I < R.StageCandidates.size(); ++I) {
      const StageTuningCandidate &C = R.StageCandidates[I];
      std::string Id = candidateId(K, I);
      if (Error E = WriteProgram(K, Id, C.Naive, [&](RegionToEmit &T) {
            T.StageBlocking = C.Plan;
          }))
        return E;
      // Every stage candidate is a base: the runner prunes no variant.
      Manifest += formatv("{0} {1} {2} {0} {3} {4} 0 {5} 0.0 {6} "
                          "stencilcc_{7}_r{1} {8}\n",
                          Id, K, candidateRoleName(C.Role),
                          C.Plan ? C.Plan->threadsPerBlock() : 256u,
                          C.Plan ? C.Plan->SharedBytes : 0,
                          (elementTypeSize(R.Element) + 3) / 4,
                          R.TimedSize, R.Program->FunctionName, C.Flags)
                      .str();
      std::string Summary = "naive: one kernel per statement and step";
      if (C.Plan)
        Summary = "blocked stage form: " +
                  StringRef(describeStagePlan(*R.Program, *C.Plan, ""))
                      .split('\n')
                      .first.str() +
                  " (" + C.Flags + ")";
      Cands.push_back(json::Object{{"id", Id},
                                   {"role", candidateRoleName(C.Role)},
                                   {"base", Id},
                                   {"flags", C.Flags},
                                   {"summary", Summary},
                                   {"predicted_gcells_per_s", 0.0},
                                   {"predicted_bottleneck", "not modelled"}});
    }
    for (unsigned I = 0; !R.Stage && I < R.Candidates.size(); ++I) {
      const TuningCandidate &C = R.Candidates[I];
      std::string Id = candidateId(K, I);
      if (Error E = WriteProgram(K, Id, C.Naive,
                                 [&](RegionToEmit &T) { T.Plan = C.Plan; }))
        return E;
      Manifest +=
          formatv("{0} {1} {2} {3} {4} {5} {6} {7} {8:F1} {9} "
                  "stencilcc_{10}_r{1} {11}\n",
                  Id, K, candidateRoleName(C.Role), candidateId(K, C.Base),
                  C.Naive ? 256u : C.Plan.threadsPerBlock(),
                  C.Naive || C.Plan.StreamSumRows ? 0u : C.Plan.sharedBytes(),
                  C.Naive ? 0u : C.Plan.MaxRegisters,
                  (elementTypeSize(R.Element) + 3) / 4,
                  C.Predicted.GCellsPerSecond, R.TimedSize,
                  R.Program->FunctionName, C.Flags)
              .str();
      Cands.push_back(json::Object{
          {"id", Id},
          {"role", candidateRoleName(C.Role)},
          {"base", candidateId(K, C.Base)},
          {"flags", C.Flags},
          {"summary", C.Naive ? std::string(naivePlanSummary()) : C.Plan.summary()},
          {"predicted_gcells_per_s", C.Predicted.GCellsPerSecond},
          {"predicted_bottleneck",
           C.modelled() ? bottleneckName(C.Predicted.Bound) : "not modelled"}});
    }
    RegionsJSON.push_back(json::Object{
        {"index", int64_t(K)},
        {"function", R.Program->FunctionName},
        {"line", int64_t(R.Program->ScopLoc.Line)},
        {"fingerprint", R.Fingerprint},
        {"element", elementTypeName(R.Element)},
        {"n", R.TimedSize},
        {"candidates", std::move(Cands)}});
  }
  json::Object Top{{"format", "stencilcc tuning 1"},
                   {"input", Settings.InputFile},
                   {"model_gpu", Settings.Gpu ? Settings.Gpu->Key : ""},
                   {"steps", int64_t(Settings.Steps)},
                   {"regions", std::move(RegionsJSON)}};
  if (Error E = writeFile(Dir, "candidates.tsv", Manifest))
    return E;
  for (const auto &[From, Rel] : Settings.LocalHeaders) {
    SmallString<256> To(Dir);
    sys::path::append(To, Rel);
    if (std::error_code EC =
            sys::fs::create_directories(sys::path::parent_path(To)))
      return createStringError(EC, "cannot create a directory for '%s': %s",
                               To.c_str(), EC.message().c_str());
    if (std::error_code EC = sys::fs::copy_file(From, To))
      return createStringError(EC, "cannot copy the header '%s' to '%s': %s",
                               From.c_str(), To.c_str(),
                               EC.message().c_str());
  }
  if (Error E = writeFile(Dir, "tune.json",
                          formatv("{0:2}\n", json::Value(std::move(Top))).str()))
    return E;
  if (Error E = writeFile(Dir, "tune.env",
                          "# written by stencilcc --tune-emit\nTUNE_STEPS=" +
                              std::to_string(Settings.Steps) + "\n"))
    return E;
  if (Error E = writeFile(Dir, "run.sh", tuningRunnerScript()))
    return E;
  SmallString<256> Runner(Dir);
  sys::path::append(Runner, "run.sh");
  if (std::error_code EC = sys::fs::setPermissions(
          Runner, sys::fs::all_read | sys::fs::all_exe | sys::fs::owner_write))
    return createStringError(EC, "cannot make '%s' executable",
                             Runner.c_str());
  return Error::success();
}

Expected<unsigned> ingestTuningResults(StringRef Dir,
                                       const std::vector<TuningRegion> &Regions,
                                       PlanCache &Cache, raw_ostream &OS) {
  auto Read = [&](StringRef Name) -> Expected<std::string> {
    SmallString<256> Path(Dir);
    sys::path::append(Path, Name);
    ErrorOr<std::unique_ptr<MemoryBuffer>> B = MemoryBuffer::getFile(Path);
    if (!B)
      return createStringError(B.getError(), "cannot read '%s': %s%s",
                               Path.c_str(), B.getError().message().c_str(),
                               Name == "results.tsv"
                                   ? " (run DIR/run.sh on a GPU first)"
                                   : "");
    return (*B)->getBuffer().str();
  };
  Expected<std::string> TuneText = Read("tune.json");
  if (!TuneText)
    return TuneText.takeError();
  Expected<std::string> ResultsText = Read("results.tsv");
  if (!ResultsText)
    return ResultsText.takeError();
  Expected<json::Value> Tune = json::parse(*TuneText);
  if (!Tune)
    return Tune.takeError();
  const json::Object *Top = Tune->getAsObject();
  const json::Array *RegionsJSON = Top ? Top->getArray("regions") : nullptr;
  if (!RegionsJSON)
    return createStringError(inconvertibleErrorCode(),
                             "'%s/tune.json' has no regions", Dir.str().c_str());
  if (RegionsJSON->size() != Regions.size())
    return createStringError(
        inconvertibleErrorCode(),
        "'%s' was written for %zu regions; the input has %zu now",
        Dir.str().c_str(), RegionsJSON->size(), Regions.size());

  std::map<std::string, std::string> Header = headerValues(*ResultsText);
  if (!Header.count("gpu") || !Header.count("nvcc"))
    return createStringError(inconvertibleErrorCode(),
                             "'%s/results.tsv' names no gpu or nvcc",
                             Dir.str().c_str());
  std::map<std::string, Measured> Results;
  SmallVector<StringRef, 128> Lines;
  StringRef(*ResultsText).split(Lines, '\n');
  for (StringRef L : Lines) {
    if (L.empty() || L.startswith("#"))
      continue;
    SmallVector<StringRef, 12> W;
    L.split(W, ' ', -1, false);
    if (W.size() != 11)
      return createStringError(inconvertibleErrorCode(),
                               "'%s/results.tsv': malformed line '%s'",
                               Dir.str().c_str(), L.str().c_str());
    Measured M;
    M.Status = W[3].str();
    W[4].getAsInteger(10, M.Regs);
    W[7].getAsInteger(10, M.Size);
    if (W[8] != "-")
      M.GCells = std::strtod(W[8].str().c_str(), nullptr);
    M.Check = W[10].str();
    Results[W[0].str()] = M;
  }

  char Date[32];
  std::time_t Now = std::time(nullptr);
  std::strftime(Date, sizeof Date, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&Now));
  unsigned Cached = 0;
  OS << "tuning results from " << Dir << ": " << Header["gpu"] << ", nvcc "
     << Header["nvcc"] << ", " << Header["steps"] << " steps\n";
  for (unsigned K = 0; K < Regions.size(); ++K) {
    const TuningRegion &R = Regions[K];
    const json::Object *RJ = (*RegionsJSON)[K].getAsObject();
    std::optional<StringRef> FP = RJ ? RJ->getString("fingerprint") : std::nullopt;
    const json::Array *Cands = RJ ? RJ->getArray("candidates") : nullptr;
    if (!FP || !Cands)
      return createStringError(inconvertibleErrorCode(),
                               "'%s/tune.json': region %u is malformed",
                               Dir.str().c_str(), K);
    OS << formatv("region {0}: function '{1}', line {2}, {3}\n", K,
                  R.Program->FunctionName, R.Program->ScopLoc.Line,
                  elementTypeName(R.Element));
    if (*FP != R.Fingerprint) {
      OS << "  not cached: the stencil changed since --tune-emit (fingerprint "
         << R.Fingerprint << ", tuned " << *FP << ")\n";
      continue;
    }
    // The winner: the fastest timed candidate that passed the check.
    const json::Object *Best = nullptr, *Default = nullptr, *ModelTop = nullptr;
    double BestG = 0;
    unsigned Timed = 0;
    for (const json::Value &V : *Cands) {
      const json::Object *C = V.getAsObject();
      std::string Id = C->getString("id").value_or("").str();
      auto It = Results.find(Id);
      if (It == Results.end() || It->second.Status != "timed")
        continue;
      ++Timed;
      StringRef Role = C->getString("role").value_or("");
      if (Role == "default")
        Default = C;
      if (Role == "model" && !ModelTop)
        ModelTop = C;
      if (It->second.Check == "pass" && It->second.GCells > BestG) {
        Best = C;
        BestG = It->second.GCells;
      }
    }
    auto Show = [&](const char *What, const json::Object *C) {
      if (!C)
        return;
      std::string Id = C->getString("id").value_or("").str();
      const Measured &M = Results[Id];
      double Pred = C->getNumber("predicted_gcells_per_s").value_or(0);
      std::string Predicted =
          Pred > 0 ? formatv("{0,9:F1} predicted (x{1:F2})", Pred,
                             M.GCells / Pred)
                         .str()
                   : std::string("not modelled");
      OS << formatv("  {0,-9} {1,-6} {2,9:F2} GCells/s measured, {3}, "
                    "check {4}: {5}\n",
                    What, Id, M.GCells, Predicted, M.Check,
                    C->getString("flags").value_or(""));
    };
    OS << "  " << Timed << " of " << Cands->size() << " candidates timed\n";
    Show("default", Default);
    Show("model #1", ModelTop);
    if (!Best) {
      OS << "  not cached: no timed candidate passed the CPU-reference check\n";
      continue;
    }
    Show("chosen", Best);
    // The plan must still build here: the flags go through the planner.
    std::string Flags = Best->getString("flags").value_or("").str(), Error;
    PlanRequest Request;
    bool Naive = false;
    bool Builds = parsePlanFlags(Flags, Request, Naive, Error);
    if (Builds && !Naive)
      Builds = R.Stage ? bool(makeStagePlan(*R.Program, *R.Stage,
                                            stagePlanRequest(Request,
                                                             R.Stage->NumDims),
                                            Error))
                       : bool(makePlan(*R.Program, *R.Analysis, Request, Error));
    if (!Builds) {
      OS << "  not cached: the chosen plan does not build: " << Error << "\n";
      continue;
    }
    PlanCacheEntry E;
    E.Fingerprint = R.Fingerprint;
    E.Shape = R.Shape;
    E.Family = R.Family;
    E.Operations = R.Operations;
    E.Element = elementTypeName(R.Element);
    E.Gpu = Header["gpu"];
    E.Nvcc = Header["nvcc"];
    E.Flags = Flags;
    E.Summary = Best->getString("summary").value_or("").str();
    E.Stencil = displayPath(R.Program->FileName) + ":" + R.Program->FunctionName;
    E.MeasuredGCells = BestG;
    E.PredictedGCells = Best->getNumber("predicted_gcells_per_s").value_or(0);
    E.Size = "n=" + std::to_string(Results[Best->getString("id")->str()].Size) +
             " steps=" + Header["steps"];
    E.Date = Date;
    Cache.insert(std::move(E));
    ++Cached;
  }
  return Cached;
}

} // namespace stencilcc
