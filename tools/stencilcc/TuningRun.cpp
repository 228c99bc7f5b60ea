//===- stencilcc/TuningRun.cpp --------------------------------------------===//
#include "TuningRun.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace stencilcc {

namespace {

Error failure(const Twine &Msg) {
  return make_error<StringError>(Msg, inconvertibleErrorCode());
}

/// The headers among \p Read (every file the preprocessor read) that sit
/// under the input's directory or a -I directory, with their paths
/// relative to it: what the candidates need beside them elsewhere.
std::vector<std::pair<std::string, std::string>>
localHeaders(const TuningRunOptions &O, const std::vector<std::string> &Read) {
  std::vector<std::string> Roots;
  auto Root = [&](StringRef Dir) {
    SmallString<256> Abs(Dir.empty() ? "." : Dir);
    if (!sys::fs::make_absolute(Abs)) {
      sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
      Roots.push_back(std::string(Abs));
    }
  };
  Root(sys::path::parent_path(O.InputFile));
  for (const std::string &I : O.IncludeDirs)
    Root(I);
  std::vector<std::pair<std::string, std::string>> Headers;
  for (size_t K = 1; K < Read.size(); ++K) {
    SmallString<256> Abs(Read[K]);
    if (sys::fs::make_absolute(Abs))
      continue;
    sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
    for (const std::string &R : Roots)
      if (StringRef(Abs).startswith(R + "/")) {
        Headers.push_back(
            {std::string(Abs), StringRef(Abs).drop_front(R.size() + 1).str()});
        break;
      }
  }
  return Headers;
}

} // namespace

Error runTuning(const TuningRunOptions &O,
                const std::vector<RegionToEmit> &Defaults,
                const std::vector<TuningRegion> &Regions,
                const std::vector<std::string> &Extra, const GpuParameters &G,
                std::optional<PlanCache> &Cache,
                const std::vector<std::string> &Read,
                const std::vector<SourceEdit> &CxxEdits) {
  auto Source = MemoryBuffer::getFile(O.InputFile);
  if (!Source)
    return failure("cannot read '" + O.InputFile + "'");
  TuningSettings Settings;
  Settings.InputFile = O.InputFile;
  Settings.Source = (*Source)->getBuffer().str();
  for (const std::string &A : Extra)
    if (StringRef(A).startswith("-D"))
      Settings.Defines.push_back(A.substr(2));
  Settings.Steps = O.Steps;
  Settings.Gpu = &G;
  Settings.LocalHeaders = localHeaders(O, Read);
  Settings.CxxEdits = CxxEdits;
  unsigned Candidates = 0;
  for (const TuningRegion &R : Regions)
    Candidates += R.candidateCount();

  auto Ingest = [&](StringRef Dir) -> Error {
    Expected<unsigned> N = ingestTuningResults(Dir, Regions, *Cache, outs());
    if (!N)
      return N.takeError();
    if (*N && Cache->save(O.PlanCacheFile))
      return failure("cannot write '" + O.PlanCacheFile + "'");
    outs() << "cached " << *N << " of " << Regions.size() << " region"
           << (Regions.size() == 1 ? "" : "s") << " in " << O.PlanCacheFile
           << "\n";
    if (*N < Regions.size())
      return failure("no verified plan for " +
                     std::to_string(Regions.size() - *N) + " region" +
                     (Regions.size() - *N == 1 ? "" : "s") + " (see above)");
    return Error::success();
  };
  if (!O.IngestDir.empty())
    return Ingest(O.IngestDir);

  std::string Dir = O.Tune ? O.TuneDir : O.EmitDir;
  bool Temporary = O.Tune && Dir.empty();
  if (Temporary) {
    SmallString<128> Made;
    if (std::error_code EC =
            sys::fs::createUniqueDirectory("stencilcc-tune", Made))
      return failure("cannot create a temporary directory: " + EC.message());
    Dir = std::string(Made);
  }
  if (Error E = writeTuningDirectory(Dir, Settings, Defaults, Regions))
    return E;
  if (!O.Tune) {
    outs() << "wrote " << Candidates << " candidate programs for "
           << Regions.size() << " region" << (Regions.size() == 1 ? "" : "s")
           << " to " << Dir << "\nnext: " << Dir
           << "/run.sh on the GPU machine (needs nvcc only), then\n  "
              "stencilcc --tune-ingest "
           << Dir << " " << O.InputFile << " --plan-cache <file>\n";
    return Error::success();
  }
  // The runner's progress goes straight to the terminal.
  std::string Runner = Dir + "/run.sh";
  ErrorOr<std::string> Bash = sys::findProgramByName("bash");
  if (!Bash)
    return failure("--tune needs bash to run " + Runner);
  SmallVector<StringRef, 4> Args{*Bash, Runner};
  if (!O.Emulate.empty()) {
    Args.push_back("--emulate");
    Args.push_back(O.Emulate);
  }
  outs() << "tuning " << Candidates << " candidates in " << Dir << "\n";
  outs().flush();
  std::string Message;
  int RC = sys::ExecuteAndWait(*Bash, Args, std::nullopt, {}, 0, 0, &Message);
  if (RC != 0)
    return failure(Runner + " failed (exit status " + std::to_string(RC) + ")" +
                   (Message.empty() ? "" : ": " + Message) +
                   "; its files are in " + Dir);
  if (Error E = Ingest(Dir))
    return E;
  if (Temporary)
    sys::fs::remove_directories(Dir);
  return Error::success();
}

} // namespace stencilcc
