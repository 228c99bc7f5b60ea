//===- lib/Planner/TuningCandidates.cpp - What the GPU search times -------===//
#include "stencilcc/Planner/TuningCandidates.h"

#include "stencilcc/Planner/DefaultPlan.h"
#include "stencilcc/Planner/PlanFlags.h"

#include <set>

namespace stencilcc {

const char *candidateRoleName(CandidateRole R) {
  switch (R) {
  case CandidateRole::Default:
    return "default";
  case CandidateRole::Neighbour:
    return "bt-neighbour";
  case CandidateRole::Specialization:
    return "specialization";
  case CandidateRole::Model:
    return "model";
  case CandidateRole::Naive:
    return "naive";
  case CandidateRole::StreamSums:
    return "stream-sums";
  case CandidateRole::RegisterCap:
    return "cap";
  case CandidateRole::SharedSlots:
    return "shared-slots";
  case CandidateRole::ReuseDegree:
    return "reuse";
  case CandidateRole::AsyncCopy:
    return "async-copy";
  case CandidateRole::Cached:
    return "cached";
  case CandidateRole::InteriorLoop:
    return "interior-loop";
  case CandidateRole::WarpShuffle:
    return "shuffle";
  case CandidateRole::RowsPerThread:
    return "rows";
  case CandidateRole::Order:
    return "sum-order";
  case CandidateRole::OffsetsStore:
    return "offsets-store";
  case CandidateRole::StageLayout:
    return "stage-layout";
  case CandidateRole::Sweeps:
    return "sweeps";
  case CandidateRole::Tile:
    return "tile";
  }
  return "?";
}

std::optional<CandidateRole> parseCandidateRole(const std::string &Name) {
  // candidateRoleName names every role and answers "?" past the last.
  for (int R = 0;; ++R) {
    std::string Known = candidateRoleName(CandidateRole(R));
    if (Known == "?")
      return std::nullopt;
    if (Name == Known)
      return CandidateRole(R);
  }
}

std::vector<TuningCandidate>
keepCandidateRoles(std::vector<TuningCandidate> Candidates,
                   const std::set<CandidateRole> &Roles) {
  std::vector<bool> Keep(Candidates.size(), false);
  for (size_t I = 0; I < Candidates.size(); ++I)
    if (Roles.count(Candidates[I].Role))
      Keep[I] = Keep[Candidates[I].Base] = true;
  std::vector<unsigned> NewIndex(Candidates.size(), 0);
  std::vector<TuningCandidate> Out;
  for (size_t I = 0; I < Candidates.size(); ++I)
    if (Keep[I]) {
      NewIndex[I] = unsigned(Out.size());
      Out.push_back(std::move(Candidates[I]));
    }
  for (TuningCandidate &C : Out)
    C.Base = NewIndex[C.Base];
  return Out;
}

std::vector<TuningCandidate>
tuningCandidates(const StencilProgram &P, const StencilAnalysis &A,
                 const ModelInput &In, const GpuParameters &G, unsigned TopK,
                 unsigned VariantBases,
                 const std::optional<PlanRequest> &Cached) {
  DeviceLimits Limits = G.limits();
  std::vector<TuningCandidate> Out;
  std::set<std::string> Seen;
  auto Add = [&](const PlanRequest &R, CandidateRole Role, unsigned Base) {
    std::string Error;
    std::optional<TemporalBlockingPlan> Plan = makePlan(P, A, R, Error, Limits);
    if (!Plan || !Seen.insert(planFlags(*Plan)).second)
      return false;
    TuningCandidate C;
    C.Role = Role;
    C.Plan = std::move(*Plan);
    if (C.modelled())
      C.Predicted = predictPlan(In, C.Plan, G);
    C.Flags = planFlags(C.Plan);
    C.Base = Role == CandidateRole::Default || Role == CandidateRole::Neighbour ||
                     Role == CandidateRole::Specialization ||
                     Role == CandidateRole::Model ||
                     Role == CandidateRole::StreamSums ||
                     Role == CandidateRole::WarpShuffle ||
                     Role == CandidateRole::Cached ||
                     Role == CandidateRole::RowsPerThread
                 ? unsigned(Out.size())
                 : Base;
    Out.push_back(std::move(C));
    return true;
  };
  // Requests spelled out in full, so a variant changes one thing only.
  auto RequestOf = [](const TemporalBlockingPlan &Plan) {
    PlanRequest R;
    bool Naive = false;
    std::string Error;
    parsePlanFlags(planFlags(Plan), R, Naive, Error);
    return R;
  };

  // The plan stencilcc compiles without options (DefaultPlan.h), or where
  // that is a one-step kernel or the shuffle rule's plan (candidates
  // below), the model's blocked plan it replaced.
  DefaultPlanChoice D = modelDefaultPlan(P, A, In, G);
  std::optional<TemporalBlockingPlan> Default =
      D.OneStepWhy.empty() && !D.ShuffleRule
          ? std::optional<TemporalBlockingPlan>(D.Plan)
          : D.ReplacedBlocked;
  if (Default) {
    Add(RequestOf(*Default), CandidateRole::Default, 0);
    for (int D : {-1, 1}) {
      PlanRequest R = RequestOf(*Default);
      int BT = int(Default->TemporalDegree) + D;
      if (BT < 1)
        continue;
      R.TemporalDegree = unsigned(BT);
      R.BlocksPerSM.reset(); // the rule's choice for that degree
      Add(R, CandidateRole::Neighbour, 0);
    }
  }
  PlanRanking Ranking = rankPlans(P, A, In, G);
  std::set<std::string> Shapes;
  std::set<OptimizationVariant> ModelVariants;
  auto AddModelPlan = [&](const TemporalBlockingPlan &Pl) {
    std::string Shape = std::to_string(Pl.TemporalDegree) + "/" +
                        exchangeSchemeName(Pl.Exchange) + "/" +
                        optimizationVariantName(Pl.Variant) + "/";
    for (unsigned B : Pl.BlockSizes)
      Shape += std::to_string(B) + "x";
    if (!Shapes.insert(Shape).second || !Add(RequestOf(Pl), CandidateRole::Model, 0))
      return false;
    ModelVariants.insert(Pl.Variant);
    return true;
  };
  unsigned Taken = 0;
  for (const RankedPlan &RP : Ranking.Plans) {
    if (Taken == TopK)
      break;
    Taken += AddModelPlan(RP.Plan);
  }
  // The model's best plan of each specialization the top plans lack: its
  // ranking across specializations rests on register estimates that ptxas
  // may not bear out (a 2D diamond of radius 2 on an H200: the top four were
  // --opt=none, the fastest plan measured --opt=assoc at another block than
  // the default's, 0.96x of a search over the top twelve without it).
  if (TopK > 0)
    for (const RankedPlan &RP : Ranking.Plans)
      if (!ModelVariants.count(RP.Plan.Variant))
        AddModelPlan(RP.Plan);
  // The default with each other specialization: the rules choose one from
  // register estimates that ptxas may not bear out. The exchange and
  // register budget are what the rules give that specialization.
  if (Default)
    for (OptimizationVariant V :
         {OptimizationVariant::Assoc, OptimizationVariant::General,
          OptimizationVariant::Star}) {
      if (V == Default->Variant)
        continue;
      PlanRequest R;
      R.TemporalDegree = Default->TemporalDegree;
      R.BlockSizes = RequestOf(*Default).BlockSizes;
      R.Variant = V;
      Add(R, CandidateRole::Specialization, 0);
    }

  // The default at bT=1, after the bases whose variants are searched: at
  // 1000 steps on the H100 it beat the bT=4 and bT=3 winners of a search
  // without it (box2d3r and j3d27pt float, docs/tuning.md).
  if (Default && Default->TemporalDegree > 2) {
    PlanRequest R = RequestOf(*Default);
    R.TemporalDegree = 1;
    R.BlocksPerSM.reset();
    Add(R, CandidateRole::Neighbour, 0);
  }

  // Variants of the default, its neighbours and the model's first choice:
  // the later model bases rarely win (the model ranks them close) and each
  // variant costs a build.
  size_t Bases = std::min<size_t>(Out.size(), VariantBases);
  size_t BlockedBases = Out.size();
  // The naive kernel, a base without variants.
  {
    TuningCandidate C;
    C.Role = CandidateRole::Naive;
    C.Naive = true;
    C.Plan = naivePlan(A);
    C.Flags = "--naive";
    C.Base = unsigned(Out.size());
    Out.push_back(std::move(C));
  }
  // The cached plan, a base without variants (unless another candidate is
  // that plan already), timed early in the region's list.
  if (Cached)
    Add(*Cached, CandidateRole::Cached, 0);
  // The streaming partial-sums kernel, bases without variants (timed even
  // if they spill): on the H100 1.4-3.0x the naive kernel on box3d2r-4r,
  // where the blocked plans' halos idle a quarter to a third of their
  // threads; 1 and 2 rows per thread each won some regions
  // (docs/tuning.md). Each also value by value: box3d4r double ran at 4.3
  // GCells/s plane by plane (254 registers) and 8.0 value by value (128
  // registers, 72 bytes spilled; docs/plans.md).
  if (A.NumDims == 3 && A.SumOfProducts)
    for (unsigned Rows : {1u, 2u})
      for (SumOrder Order : {SumOrder::Plane, SumOrder::Value}) {
        PlanRequest R;
        R.StreamSumRows = Rows;
        R.Order = Order;
        Add(R, CandidateRole::StreamSums, 0);
      }
  // The warp-shuffle exchange (2D), bases without variants: on the H100 a
  // prototype of it ran star2d1r float at 1.44x the tuned SCR plan
  // (docs/plans.md); the model does not rank it (its default plans keep
  // shared memory), so the search times its own default, the same at two
  // thirds of its bT, and 2 cells per lane.
  if (A.NumDims == 2) {
    PlanRequest R;
    R.Exchange = ExchangeScheme::Shuffle;
    std::string Error;
    std::optional<TemporalBlockingPlan> Four = makePlan(P, A, R, Error, Limits);
    Add(R, CandidateRole::WarpShuffle, 0);
    if (Four && Four->TemporalDegree > 2) {
      PlanRequest Shallow = R;
      Shallow.TemporalDegree = (Four->TemporalDegree * 2 + 2) / 3;
      Add(Shallow, CandidateRole::WarpShuffle, 0);
    }
    R.WarpCells = 2;
    Add(R, CandidateRole::WarpShuffle, 0);
  }
  // Every blocked base, whatever --tune-variants says, with its loads the
  // other way, asynchronous copies or registers: either won some plans on
  // the H100 (star3d1r 361 against 440 GCells/s with them, box3d1r 220
  // against 203 without; docs/plans.md).
  for (size_t I = 0; I < BlockedBases; ++I) {
    const TemporalBlockingPlan Base = Out[I].Plan;
    if (Base.Geometry.VirtualStream)
      continue;
    PlanRequest C = RequestOf(Base);
    C.AsyncCopy = Base.AsyncDepth ? 0u : 4u;
    C.Prefetch = Base.AsyncDepth ? 2u : 1u;
    Add(C, CandidateRole::AsyncCopy, unsigned(I));
    // A base with asynchronous copies also without the plane of register
    // prefetch beside them: a register fewer per queue, and the stage
    // still hides the load's latency (star3d2r float 284 -> 316 GCells/s
    // on the H100, star3d1r float 595 -> 617; star3d1r double lost 2%).
    if (Base.AsyncDepth && Base.Prefetch) {
      PlanRequest Z = RequestOf(Base);
      Z.Prefetch = 0u;
      Add(Z, CandidateRole::AsyncCopy, unsigned(I));
    }
  }
  // Every 3D blocked base of the SCR exchange or partial sums, and the
  // cached plan, with two rows per thread: in the same tile (half the
  // threads, more registers each) and in a tile twice as tall (the same
  // threads, less halo per cell), at the rule's blocks per SM. On the H100
  // they took box3d1r float from 260 to 289 GCells/s and j3d27pt float
  // from 219 to 284 (the same tiles, 16x32), star3d1r float from 470 to
  // 508 (64x32 at bT=4, a base's neighbour) and box3d1r double from 147 to
  // 190 (its cached plan in a 32x32 tile, which spills 40 bytes; a
  // candidate of its own, so the runner times it as it times bases, spills
  // or not; docs/plans.md).
  for (size_t I = 0, Bases = Out.size(); I < Bases; ++I) {
    if (I >= BlockedBases && Out[I].Role != CandidateRole::Cached)
      continue;
    const TemporalBlockingPlan Base = Out[I].Plan;
    bool Coarsens = Base.Exchange == ExchangeScheme::SCR ||
                    Base.Variant == OptimizationVariant::Assoc;
    if (Base.Geometry.TileDims.size() != 2 || !Coarsens || Out[I].Naive ||
        Base.StreamSumRows || Base.SharedSlots || Base.RowsPerThread != 1)
      continue;
    for (unsigned Taller : {1u, 2u}) {
      PlanRequest C = RequestOf(Base);
      C.BlockSizes[0] *= Taller;
      C.RowsPerThread = 2;
      C.BlocksPerSM.reset();
      Add(C, CandidateRole::RowsPerThread, unsigned(I));
    }
  }
  // The first bases, the rows candidates and the cached plan that stage
  // their copies for an SCR exchange, with the stage laid out as exchange
  // planes (--stage-layout=plane), at their depth and one plane shallower
  // (the longer ring it needs may double the unrolled period): on the H100
  // star3d1r float ran 613.1 GCells/s with the thread layout at depth 4,
  // 589.5 with planes at 4 and 632.1 at 3; star3d1r double 343.6 -> 355.8
  // at 3, star2d1r double 958.3 -> 980.3 at 4; star3d2r and gradient2d
  // float within 1% (docs/plans.md).
  // The first bases, the rows candidates and the cached plan take the
  // variants of code shape (this and the offsets and store forms below).
  auto TakesShapeVariants = [&](size_t I) {
    return I < Bases || Out[I].Role == CandidateRole::Cached ||
           Out[I].Role == CandidateRole::RowsPerThread;
  };
  for (size_t I = 0, End = Out.size(); I < End; ++I) {
    const TemporalBlockingPlan Base = Out[I].Plan;
    if (!TakesShapeVariants(I) || Out[I].Naive || Out[I].Base != I ||
        Base.StreamSumRows || !Base.AsyncDepth ||
        Base.Exchange != ExchangeScheme::SCR ||
        Base.Variant == OptimizationVariant::Assoc ||
        Base.ExchangedOffsets.empty())
      continue;
    PlanRequest C = RequestOf(Base);
    C.StagedExchange = !Base.StagedExchange;
    Add(C, CandidateRole::StageLayout, unsigned(I));
    if (!Base.StagedExchange && Base.AsyncDepth > 1) {
      C.AsyncCopy = Base.AsyncDepth - 1;
      Add(C, CandidateRole::StageLayout, unsigned(I));
    }
  }
  // Every base with partial sums so far (the rows candidates and the
  // cached plan included) with its sums added in the other order
  // (--sum-order): the rule takes value by value from 25 values a plane,
  // and either order won plans below that on the H100 (j3d27pt float,
  // 32x32 tile, 2 rows: 238 GCells/s plane by plane, 96 bytes spilled,
  // 261 value by value; box3d1r double 191 against 180; docs/plans.md).
  for (size_t I = 0, Bases = Out.size(); I < Bases; ++I) {
    const TemporalBlockingPlan Base = Out[I].Plan;
    if (Out[I].Base != I || Out[I].Naive || Base.StreamSumRows ||
        Base.Variant != OptimizationVariant::Assoc)
      continue;
    PlanRequest C = RequestOf(Base);
    C.Order = Base.Order == SumOrder::Value ? SumOrder::Plane
                                            : SumOrder::Value;
    Add(C, CandidateRole::Order, unsigned(I));
  }
  // Every blocked base of bT > 1 with the interior loop the other way (off
  // where it is on, else on, with the sides loop in 3D but under the cached
  // exchange): the planner's rule (on unless predicted to spill or a star
  // of radius 3 or more) misses both ways on the H100 (star2d1r double 717
  // -> 561 GCells/s with it at bT=7, star2d4r float better with it;
  // plans.md).
  for (size_t I = 0; I < BlockedBases; ++I) {
    const TemporalBlockingPlan Base = Out[I].Plan;
    if (Base.Geometry.VirtualStream || Base.TemporalDegree < 2)
      continue;
    PlanRequest C = RequestOf(Base);
    C.InteriorLoop = Base.InteriorLoop ? 0u : interiorLoopWhenOn(Base);
    Add(C, CandidateRole::InteriorLoop, unsigned(I));
    // Under the cached exchange, the sides loop too, with a block more per
    // SM: its columns raise the registers (box3d1r float, 256 threads: 128
    // -> 160, one block per SM instead of two), and the cap at the count
    // the plan had without them won (289 -> 321 GCells/s on the H100, 8
    // bytes spilled; 2026-11-23, docs/changelog.md).
    if (Base.Exchange == ExchangeScheme::Cached && Base.InteriorLoop == 1) {
      PlanRequest S = RequestOf(Base);
      S.InteriorLoop = 2u;
      if ((Base.BlocksPerSM + 1) * Base.threadsPerBlock() <=
              Limits.MaxThreadsPerSM &&
          !Base.MaxRegisters)
        S.BlocksPerSM = Base.BlocksPerSM + 1;
      Add(S, CandidateRole::InteriorLoop, unsigned(I));
    }
  }
  // The first bases, the rows candidates and the cached plan, blocked
  // and not warp-shuffle, with 32-bit plane offsets, alone and with the
  // predicated store (or, where a plan has them, with 64-bit offsets and
  // the branch): each took some plans up and others down on the H100,
  // through ptxas's register allocation (box3d1r float 321 -> 357
  // GCells/s with both, star3d1r float 577 -> 591 with the offsets alone,
  // box3d1r double 188 -> 139 with them; docs/plans.md).
  for (size_t I = 0, End = Out.size(); I < End; ++I) {
    const TemporalBlockingPlan Base = Out[I].Plan;
    if (!TakesShapeVariants(I) || Out[I].Naive || Out[I].Base != I ||
        Base.StreamSumRows || Base.Exchange == ExchangeScheme::Shuffle)
      continue;
    for (auto [Narrow, Predicated] :
         {std::pair{true, false}, {true, true}, {false, false}}) {
      if (Narrow == Base.NarrowOffsets && Predicated == Base.PredicatedStore)
        continue;
      PlanRequest C = RequestOf(Base);
      C.OffsetBits = Narrow ? 32u : 64u;
      C.PredicatedStore = Predicated;
      Add(C, CandidateRole::OffsetsStore, unsigned(I));
    }
  }
  for (size_t I = 0; I < Bases; ++I) {
    const TemporalBlockingPlan Base = Out[I].Plan;
    PlanRequest R = RequestOf(Base);
    for (unsigned Cap : {32u, 64u, 96u, 128u}) {
      PlanRequest C = R;
      C.BlocksPerSM.reset();
      C.MaxRegisters = Cap;
      Add(C, CandidateRole::RegisterCap, unsigned(I));
    }
    for (unsigned Levels : {1u, 2u}) {
      PlanRequest C = R;
      C.SharedSlots = Base.QueueLength * Levels;
      Add(C, CandidateRole::SharedSlots, unsigned(I));
    }
    if (Base.Exchange == ExchangeScheme::SCR &&
        Base.Variant != OptimizationVariant::Assoc)
      for (unsigned RD : {2u, Base.TemporalDegree}) {
        if (RD < 2 || RD > Base.TemporalDegree)
          continue;
        PlanRequest C = R;
        C.ReuseDegree = RD;
        Add(C, CandidateRole::ReuseDegree, unsigned(I));
      }
  }
  return Out;
}

} // namespace stencilcc
