//===- lib/Planner/DefaultPlan.cpp - The plan compiled without options ----===//
#include "stencilcc/Planner/DefaultPlan.h"
#include "stencilcc/Planner/OneStepKernelModel.h"

#include <algorithm>
#include <cstdio>

namespace stencilcc {

/// A 3D tile of 16x16 is taken only where no wider one is feasible: at
/// the same warps per SM it ran 0.73x (box3d1r double) and 0.95x (j3d27pt
/// double) the 16x32 plan on the H100, where the model predicts 1.15x
/// (2026-11-24, docs/changelog.md).
static bool lastResortTile(const std::vector<unsigned> &Tile) {
  return Tile.size() == 2 && Tile[0] * Tile[1] <= 256;
}

/// 3D tiles of more than 512 threads leave 64 registers a thread; the
/// estimate holds for the star and partial-sum plans measured there, not
/// for the general update with SCR (asym3d_scalar's bT=3 32x32 plan: 40
/// estimated, 64 taken and 8 bytes spilled by ptxas in its bT=2
/// instance), which keeps the rules' tiles. With MCR the same plan took 63
/// and 64 registers without spills (nvcc 13.0, sm_90).
static bool tileFitsVariant(const std::vector<unsigned> &Tile,
                            const TemporalBlockingPlan &Plan) {
  return Tile.size() != 2 || Tile[0] * Tile[1] <= 512 ||
         Plan.Variant != OptimizationVariant::General ||
         Plan.Exchange == ExchangeScheme::MCR;
}

/// The requests the default search compares at each bT and tile: the
/// rules' own, and for a 3D general shape that the rules give the plain
/// exchange (no partial sums: MakePlan.cpp, sumsPerPlaneValue) also MCR,
/// which the model weighs against the rules' SCR. asym3d_scalar
/// (test/Inputs/accepted) at bT=3 on 32x32 ran 442 GCells/s with MCR and
/// 412 with SCR (H200, docs/results/tune-time-h200-2026-11-27), and only
/// MCR's fits such a tile (tileFitsVariant). The rules' request comes
/// first, so it keeps a tie.
static std::vector<PlanRequest>
exchangeRequests(const StencilAnalysis &A,
                 const std::optional<TemporalBlockingPlan> &Rules) {
  std::vector<PlanRequest> Requests(1);
  if (A.NumDims == 3 && A.Shape == StencilShape::General && Rules &&
      Rules->Variant == OptimizationVariant::General) {
    PlanRequest R;
    R.Variant = OptimizationVariant::General;
    R.Exchange = ExchangeScheme::MCR;
    Requests.push_back(R);
  }
  return Requests;
}

/// Whether \p Plan is the plain exchange that a degree and tile the rules'
/// partial sums (\p Rules) do not fit fell back to, for a general shape in
/// float: the model ranks that fallback too high (the radius-2 diamond:
/// 1287 GCells/s predicted, 608 measured, against 954 and 767 for partial
/// sums; H200, docs/results/tune-time-h200-2026-11-27), so the search
/// skips it. Not in double, where the sums' registers hold the depth down
/// (the diamond in double: partial sums at bT=2 ran 0.89x the fallback at
/// bT=4 on the H100; docs/results/stage-naive-margin-h100-2026-11-28), nor
/// for boxes, measured against the fallback (docs/performance-notes.md).
static bool
fallbackFromPartialSums(const StencilAnalysis &A,
                        const std::optional<TemporalBlockingPlan> &Rules,
                        const TemporalBlockingPlan &Plan) {
  return A.Shape == StencilShape::General && elementTypeSize(A.Element) <= 4 &&
         Rules && Rules->Variant == OptimizationVariant::Assoc &&
         Plan.Variant != OptimizationVariant::Assoc;
}

/// 32-bit plane offsets in 3D for elements of 4 bytes or fewer. On the
/// H100 the model's 3D float defaults ran 0.988x to 1.101x their 64-bit
/// offsets (9 programs, geometric mean 1.034x), in 1D and 2D 0.843x to
/// 1.115x (18 programs: ptxas's allocation moves either way;
/// docs/results/default-offsets-h100-2026-11-27). Not in double, where two
/// of eleven tuned plans lost to the registers they moved (box3d1r: 188
/// bytes spilled against 40; docs/plans.md, "Plane offsets").
static unsigned defaultOffsetBits(const StencilAnalysis &A) {
  return A.NumDims == 3 && elementTypeSize(A.Element) <= 4 ? 32 : 64;
}

static std::string gcells(double V) {
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, V >= 10 ? "%.0f" : "%.2g", V);
  return Buf;
}

/// The streaming kernel adds every term once per slot of its ring of
/// 2r + 1 output planes, unrolled: beyond this many additions per row the
/// kernel is more text than nvcc builds in reasonable time (a 3D box of
/// radius 8: 4,913 terms x 17 slots; of radius 24, 117,649 x 49, 334 MB of
/// CUDA). The naive kernel has each term once.
static constexpr double MaxStreamSumsAdditions = 100000;

/// The streaming kernel adds a plane value by value (paper 004's
/// interleaving) where plane by plane would keep more than 100 registers
/// of a plane's values live (in double from 18 values), plane by plane
/// below: on the H100, value by value ran 1.86x on box3d4r double (81
/// values, 162 registers), 1.00x and 1.01x on box3d4r float and box3d3r
/// double (81 and 98), 0.96x on box3d2r double but without plane by
/// plane's 24 bytes of spill, and 0.76x on star3d4r double (17 values;
/// docs/plans.md, stream-sums).
static SumOrder streamSumOrder(const StencilAnalysis &A) {
  size_t Values = streamSumsPlaneValues(A, 1);
  size_t Words = Values * elementTypeSize(A.Element) / 4;
  bool Double = A.Element == ElementType::Double;
  return Words > 100 || (Double && Values > 17) ? SumOrder::Value
                                                : SumOrder::Plane;
}

/// In double the streaming kernel spills past 25 values a plane in either
/// order (box3d3r double: 16 and 24 bytes at 128 registers, H100 plan
/// search), and a default plan must build without spills: the naive
/// kernel there. In float, to radius 8 (81 to 289 values) it took 32 to 42
/// registers (the radius sweep, test/radius-sweep).
static bool streamSumsFitRegisters(const StencilAnalysis &A) {
  return A.Element != ElementType::Double || streamSumsPlaneValues(A, 1) <= 25;
}

/// The streaming kernel saves the naive kernel's repeated L1 loads, and
/// nothing else: it is taken only where the naive kernel is L1-bound and
/// the streaming one is predicted this much faster (its register pressure
/// is not in the model). On the H100, where the naive kernel was
/// DRAM-bound it won nothing (star3d3r float 1.02x, double 0.96x; a
/// 17-point 3D stencil in double 0.90x); L1-bound, it won 1.07x to 4.4x
/// (star3d4r, box3d1r-4r, j3d27pt; docs/results/heldout-3d-h100-2026-11-26-onestep).
static constexpr double StreamSumsMargin = 1.10;

/// In 1D and 2D a one-step kernel replaces a feasible blocked plan only
/// where predicted this much faster: the model's L1 takes every
/// neighbour's load as a hit, which a 2D row far above or below is not,
/// and blocked plans measured 2x to 3x the naive kernel in 2D even at
/// bT = 1 (box2d3r, box2d4r). A grid too small to fill the GPU with
/// blocked tiles (1024^2 and below in 2D) clears it.
static constexpr double OneStepMargin2D = 1.25;

/// A blocked plan's choice.
static DefaultPlanChoice blockedChoice(PlanRequest R, TemporalBlockingPlan Plan,
                                       Prediction Pr) {
  DefaultPlanChoice C;
  C.Request = std::move(R);
  C.Plan = std::move(Plan);
  C.Predicted = std::move(Pr);
  return C;
}

/// The plan \p R makes, as a choice, where it builds and the model
/// predicts it to fit.
static std::optional<DefaultPlanChoice> feasibleChoice(const StencilProgram &P,
                                                       const StencilAnalysis &A,
                                                       const ModelInput &In,
                                                       const GpuParameters &G,
                                                       const PlanRequest &R) {
  std::string Ignored;
  std::optional<TemporalBlockingPlan> Plan =
      makePlan(P, A, R, Ignored, G.limits());
  if (!Plan)
    return std::nullopt;
  Prediction Pr = predictPlan(In, *Plan, G);
  if (!Pr.Feasible)
    return std::nullopt;
  return blockedChoice(R, std::move(*Plan), Pr);
}

/// The streaming partial sums, where they should replace the naive kernel
/// predicted as \p Naive.
static std::optional<DefaultPlanChoice>
streamSumsOverNaive(const StencilProgram &P, const StencilAnalysis &A,
                    const ModelInput &In, const GpuParameters &G,
                    const OneStepPrediction &Naive) {
  if (A.NumDims != 3 || !A.SumOfProducts || !streamSumsFitRegisters(A))
    return std::nullopt;
  double Additions = double(A.Offsets.size()) *
                     double(A.Radius[0].Negative + A.Radius[0].Positive + 1);
  bool NaiveL1Bound =
      Naive.TimeL1 > std::max(Naive.TimeGlobal, Naive.TimeCompute);
  if (Additions > MaxStreamSumsAdditions || !NaiveL1Bound)
    return std::nullopt;
  PlanRequest R;
  R.StreamSumRows = 1;
  R.Order = streamSumOrder(A);
  std::string Ignored;
  std::optional<TemporalBlockingPlan> Plan =
      makePlan(P, A, R, Ignored, G.limits());
  if (!Plan)
    return std::nullopt;
  OneStepPrediction Sums = predictStreamSums(In, *Plan, G);
  if (Sums.GCellsPerSecond < StreamSumsMargin * Naive.GCellsPerSecond)
    return std::nullopt;
  DefaultPlanChoice Choice;
  Choice.Request = R;
  Choice.Plan = std::move(*Plan);
  Choice.Predicted.GCellsPerSecond = Sums.GCellsPerSecond;
  return Choice;
}

/// The one-step kernel of the region, if it should replace \p Blocked
/// (null: no blocked plan is feasible by the model's estimate; then always).
static std::optional<DefaultPlanChoice>
oneStepKernel(const StencilProgram &P, const StencilAnalysis &A,
              const ModelInput &In, const GpuParameters &G,
              const DefaultPlanChoice *Blocked, const std::string &NoPlan) {
  OneStepPrediction Naive = predictNaiveKernel(In, G);
  DefaultPlanChoice Choice;
  Choice.Naive = true;
  Choice.Predicted.GCellsPerSecond = Naive.GCellsPerSecond;
  std::string Kernel = "the naive kernel (" + gcells(Naive.GCellsPerSecond) +
                       " GCells/s predicted)";
  if (std::optional<DefaultPlanChoice> Sums =
          streamSumsOverNaive(P, A, In, G, Naive)) {
    Kernel = "the streaming partial sums (" +
             gcells(Sums->Predicted.GCellsPerSecond) +
             " GCells/s predicted, the naive kernel " +
             gcells(Naive.GCellsPerSecond) + ")";
    Choice = std::move(*Sums);
  }
  double OneStep = Choice.Predicted.GCellsPerSecond;
  if (!Blocked) {
    // Not a plan predicted to spill: ptxas would, and a one-step kernel
    // does not.
    Choice.OneStepWhy =
        Kernel + (NoPlan.empty()
                      ? ": the model predicts every blocked plan to spill or "
                        "not to fit"
                      : ": no blocked plan fits this region: " + NoPlan);
  } else if (A.NumDims == 3 && Blocked->Plan.TemporalDegree == 1) {
    Choice.OneStepWhy = Kernel + ": the best blocked plan has bT = 1, where "
                                 "a 3D tile only adds halo threads";
  } else if (OneStep >= (A.NumDims == 3 ? 1.0 : OneStepMargin2D) *
                            Blocked->Predicted.GCellsPerSecond) {
    Choice.OneStepWhy =
        Kernel + ": the best blocked plan (bT = " +
        std::to_string(Blocked->Plan.TemporalDegree) + ") is predicted at " +
        gcells(Blocked->Predicted.GCellsPerSecond) + " GCells/s";
  } else {
    return std::nullopt;
  }
  if (Choice.Naive)
    Choice.Plan = naivePlan(A);
  return Choice;
}

/// 2D SCR plans in double load their planes ahead as asynchronous copies
/// (four in flight, one in registers), take the sides loop
/// (--interior-loop=2), 32-bit plane offsets and predicated stores, as the
/// tuned plans of star2d1r, j2d5pt and gradient2d in double do
/// (benchmarks/plan-cache.json). On the H100 the model's default plans with
/// the first three, at the same bT and tile, ran 1.03x to 1.56x (geometric
/// mean 1.27x) over the 14 programs of test/Inputs, benchmarks/stage and
/// the 2D double stars of radius 2 to 4 whose default it changes, and
/// 1.30x (star2d1r), 1.34x (j2d5pt), 1.13x (j2d9pt) and 1.10x
/// (gradient2d), without spills; the offsets and stores on top of them
/// 1.007x to 1.060x (star2d1r, j2d5pt, j2d9pt, star2d3r; at most 126
/// registers, no spills). In float gradient2d gained 1.04x from the first
/// three and star2d1r had lost to asynchronous copies alone
/// (docs/results/scr-2d-double-h100-2026-11-28, TemporalBlockingPlan.cpp).
/// Not where the model predicts the plan with them to spill.
static std::optional<DefaultPlanChoice>
scrKernelOptions2DDouble(const StencilProgram &P, const StencilAnalysis &A,
                         const ModelInput &In, const GpuParameters &G,
                         const DefaultPlanChoice &Chosen) {
  const TemporalBlockingPlan &Base = Chosen.Plan;
  if (A.NumDims != 2 || A.Element != ElementType::Double ||
      Base.Exchange != ExchangeScheme::SCR || Base.AsyncDepth ||
      Base.TemporalDegree < 2)
    return std::nullopt;
  PlanRequest R = Chosen.Request;
  R.AsyncCopy = 4;
  R.Prefetch = 1;
  R.InteriorLoop = 2;
  R.OffsetBits = 32;
  R.PredicatedStore = true;
  return feasibleChoice(P, A, In, G, R);
}

/// Whether the update divides by a value that reads the array: an IEEE
/// division of several dependent instructions in every cell and level,
/// which the shuffle plans' few warps per SM (8 at 2 blocks of 128) do
/// not hide.
static bool dividesByRead(const StencilProgram &P) {
  bool Found = false;
  P.Rhs->walk([&](const Expr &E) {
    Found |= E.K == Expr::Kind::Binary && (E.Op == "/" || E.Op == "%") &&
             E.Operands[1]->readsArray();
  });
  return Found;
}

/// 2D star stencils in float of radius up to 4 take the warp-shuffle
/// exchange at its rules' bT (ShufflePlan.cpp; from radius 3 two thirds of
/// it), which the model ranks far down (star2d1r float: rank 345) but which
/// won the plan search on every such shape of the tuned suite on the H100:
/// star2d1r-4r, j2d5pt, j2d9pt (benchmarks/plan-cache.json). On the
/// held-out suite it ran 0.95x to 1.86x the model's own plan
/// (docs/results/heldout-2d-float-shuffle-h100-2026-11-27). Not where the
/// update divides by a read (dividesByRead): the plan search's winner for
/// gradient2d float, searched with the shuffle candidates, was SCR
/// (benchmarks/plan-cache.json, rounds k and l of docs/changelog.md), and a
/// shuffle default ran 0.49x the model's SCR plan on a gradient with C's
/// double division and square root (H100); updates without such a
/// division kept winning with it where they are no sum of products
/// (call_sqrtf 1.09x, product_of_reads 1.23x the SCR plan; H100,
/// docs/results/shuffle-division-h100-2026-11-28). Not in double,
/// where its queues take 255 registers and spill (star2d2r-4r, box2d1r),
/// nor past radius 4, where it was never timed.
static std::optional<DefaultPlanChoice>
shuffleExchangeDefault(const StencilProgram &P, const StencilAnalysis &A,
                       const ModelInput &In, const GpuParameters &G) {
  if (A.NumDims != 2 || A.Element != ElementType::Float ||
      A.Shape != StencilShape::Star || A.MaxRadius > 4 || dividesByRead(P))
    return std::nullopt;
  PlanRequest R;
  R.Exchange = ExchangeScheme::Shuffle;
  std::string Ignored;
  std::optional<TemporalBlockingPlan> Plan =
      makePlan(P, A, R, Ignored, G.limits());
  // From radius 3 the search's shallower candidate, two thirds of the
  // rules' bT, won (star2d3r, star2d4r: bT 4 and 3 against 5 and 4).
  if (Plan && A.MaxRadius >= 3 && Plan->TemporalDegree > 2) {
    R.TemporalDegree = (Plan->TemporalDegree * 2 + 2) / 3;
    Plan = makePlan(P, A, R, Ignored, G.limits());
  }
  if (!Plan)
    return std::nullopt;
  Prediction Pr = predictPlan(In, *Plan, G);
  if (!Pr.Feasible)
    return std::nullopt;
  DefaultPlanChoice C = blockedChoice(R, std::move(*Plan), Pr);
  C.ShuffleRule = true;
  return C;
}

/// 3D plans in double (and partial sums in float) with two rows per thread
/// (--rows-per-thread=2, paper 003's thread coarsening) on tiles of at most
/// 1024 cells: 512 threads or fewer, which leaves a thread the registers of its
/// two rows' queues. The plan search chose two rows for every 3D star and box
/// of radius 1 and 2 of the tuned suite (benchmarks/plan-cache.json). The
/// model's best such plan replaces its best plan of one row where
/// predicted TwoRowsMargin faster: on the H100 (400 steps, against the
/// one-row default) star3d1r, heat3d_t2 and extents3d (test/Inputs) in
/// double, predicted 15% faster, ran 1.07x, 1.06x and 1.11x; star3d2r
/// float and a 3D star of carried differences in double, predicted 2% and
/// 3% faster, 1.03x and 0.86x. In float only for partial sums (boxes): on
/// the H200 at bT=2 on 32x32 tiles box3d1r, j3d27pt and 3d17pt in float ran
/// 1.58x, 1.52x and 1.54x the one-row default, star3d1r, star3d2r and a
/// ping-pong heat-3d in float 1.01x to 1.04x
/// (docs/results/rows-per-thread-float-h200-2026-11-28); on the H100 a
/// float star on a 32x32 tile ran 0.996x, and wins on 32x64 (1.21x), where
/// 1024 threads leave 64 registers and ptxas spills
/// (docs/results/rows-per-thread-h100-2026-11-28).
static constexpr double TwoRowsMargin = 1.05;

static std::optional<DefaultPlanChoice>
twoRowsPerThread(const StencilProgram &P, const StencilAnalysis &A,
                 const ModelInput &In, const GpuParameters &G, PlanRequest R,
                 const TemporalBlockingPlan &Rules) {
  bool Sums = Rules.Variant == OptimizationVariant::Assoc;
  if (A.NumDims != 3 ||
      (A.Element != ElementType::Double &&
       !(Sums && elementTypeSize(A.Element) == 4)) ||
      R.BlockSizes.size() != 2 || R.BlockSizes[0] * R.BlockSizes[1] > 1024 ||
      (Rules.Exchange != ExchangeScheme::SCR && !Sums))
    return std::nullopt;
  R.RowsPerThread = 2;
  // The rules' family: on a tile they would not give partial sums at one
  // row, two rows hold half the threads' sums.
  if (Sums) {
    R.Variant = OptimizationVariant::Assoc;
    R.Exchange = Rules.Exchange;
  }
  // In float the sums' plans run the interior loop and predicated stores
  // besides (as the tuned box3d1r and j3d27pt float plans of
  // benchmarks/plan-cache.json): on the H200 j3d27pt's two-row plan ran
  // 1.27x faster with them (353 against 277 GCells/s, results as below).
  if (Sums && A.Element != ElementType::Double) {
    R.InteriorLoop = 2;
    R.PredicatedStore = true;
  }
  // Partial sums hold a plane per prefetched plane and row: where the
  // rules' depth does not fit two rows, a shallower prefetch may.
  std::optional<DefaultPlanChoice> Best;
  for (unsigned Prefetch : {0u, 1u, 2u}) {
    if (Prefetch && !Sums)
      break;
    if (Sums)
      R.Prefetch = Prefetch;
    std::optional<DefaultPlanChoice> C = feasibleChoice(P, A, In, G, R);
    if (C && (!Best ||
              C->Predicted.GCellsPerSecond > Best->Predicted.GCellsPerSecond))
      Best = std::move(C);
  }
  return Best;
}

DefaultPlanChoice modelDefaultPlan(const StencilProgram &P,
                                   const StencilAnalysis &A,
                                   const ModelInput &In,
                                   const GpuParameters &G) {
  DeviceLimits Limits = G.limits();
  std::string Error;
  std::optional<TemporalBlockingPlan> Rules =
      makePlan(P, A, PlanRequest(), Error, Limits);
  std::string Ignored;
  std::optional<DefaultPlanChoice> Best, LastResort, RulesOwn;
  unsigned Compared = 0;
  unsigned MaxDegree = A.NumDims == 3 ? 8 : 16;
  std::optional<DefaultPlanChoice> BestRows;
  for (unsigned BT = 1; BT <= MaxDegree; ++BT)
    for (const std::vector<unsigned> &Tile : searchSpaceTiles(A.NumDims))
      for (PlanRequest R : exchangeRequests(A, Rules)) {
        R.TemporalDegree = BT;
        R.BlockSizes = Tile;
        R.OffsetBits = defaultOffsetBits(A);
        // Two rows per thread halve a tile's threads, so they may fit
        // where one row per thread does not (a 32x32 tile of 1024 threads).
        if (Rules)
          if (std::optional<DefaultPlanChoice> Rows =
                  twoRowsPerThread(P, A, In, G, R, *Rules))
            if (!BestRows || Rows->Predicted.GCellsPerSecond >
                                 BestRows->Predicted.GCellsPerSecond)
              BestRows = std::move(Rows);
        std::optional<TemporalBlockingPlan> Plan =
            makePlan(P, A, R, Ignored, Limits);
        if (!Plan || !tileFitsVariant(Tile, *Plan) ||
            fallbackFromPartialSums(A, Rules, *Plan))
          continue;
        Prediction Pr = predictPlan(In, *Plan, G);
        if (!Pr.Feasible)
          continue;
        ++Compared;
        if (Rules && BT == Rules->TemporalDegree &&
            Plan->BlockSizes == Rules->BlockSizes &&
            Plan->Exchange == Rules->Exchange)
          RulesOwn = blockedChoice(R, *Plan, Pr);
        // Ties keep the first: the lower degree (fewer registers, a shorter
        // pipeline), then the earlier tile, then the rules' exchange.
        std::optional<DefaultPlanChoice> &Slot =
            lastResortTile(Tile) ? LastResort : Best;
        if (Slot && Pr.GCellsPerSecond <= Slot->Predicted.GCellsPerSecond)
          continue;
        Slot = blockedChoice(R, std::move(*Plan), Pr);
      }
  if (!Best)
    Best = std::move(LastResort);
  // Within 1% the model cannot tell plans apart, and the rules' degree and
  // tile, set from measurements, decide: star2d4r float ran 404 GCells/s
  // at the rules' bT=4 and 325 at bT=3, predicted 791 and 793 (H100;
  // 2026-11-23, docs/changelog.md).
  if (Best && RulesOwn &&
      RulesOwn->Predicted.GCellsPerSecond >=
          0.99 * Best->Predicted.GCellsPerSecond)
    Best = std::move(RulesOwn);
  if (Best && BestRows &&
      BestRows->Predicted.GCellsPerSecond >=
          TwoRowsMargin * Best->Predicted.GCellsPerSecond)
    Best = std::move(BestRows);
  if (Best)
    if (std::optional<DefaultPlanChoice> Async =
            scrKernelOptions2DDouble(P, A, In, G, *Best))
      Best = std::move(Async);
  if (Best)
    if (std::optional<DefaultPlanChoice> Shuffle = shuffleExchangeDefault(
            P, A, In, G)) {
      Shuffle->ReplacedBlocked = std::move(Best->Plan);
      Best = std::move(Shuffle);
    }
  // Where the rules build no plan, their reason at bT = 1 (the smallest
  // halo) says why none fits.
  std::string NoPlan;
  if (!Rules) {
    PlanRequest One;
    One.TemporalDegree = 1;
    if (makePlan(P, A, One, NoPlan, Limits) || NoPlan.empty())
      NoPlan = Error;
  }
  if (!Best) {
    DefaultPlanChoice OneStep = *oneStepKernel(P, A, In, G, nullptr, NoPlan);
    OneStep.Compared = Compared;
    return OneStep;
  }
  if (std::optional<DefaultPlanChoice> OneStep =
          oneStepKernel(P, A, In, G, &*Best, NoPlan)) {
    OneStep->Compared = Compared;
    OneStep->ReplacedBlocked = Best->ShuffleRule ? std::move(Best->ReplacedBlocked)
                                                 : std::move(Best->Plan);
    return *OneStep;
  }
  Best->Compared = Compared;
  return *Best;
}

} // namespace stencilcc
