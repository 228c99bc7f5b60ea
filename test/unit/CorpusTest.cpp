//===- unit/CorpusTest.cpp - Accepted inputs and the benchmark suite ------===//
//
// Two corpora, each with its expectations kept beside it:
//  - test/Inputs/accepted/*.c with expected.txt: every accepted form of the
//    input contract, analysed through the library;
//  - benchmarks/stencils/*.c (paper 001, Table 3) in float and double, with
//    the dimension, radius, shape and FLOPs per cell checked in the JSON that
//    `stencilcc --analyze --format=json` prints, against Table 3's formulas.
//
//===----------------------------------------------------------------------===//
#include "TestUtil.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/MemoryBuffer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>

using namespace stencilcc;
using namespace stencilcc::test;

namespace {

const std::string SourceDir = STENCILCC_SOURCE_DIR;

struct ExpectedRegion {
  std::string File;
  unsigned Index = 0;
  unsigned Dims = 0;
  std::string Radius; ///< "neg:pos,neg:pos"
  std::string Shape;
  unsigned Flops = 0;
  bool SumOfProducts = false;
  std::string Element;
};

std::vector<ExpectedRegion> loadExpected() {
  std::vector<ExpectedRegion> V;
  std::ifstream In(SourceDir + "/test/Inputs/accepted/expected.txt");
  std::string Line;
  while (std::getline(In, Line)) {
    if (Line.empty() || Line[0] == '#')
      continue;
    std::istringstream S(Line);
    ExpectedRegion E;
    int SOP = 0;
    S >> E.File >> E.Index >> E.Dims >> E.Radius >> E.Shape >> E.Flops >> SOP >>
        E.Element;
    E.SumOfProducts = SOP != 0;
    // "unsigned_char": the type's C name, its spaces written as '_'.
    std::replace(E.Element.begin(), E.Element.end(), '_', ' ');
    V.push_back(E);
  }
  return V;
}

/// Files of the corpus, each with the expectations of all its regions.
std::map<std::string, std::vector<ExpectedRegion>> corpusByFile() {
  std::map<std::string, std::vector<ExpectedRegion>> M;
  for (const ExpectedRegion &E : loadExpected())
    M[E.File].push_back(E);
  return M;
}

std::vector<std::string> corpusFiles() {
  std::vector<std::string> V;
  for (const auto &[File, Regions] : corpusByFile())
    V.push_back(File);
  return V;
}

std::string radiusText(const StencilAnalysis &A) {
  std::string S;
  for (const DimensionRadius &R : A.Radius)
    S += (S.empty() ? "" : ",") + std::to_string(R.Negative) + ":" +
         std::to_string(R.Positive);
  return S;
}

std::string testName(std::string S) {
  for (char &C : S)
    if (!isalnum(static_cast<unsigned char>(C)))
      C = '_';
  return S;
}

class AcceptedCorpus : public ::testing::TestWithParam<std::string> {};

TEST_P(AcceptedCorpus, AnalysisMatchesExpectation) {
  const std::string &File = GetParam();
  std::vector<ExpectedRegion> Want = corpusByFile()[File];
  FileResult R = analyzeFile(SourceDir + "/test/Inputs/accepted/" + File);
  ASSERT_TRUE(R.Success) << R.Diagnostics;
  EXPECT_EQ(R.Diagnostics, "") << "accepted inputs get no warning";
  ASSERT_EQ(R.Regions.size(), Want.size());
  for (const ExpectedRegion &E : Want) {
    SCOPED_TRACE("region " + std::to_string(E.Index));
    ASSERT_LT(E.Index, R.Regions.size());
    const AnalyzedRegion &Got = R.Regions[E.Index];
    ASSERT_TRUE(Got.Analysis.has_value());
    const StencilAnalysis &A = *Got.Analysis;
    EXPECT_EQ(A.NumDims, E.Dims);
    EXPECT_EQ(radiusText(A), E.Radius);
    EXPECT_EQ(stencilShapeName(A.Shape), E.Shape);
    EXPECT_EQ(A.Flops.total(), E.Flops);
    EXPECT_EQ(A.SumOfProducts, E.SumOfProducts);
    EXPECT_EQ(elementTypeName(A.Element), E.Element);
    // Facts that hold for every accepted stencil.
    EXPECT_EQ(A.StreamingDim, 0u);
    EXPECT_EQ(A.FastestDim, E.Dims - 1);
    EXPECT_EQ(A.FlowDistances, "{ [1] }");
  }
}

INSTANTIATE_TEST_SUITE_P(
    Inputs, AcceptedCorpus, ::testing::ValuesIn(corpusFiles()),
    [](const ::testing::TestParamInfo<std::string> &I) {
      return testName(I.param);
    });

TEST(AcceptedCorpusSize, CoversTheInputContract) {
  // The issue asks for at least 25 accepted inputs beyond the suite.
  EXPECT_GE(corpusFiles().size(), 25u);
}

//===----------------------------------------------------------------------===//
// The benchmark suite, through the binary's JSON
//===----------------------------------------------------------------------===//

struct SuiteEntry {
  std::string Name;
  unsigned Dims;
  unsigned Radius;
  std::string Shape;
  unsigned Flops;
};

/// Paper 001, Table 3: FLOPs per cell from the stencil's name, computed
/// here from the table's formulas (not read from suite.txt).
unsigned table3Flops(const std::string &Name) {
  auto Radius = [&] { return unsigned(Name[Name.size() - 2] - '0'); };
  if (Name.rfind("star2d", 0) == 0)
    return 8 * Radius() + 1;
  if (Name.rfind("star3d", 0) == 0)
    return 12 * Radius() + 1;
  if (Name.rfind("box2d", 0) == 0) {
    unsigned W = 2 * Radius() + 1;
    return 2 * W * W - 1;
  }
  if (Name.rfind("box3d", 0) == 0) {
    unsigned W = 2 * Radius() + 1;
    return 2 * W * W * W - 1;
  }
  static const std::map<std::string, unsigned> Named = {
      {"j2d5pt", 10}, {"j2d9pt", 18}, {"j2d9pt-gol", 18},
      {"gradient2d", 19}, {"j3d27pt", 54}};
  return Named.at(Name);
}

std::vector<SuiteEntry> loadSuite() {
  std::vector<SuiteEntry> V;
  std::ifstream In(SourceDir + "/benchmarks/stencils/suite.txt");
  SuiteEntry E;
  while (In >> E.Name >> E.Dims >> E.Radius >> E.Shape >> E.Flops)
    V.push_back(E);
  return V;
}

struct SuiteCase {
  SuiteEntry Entry;
  std::string Real;
};

std::vector<SuiteCase> suiteCases() {
  std::vector<SuiteCase> V;
  for (const SuiteEntry &E : loadSuite())
    for (const char *Real : {"float", "double"})
      V.push_back({E, Real});
  return V;
}

/// Runs the stencilcc binary and returns its standard output.
std::string runStencilcc(const std::vector<std::string> &Args, int &Status) {
  llvm::SmallString<128> OutPath;
  llvm::sys::fs::createTemporaryFile("stencilcc-suite", "json", OutPath);
  std::vector<llvm::StringRef> Argv = {STENCILCC_BINARY};
  for (const std::string &A : Args)
    Argv.push_back(A);
  std::optional<llvm::StringRef> Redirects[] = {std::nullopt,
                                                llvm::StringRef(OutPath),
                                                std::nullopt};
  Status = llvm::sys::ExecuteAndWait(STENCILCC_BINARY, Argv, std::nullopt,
                                     Redirects);
  auto Buf = llvm::MemoryBuffer::getFile(OutPath);
  llvm::sys::fs::remove(OutPath);
  return Buf ? (*Buf)->getBuffer().str() : "";
}

void PrintTo(const SuiteCase &C, std::ostream *OS) {
  *OS << C.Entry.Name << " (" << C.Real << ")";
}

class BenchmarkSuite : public ::testing::TestWithParam<SuiteCase> {};

TEST_P(BenchmarkSuite, AnalyzeReportsTable3Facts) {
  const SuiteEntry &E = GetParam().Entry;
  const std::string &Real = GetParam().Real;
  EXPECT_EQ(E.Flops, table3Flops(E.Name)) << "suite.txt disagrees with Table 3";
  int Status = -1;
  std::string Out = runStencilcc(
      {"--analyze", "--format=json",
       SourceDir + "/benchmarks/stencils/" + E.Name + ".c", "-DREAL=" + Real},
      Status);
  ASSERT_EQ(Status, 0);
  llvm::Expected<llvm::json::Value> J = llvm::json::parse(Out);
  ASSERT_TRUE(bool(J)) << llvm::toString(J.takeError()) << "\n" << Out;
  const llvm::json::Array *Regions = J->getAsObject()->getArray("regions");
  ASSERT_NE(Regions, nullptr);
  ASSERT_EQ(Regions->size(), 1u);
  const llvm::json::Object &R = *(*Regions)[0].getAsObject();
  EXPECT_EQ(R.getInteger("dimensions"), int64_t(E.Dims));
  EXPECT_EQ(R.getInteger("max_radius"), int64_t(E.Radius));
  for (const llvm::json::Value &D : *R.getArray("radius")) {
    EXPECT_EQ(D.getAsObject()->getInteger("negative"), int64_t(E.Radius));
    EXPECT_EQ(D.getAsObject()->getInteger("positive"), int64_t(E.Radius));
  }
  EXPECT_EQ(R.getString("shape"), llvm::StringRef(E.Shape));
  EXPECT_EQ(R.getInteger("flops_per_cell"), int64_t(table3Flops(E.Name)));
  EXPECT_EQ(R.getString("element_type"), llvm::StringRef(Real));
  EXPECT_EQ(R.getString("flow_distances"), llvm::StringRef("{ [1] }"));
  // Written to (t+1)%2 for t < timestep: the result is in timestep % 2.
  const llvm::json::Object *Result = R.getObject("result_level");
  ASSERT_NE(Result, nullptr);
  EXPECT_EQ(Result->getString("text"), llvm::StringRef("timestep % 2"));
}

INSTANTIATE_TEST_SUITE_P(
    Table3, BenchmarkSuite, ::testing::ValuesIn(suiteCases()),
    [](const ::testing::TestParamInfo<SuiteCase> &I) {
      return testName(I.param.Entry.Name + "_" + I.param.Real);
    });

TEST(BenchmarkSuiteSize, AllOfTable3) {
  EXPECT_EQ(loadSuite().size(), 21u);
}

} // namespace
