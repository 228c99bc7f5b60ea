//===- Planner/StagePlan.cpp - Temporal blocking of stage-form regions ----===//
//
// Builds the StagePlan of a stage-form region in fixed steps: the buffers,
// the static resolution of every read (the latest earlier sweep of the
// launch writing the same physical buffer, else the launch's input), the
// lags along the stream, how far each version grows beyond the owned box,
// which values live in registers and which in shared memory, which
// buffers live across launches; the block geometry is
// StagePlanGeometry.cpp's. The default plan tries candidate blocks and
// step counts and keeps the one a small model (global memory, shared
// memory, instructions, occupancy) says is fastest at the benchmark sizes
// on an H100.
//
//===----------------------------------------------------------------------===//
#include "StagePlanInternal.h"
#include "stencilcc/Planner/StagePlan.h"
#include "stencilcc/Planner/PeriodicDimensions.h"

#include <algorithm>
#include <map>
#include <set>

namespace stencilcc {

using namespace stageplan;

namespace {

int64_t floorMod(int64_t A, int64_t B) { return ((A % B) + B) % B; }

unsigned powerOfTwoAtLeast(unsigned N) {
  unsigned P = 1;
  while (P < N)
    P *= 2;
  return P;
}

} // namespace

std::vector<const ArrayAccess *> stageplan::stageReads(const Stage &S) {
  std::vector<const ArrayAccess *> V;
  S.Rhs->walk([&](const Expr &E) {
    if (E.K == Expr::Kind::Access)
      V.push_back(&E.Access);
  });
  return V;
}

namespace {

/// Per stage: the loop variable writing each grid dimension ("" for a
/// fixed subscript).
std::vector<std::string> dimensionVariables(const Stage &S) {
  std::vector<std::string> V(S.WriteLoop.size());
  for (size_t D = 0; D < S.WriteLoop.size(); ++D)
    if (S.WriteLoop[D] >= 0)
      V[D] = S.Loops[S.WriteLoop[D]].Var;
  return V;
}

bool mentionsAny(const AffineExpr &E, const std::vector<std::string> &Vars) {
  for (const std::string &V : Vars)
    if (E.coefficient(V))
      return true;
  return false;
}

/// "" when stage \p S has the shape the blocked kernel computes: every
/// grid dimension written at its loop variable or at a fixed value, loop
/// bounds free of loop and time variables.
std::string stageObstacle(const StencilProgram &P, const Stage &S,
                          unsigned Rank) {
  std::string Where = "the statement at line " + std::to_string(S.Loc.Line);
  if (S.WriteIndex.size() != Rank || S.WriteLoop.size() != Rank)
    return Where + " writes an array of another rank than the grid";
  std::vector<std::string> Vars{P.TimeLoop.Var};
  for (const Loop &L : S.Loops)
    Vars.push_back(L.Var);
  std::vector<int> Uses(S.Loops.size(), 0);
  for (unsigned D = 0; D < Rank; ++D) {
    const IndexExpr &W = S.WriteIndex[D];
    if (!W.isAffine())
      return Where + " writes at a computed subscript";
    if (S.WriteLoop[D] < 0) {
      if (mentionsAny(W.Value, Vars))
        return Where + " writes at a fixed subscript that varies";
      continue;
    }
    ++Uses[S.WriteLoop[D]];
    if (W.Value != AffineExpr::symbol(S.Loops[S.WriteLoop[D]].Var))
      return Where + " writes at a loop variable plus an offset";
  }
  for (size_t L = 0; L < S.Loops.size(); ++L) {
    if (Uses[L] != 1)
      return Where + " has a loop that does not write one dimension";
    if (mentionsAny(S.Loops[L].Lower, Vars) ||
        mentionsAny(S.Loops[L].Upper, Vars))
      return Where + " has loop bounds that depend on other loops";
  }
  return "";
}

/// Whether every read of a state array that the analysis found unbounded
/// is so only through periodic wraps: along each dimension it is the loop
/// variable plus a constant, a periodicOffset in a periodic dimension, or
/// (a slice's) the row the statement writes.
bool onlyWrapsUnbounded(const StencilProgram &P, const StageAnalysis &A,
                        const std::vector<AffineExpr> &Grid,
                        const std::vector<bool> &Periodic) {
  for (unsigned S = 0; S < P.Stages.size(); ++S) {
    std::vector<std::string> Vars = dimensionVariables(P.Stages[S]);
    std::vector<const ArrayAccess *> Reads = stageReads(P.Stages[S]);
    for (unsigned I = 0; I < Reads.size() && I < A.Stages[S].Accesses.size();
         ++I) {
      const ArrayAccess &R = *Reads[I];
      if (A.Stages[S].Accesses[I].Bounded ||
          P.Arrays[R.ArrayId].Role != ArrayRole::State)
        continue;
      if (R.Index.size() != Grid.size())
        return false;
      for (unsigned D = 0; D < Grid.size(); ++D)
        if (Vars[D].empty()
                ? !(R.Index[D] == P.Stages[S].WriteIndex[D])
                : !offsetAlong(R.Index[D], Vars[D], Periodic[D], Grid[D]))
          return false;
    }
  }
  return true;
}

/// "" when the region can be blocked at all.
std::string regionObstacle(const StencilProgram &P, const StageAnalysis &A) {
  unsigned Rank = A.NumDims;
  if (Rank < 1 || Rank > 3)
    return "the grid has " + std::to_string(Rank) + " dimensions";
  if (A.Stages.size() != P.Stages.size())
    return "the analysis does not cover every statement";
  for (const StencilArray &Arr : P.Arrays)
    if (Arr.Role == ArrayRole::State && Arr.Extents.size() != Rank)
      return "state array '" + Arr.Name + "' has another rank than the grid";
  std::string GridWhy;
  std::optional<std::vector<AffineExpr>> Grid = stateGridExtents(P, &GridWhy);
  if (!Grid)
    return GridWhy;
  std::string WrapWhy;
  std::vector<bool> Periodic = periodicDimensions(P, *Grid, WrapWhy);
  if (!WrapWhy.empty())
    return "a periodic subscript cannot be blocked: " + WrapWhy;
  if (!A.Bounded && !onlyWrapsUnbounded(P, A, *Grid, Periodic))
    return "a read reaches arbitrarily far from the cell it computes";
  for (unsigned S = 0; S < P.Stages.size(); ++S) {
    std::string Why = stageObstacle(P, P.Stages[S], Rank);
    if (!Why.empty())
      return Why;
    if (stageReads(P.Stages[S]).size() != A.Stages[S].Accesses.size())
      return "the analysis does not cover every read";
    for (const ArrayAccess *R : stageReads(P.Stages[S]))
      if (P.Arrays[R->ArrayId].Role == ArrayRole::State &&
          R->Index.size() != Rank)
        return "a read of a state array has another rank than the grid";
  }
  return "";
}

/// How one read of a stage reaches, whatever the step.
struct ReadShape {
  /// Resolved to a version: a state array, or a field (Field).
  bool Tracked = false;
  bool Field = false;
  std::optional<std::vector<int64_t>> Offsets; ///< per grid dimension
  std::vector<int64_t> Neg, Pos;               ///< per grid dimension
  bool OwnCells = false; ///< constant offsets, none across the stream
};

/// The extents of the grid the state arrays share (regionObstacle made
/// sure there is one).
std::vector<AffineExpr> gridExtents(const StencilProgram &P) {
  return stateGridExtents(P).value_or(std::vector<AffineExpr>());
}

/// The grid's extents and the dimensions that wrap (PeriodicDimensions.h).
struct GridShape {
  std::vector<AffineExpr> Extents;
  std::vector<bool> Periodic;
};

GridShape gridShape(const StencilProgram &P) {
  GridShape G;
  G.Extents = gridExtents(P);
  std::string Why;
  G.Periodic = periodicDimensions(P, G.Extents, Why);
  return G;
}

/// Per grid dimension, the constant offset of each subscript from the
/// statement's loop variable (a periodic wrap's near neighbour along a
/// periodic dimension; nullopt where one is not).
std::optional<std::vector<int64_t>> constantOffsets(const Stage &St,
                                                    const ArrayAccess &R,
                                                    const GridShape &G) {
  unsigned Rank = G.Extents.size();
  if (R.Index.size() != Rank)
    return std::nullopt;
  std::vector<std::string> Vars = dimensionVariables(St);
  std::vector<int64_t> Off(Rank, 0);
  for (unsigned D = 0; D < Rank; ++D) {
    std::optional<int64_t> O;
    if (!Vars[D].empty())
      O = offsetAlong(R.Index[D], Vars[D], G.Periodic[D], G.Extents[D]);
    if (!O)
      return std::nullopt;
    Off[D] = *O;
  }
  return Off;
}

/// Read-only arrays of the grid's shape read at constant offsets, some of
/// them a neighbour's: loaded once per plane and kept like an input, their
/// neighbours then come from registers and shared memory. (One read only
/// at the cell itself is cheaper from global memory by each sweep.)
std::set<unsigned> fieldArrays(const StencilProgram &P, const GridShape &G) {
  unsigned Rank = G.Extents.size();
  std::set<unsigned> Neighbours, Not;
  for (const Stage &St : P.Stages)
    for (const ArrayAccess *R : stageReads(St)) {
      const StencilArray &Arr = P.Arrays[R->ArrayId];
      if (Arr.Role != ArrayRole::ReadOnly)
        continue;
      std::optional<std::vector<int64_t>> O = constantOffsets(St, *R, G);
      if (!O || Arr.Extents != G.Extents)
        Not.insert(R->ArrayId);
      else if (*O != std::vector<int64_t>(Rank, 0))
        Neighbours.insert(R->ArrayId);
    }
  std::set<unsigned> Fields;
  for (unsigned Id : Neighbours)
    if (!Not.count(Id))
      Fields.insert(Id);
  return Fields;
}

ReadShape readShape(const StencilProgram &P, const StageAnalysis &A,
                    unsigned S, unsigned I, const ArrayAccess &R,
                    const std::set<unsigned> &Fields, const GridShape &G) {
  const StencilArray &Arr = P.Arrays[R.ArrayId];
  unsigned Rank = A.NumDims;
  ReadShape Sh;
  Sh.Offsets = constantOffsets(P.Stages[S], R, G);
  Sh.Field = Fields.count(R.ArrayId) > 0;
  Sh.Tracked = Arr.Role == ArrayRole::State || Sh.Field;
  if (!Sh.Tracked)
    return Sh;
  const StageAccessFacts &F = A.Stages[S].Accesses[I];
  Sh.Neg.assign(Rank, 0);
  Sh.Pos.assign(Rank, 0);
  // Along a periodic dimension the offset alone: the analysis's radius of
  // a wrap over a constant extent counts the far side too.
  std::vector<std::string> Vars = dimensionVariables(P.Stages[S]);
  for (unsigned D = 0; D < Rank && D < F.Radius.size() && !Sh.Field; ++D) {
    std::optional<int64_t> Wrap;
    if (G.Periodic[D] && !Vars[D].empty() && D < R.Index.size())
      Wrap = offsetAlong(R.Index[D], Vars[D], true, G.Extents[D]);
    Sh.Neg[D] = Wrap ? std::max<int64_t>(0, -*Wrap) : F.Radius[D].Negative;
    Sh.Pos[D] = Wrap ? std::max<int64_t>(0, *Wrap) : F.Radius[D].Positive;
  }
  // The analysis bounds every read; a constant offset is its own bound.
  for (unsigned D = 0; D < Rank && Sh.Offsets; ++D) {
    Sh.Neg[D] = std::max(Sh.Neg[D], -(*Sh.Offsets)[D]);
    Sh.Pos[D] = std::max(Sh.Pos[D], (*Sh.Offsets)[D]);
  }
  Sh.OwnCells = bool(Sh.Offsets);
  for (unsigned D = Rank >= 2 ? 1 : 0; D < Rank && Sh.Offsets; ++D)
    Sh.OwnCells &= (*Sh.Offsets)[D] == 0;
  return Sh;
}

/// The window slot range and ring slot range a read needs of its version.
struct Need {
  std::vector<unsigned> WindowSlots;
  bool Ring = false;
  int64_t RingMin = 0, RingMax = 0;
};

/// Builds one plan for a fixed step count and geometry request.
class Builder {
public:
  Builder(const StencilProgram &P, const StageAnalysis &A)
      : P(P), A(A), Rank(A.NumDims), S(P.Stages.size()), Grid(gridShape(P)) {
    std::set<unsigned> Fields = fieldArrays(P, Grid);
    for (unsigned St = 0; St < S; ++St) {
      std::vector<ReadShape> V;
      std::vector<const ArrayAccess *> Reads = stageReads(P.Stages[St]);
      for (unsigned I = 0; I < Reads.size(); ++I)
        V.push_back(readShape(P, A, St, I, *Reads[I], Fields, Grid));
      Shapes.push_back(std::move(V));
    }
  }

  /// The plan of \p Steps steps per launch with tile \p Tile (0 entries:
  /// derived from \p Threads and \p Cells).
  std::optional<StagePlan> build(unsigned Steps, std::vector<int64_t> Tile,
                                 std::vector<unsigned> Threads,
                                 std::vector<unsigned> Cells,
                                 std::string &Why) {
    Plan = StagePlan();
    Plan.Element = A.Element;
    Plan.NumDims = Rank;
    Plan.Periodic = Grid.Periodic;
    Plan.Stages = S;
    Plan.Steps = Steps;
    buffers();
    resolve();
    lags();
    grow();
    storage();
    liveness();
    if (!planGeometry(P, Plan, Tile, Threads, Cells, Why))
      return std::nullopt;
    return Plan;
  }

private:
  const StencilProgram &P;
  const StageAnalysis &A;
  unsigned Rank, S;
  GridShape Grid;
  std::vector<std::vector<ReadShape>> Shapes;
  std::vector<unsigned> FirstBuffer; ///< per array
  StagePlan Plan;

  unsigned buffer(unsigned Array, int64_t Shift, unsigned Step) const {
    int64_t L = P.Arrays[Array].Levels;
    return FirstBuffer[Array] + (L > 0 ? floorMod(int64_t(Step) + Shift, L) : 0);
  }

  void buffers() {
    FirstBuffer.assign(P.Arrays.size(), 0);
    for (unsigned Id = 0; Id < P.Arrays.size(); ++Id) {
      FirstBuffer[Id] = Plan.Buffers.size();
      if (P.Arrays[Id].Role != ArrayRole::State)
        continue;
      int64_t L = std::max<int64_t>(P.Arrays[Id].Levels, 1);
      for (int64_t R = 0; R < L; ++R)
        Plan.Buffers.push_back({Id, R});
    }
    for (unsigned B = 0; B < Plan.Buffers.size(); ++B) {
      StageVersion V;
      V.Buffer = B;
      Plan.Versions.push_back(V);
    }
  }

  bool multiWriter(unsigned Array) const {
    unsigned N = 0;
    for (const Stage &St : P.Stages)
      N += St.ArrayId == Array;
    return N > 1;
  }

  /// Every read of every sweep to the latest earlier writer of its buffer.
  void resolve() {
    std::map<unsigned, std::vector<std::pair<unsigned, unsigned>>> FieldReads;
    std::vector<unsigned> Latest(Plan.Buffers.size());
    for (unsigned B = 0; B < Latest.size(); ++B)
      Latest[B] = B;
    for (unsigned K = 0; K < Plan.Steps * S; ++K) {
      StageSweep Sw;
      Sw.Step = K / S;
      Sw.Stage = K % S;
      const Stage &St = P.Stages[Sw.Stage];
      Sw.Buffer = buffer(St.ArrayId, St.WriteShift, Sw.Step);
      Sw.Version = Plan.Versions.size();
      std::vector<const ArrayAccess *> Reads = stageReads(St);
      for (unsigned I = 0; I < Reads.size(); ++I) {
        const ReadShape &Sh = Shapes[Sw.Stage][I];
        StageRead R;
        if (Sh.Field)
          FieldReads[Reads[I]->ArrayId].push_back({K, I});
        else if (Sh.Tracked)
          R.Version = Latest[buffer(Reads[I]->ArrayId, Reads[I]->TimeShift,
                                    Sw.Step)];
        if (Sh.Tracked) {
          R.Kind = Sh.OwnCells ? StageReadKind::Window : StageReadKind::Ring;
          if (Sh.Offsets)
            R.Offsets = *Sh.Offsets;
        }
        Sw.Reads.push_back(R);
      }
      if (multiWriter(St.ArrayId))
        Sw.Previous = int(Latest[Sw.Buffer]);
      StageVersion V;
      V.Sweep = int(K);
      V.Buffer = Sw.Buffer;
      Latest[Sw.Buffer] = Sw.Version;
      Plan.Versions.push_back(V);
      Plan.SweepPlans.push_back(std::move(Sw));
    }
    // The fields last: one version each, whatever the sweep.
    for (const auto &[Array, Uses] : FieldReads) {
      StageVersion V;
      V.Field = int(Array);
      for (const auto &[K, I] : Uses)
        Plan.SweepPlans[K].Reads[I].Version = Plan.Versions.size();
      Plan.Versions.push_back(V);
    }
  }

  /// Offset along the stream of the leading plane a read reaches.
  int64_t lead(const ReadShape &Sh) const {
    return Sh.Offsets ? (*Sh.Offsets)[0] : Sh.Pos[0];
  }

  /// Each sweep trails its sources by their reach along the stream; a ring
  /// read trails one plane more, so the ring is written an iteration
  /// before it is read (no barrier between sweeps). Inputs then load as
  /// late as their first reader allows.
  void lags() {
    if (!Plan.streams())
      return;
    for (StageSweep &Sw : Plan.SweepPlans) {
      int64_t Lag = 0;
      auto Src = [&](unsigned V) -> int64_t { return Plan.Versions[V].Lag; };
      for (unsigned I = 0; I < Sw.Reads.size(); ++I) {
        const ReadShape &Sh = Shapes[Sw.Stage][I];
        if (!Sh.Tracked)
          continue;
        const StageRead &R = Sw.Reads[I];
        bool Late = R.Kind == StageReadKind::Ring &&
                    !Plan.Versions[R.Version].isInput();
        Lag = std::max({Lag, Src(R.Version) + Sh.Pos[0],
                        Src(R.Version) + lead(Sh) + (Late ? 1 : 0)});
      }
      if (Sw.Previous >= 0)
        Lag = std::max(Lag, Src(Sw.Previous));
      Plan.Versions[Sw.Version].Lag = Lag;
    }
    for (unsigned Index = 0; Index < Plan.Versions.size(); ++Index) {
      StageVersion &V = Plan.Versions[Index];
      if (!V.isInput())
        continue;
      std::optional<int64_t> Latest;
      forEachUse([&](const StageSweep &Sw, unsigned Ver, int64_t Lead) {
        if (Ver != Index)
          return;
        int64_t L = Plan.Versions[Sw.Version].Lag - Lead;
        Latest = Latest ? std::min(*Latest, L) : L;
      });
      V.Lag = Latest.value_or(0);
    }
  }

  /// Calls \p F(sweep, version, lead) for each use of a version: state
  /// reads (lead: their reach along the stream) and previous versions.
  template <typename Fn> void forEachUse(Fn F) const {
    for (const StageSweep &Sw : Plan.SweepPlans) {
      for (unsigned I = 0; I < Sw.Reads.size(); ++I)
        if (Shapes[Sw.Stage][I].Tracked)
          F(Sw, Sw.Reads[I].Version, lead(Shapes[Sw.Stage][I]));
      if (Sw.Previous >= 0)
        F(Sw, unsigned(Sw.Previous), 0);
    }
  }

  /// Each version covers its readers' boxes grown by their reach.
  void grow() {
    for (StageVersion &V : Plan.Versions) {
      V.GrowLow.assign(Rank, 0);
      V.GrowHigh.assign(Rank, 0);
    }
    for (auto It = Plan.SweepPlans.rbegin(); It != Plan.SweepPlans.rend();
         ++It) {
      const StageSweep &Sw = *It;
      const StageVersion Reader = Plan.Versions[Sw.Version];
      auto Cover = [&](unsigned Ver, const std::vector<int64_t> *Neg,
                       const std::vector<int64_t> *Pos) {
        StageVersion &V = Plan.Versions[Ver];
        for (unsigned D = 0; D < Rank; ++D) {
          V.GrowLow[D] = std::max(V.GrowLow[D],
                                  Reader.GrowLow[D] + (Neg ? (*Neg)[D] : 0));
          V.GrowHigh[D] = std::max(V.GrowHigh[D],
                                   Reader.GrowHigh[D] + (Pos ? (*Pos)[D] : 0));
        }
      };
      for (unsigned I = 0; I < Sw.Reads.size(); ++I) {
        const ReadShape &Sh = Shapes[Sw.Stage][I];
        if (Sh.Tracked)
          Cover(Sw.Reads[I].Version, &Sh.Neg, &Sh.Pos);
      }
      if (Sw.Previous >= 0)
        Cover(unsigned(Sw.Previous), nullptr, nullptr);
    }
  }

  /// Window and ring sizes from the slots the reads use.
  void storage() {
    std::vector<Need> Needs(Plan.Versions.size());
    auto Slot = [&](const StageSweep &Sw, unsigned Ver, int64_t Lead) {
      if (!Plan.streams())
        return int64_t(0);
      return Plan.Versions[Sw.Version].Lag - Plan.Versions[Ver].Lag - Lead;
    };
    for (StageSweep &Sw : Plan.SweepPlans) {
      for (unsigned I = 0; I < Sw.Reads.size(); ++I) {
        const ReadShape &Sh = Shapes[Sw.Stage][I];
        StageRead &R = Sw.Reads[I];
        if (!Sh.Tracked)
          continue;
        Need &N = Needs[R.Version];
        if (R.Kind == StageReadKind::Window) {
          R.WindowSlot = unsigned(Slot(Sw, R.Version, (*Sh.Offsets)[0]));
          N.WindowSlots.push_back(R.WindowSlot);
          continue;
        }
        int64_t Lo = Slot(Sw, R.Version, lead(Sh));
        int64_t Hi = Plan.streams()
                         ? Slot(Sw, R.Version,
                                Sh.Offsets ? (*Sh.Offsets)[0] : -Sh.Neg[0])
                         : 0;
        N.RingMin = N.Ring ? std::min(N.RingMin, Lo) : Lo;
        N.RingMax = N.Ring ? std::max(N.RingMax, Hi) : Hi;
        N.Ring = true;
      }
      if (Sw.Previous >= 0)
        Needs[Sw.Previous].WindowSlots.push_back(
            unsigned(Slot(Sw, unsigned(Sw.Previous), 0)));
    }
    for (unsigned Ver = 0; Ver < Needs.size(); ++Ver)
      size(Plan.Versions[Ver], Needs[Ver]);
  }

  void size(StageVersion &V, const Need &N) {
    for (unsigned J : N.WindowSlots)
      V.WindowPlanes = std::max(V.WindowPlanes, J + 1);
    if (!N.Ring)
      return;
    unsigned Planes = 1;
    if (!Plan.streams()) {
      V.BarrierAfter = !V.isInput();
    } else if (V.isInput()) {
      // Loaded before the iteration's barrier: the slot it overwrites must
      // have been read two iterations ago, before the last barrier.
      V.RingWriteSlot = unsigned(N.RingMin);
      Planes = unsigned(N.RingMax - N.RingMin + 2);
    } else if (N.RingMin >= 1) {
      // Written an iteration before its first read.
      V.RingWriteSlot = unsigned(N.RingMin - 1);
      Planes = unsigned(N.RingMax - N.RingMin + 2);
    } else {
      V.BarrierAfter = true;
      Planes = unsigned(N.RingMax + 1);
    }
    V.RingPlanes = powerOfTwoAtLeast(Planes);
    V.WindowPlanes = std::max(V.WindowPlanes, V.RingWriteSlot + 1);
  }

  /// A buffer is dead after a full launch when the next launch writes it
  /// in its first step and reads nothing of its input version.
  void liveness() {
    unsigned NB = Plan.Buffers.size();
    std::vector<bool> ReadAsInput(NB, false), WrittenFirst(NB, false);
    forEachUse([&](const StageSweep &, unsigned Ver, int64_t) {
      if (Ver < NB)
        ReadAsInput[Ver] = true;
    });
    for (const StageSweep &Sw : Plan.SweepPlans)
      if (Sw.Step == 0)
        WrittenFirst[Sw.Buffer] = true;
    Plan.LiveAcrossLaunches.assign(NB, false);
    for (unsigned B = 0; B < NB; ++B) {
      const StageBuffer &Buf = Plan.Buffers[B];
      int64_t L = std::max<int64_t>(P.Arrays[Buf.ArrayId].Levels, 1);
      // Relative level r now is level r - Steps of the next launch.
      unsigned Next = FirstBuffer[Buf.ArrayId] +
                      floorMod(Buf.Level - int64_t(Plan.Steps), L);
      Plan.LiveAcrossLaunches[B] = ReadAsInput[Next] || !WrittenFirst[Next];
    }
  }

};

/// Whether every read of every stage is the cell itself or one of its face
/// neighbours (reaches one cell, along one dimension): a radius-1 star.
bool readsFaceNeighboursOnly(const StageAnalysis &A) {
  for (const StageFacts &S : A.Stages)
    for (const StageAccessFacts &R : S.Accesses) {
      unsigned Along = 0;
      for (const DimensionRadius &D : R.Radius) {
        if (D.Negative > 1 || D.Positive > 1)
          return false;
        Along += D.Negative > 0 || D.Positive > 0;
      }
      if (Along > 1)
        return false;
    }
  return true;
}

/// Whether the default plan can beat the naive kernels. In 3D the blocked
/// stage kernels won only on radius-1 stars: on an H100, at their best bT
/// of 1 to 4, a 7-point star with a coefficient field on its faces ran
/// 1.20x / 1.32x the naive kernels (float / double) and one with a source
/// field 1.07x / 1.21x, while the 19-point shape (faces and edges) ran
/// 1.01x / 0.95x, the 27-point box 0.92x / 0.81x and the 13-point star of
/// radius 2 0.64x / 0.81x, each with a source field (benchmarks/stage,
/// docs/results/stage-3d-shapes-h100-2026-11-28). The model predicted
/// 1.1x to 1.6x for all of them, so it does not decide this. A plan of one
/// sweep per launch saves no global traffic: at bT = 1 every one of those
/// shapes ran 0.48x to 0.78x the naive kernels.
bool paysOff(const StageAnalysis &A, const StagePlan &Plan, std::string &Why) {
  if (Plan.NumDims != 3)
    return true;
  if (!readsFaceNeighboursOnly(A)) {
    Why = "blocking does not pay: in 3D the blocked stage kernels beat the "
          "naive ones only where every read is the cell or a face neighbour "
          "(a radius-1 star)";
    return false;
  }
  if (Plan.sweeps() > 1)
    return true;
  Why = "blocking does not pay: a 3D plan of one sweep per launch saves no "
        "global memory traffic";
  return false;
}

} // namespace

unsigned StagePlan::arrayOf(unsigned Version) const {
  const StageVersion &V = Versions[Version];
  return V.Field >= 0 ? unsigned(V.Field) : Buffers[V.Buffer].ArrayId;
}

unsigned StagePlan::threadsPerBlock() const {
  unsigned T = 1;
  for (unsigned X : Threads)
    T *= X;
  return T;
}

std::vector<bool> stageSweepStores(const StagePlan &Plan, unsigned Steps,
                                   bool Final) {
  unsigned K = std::min(Steps, Plan.Steps) * Plan.Stages;
  std::vector<bool> Stores(Plan.SweepPlans.size(), false);
  std::vector<bool> Seen(Plan.Buffers.size(), false);
  for (unsigned I = K; I-- > 0;) {
    unsigned B = Plan.SweepPlans[I].Buffer;
    if (Seen[B])
      continue;
    Seen[B] = true;
    Stores[I] = Final || Plan.LiveAcrossLaunches[B];
  }
  return Stores;
}

std::vector<bool> stageSweepRuns(const StagePlan &Plan, unsigned Steps,
                                 bool Final) {
  std::vector<bool> Runs = stageSweepStores(Plan, Steps, Final);
  unsigned K = std::min(Steps, Plan.Steps) * Plan.Stages;
  for (unsigned I = K; I-- > 0;) {
    if (!Runs[I])
      continue;
    const StageSweep &Sw = Plan.SweepPlans[I];
    auto Mark = [&](unsigned Ver) {
      if (Plan.Versions[Ver].Sweep >= 0)
        Runs[Plan.Versions[Ver].Sweep] = true;
    };
    for (const StageRead &R : Sw.Reads)
      if (R.Kind != StageReadKind::Global)
        Mark(R.Version);
    if (Sw.Previous >= 0)
      Mark(unsigned(Sw.Previous));
  }
  return Runs;
}

std::optional<StagePlan> makeStagePlan(const StencilProgram &P,
                                       const StageAnalysis &A,
                                       const StagePlanRequest &R,
                                       std::string &Why) {
  Why = regionObstacle(P, A);
  if (!Why.empty())
    return std::nullopt;
  unsigned S = P.Stages.size(), Rank = A.NumDims;
  unsigned NC = Rank >= 2 ? Rank - 1 : 1;
  if (R.Sweeps % S) {
    Why = "bT = " + std::to_string(R.Sweeps) + " sweeps is not a multiple of " +
          std::to_string(S) + " stages (whole time steps)";
    return std::nullopt;
  }
  if (!R.Tile.empty() && R.Tile.size() != Rank) {
    Why = "the tile needs " + std::to_string(Rank) + " sizes";
    return std::nullopt;
  }
  if (!R.Threads.empty() && R.Threads.size() != NC) {
    Why = "the block needs " + std::to_string(NC) + " thread counts";
    return std::nullopt;
  }
  std::vector<std::pair<std::vector<unsigned>, std::vector<unsigned>>> Blocks =
      defaultBlocks(Rank);
  std::vector<int64_t> Tile(Rank, 0);
  if (!R.Tile.empty()) {
    Tile = R.Tile;
    for (int64_t T : Tile)
      if (T < 0) {
        Why = "tile sizes must be positive (0: the default)";
        return std::nullopt;
      }
    // Where a tile size is given, threads cover the grown tile: cells per
    // thread follow. A size of 0 keeps the default block along it.
    for (auto &[Threads, Cells] : Blocks)
      for (unsigned C = 0; C < NC; ++C)
        if (Tile[Rank - 1 - C] > 0)
          Threads[C] = Cells[C] = 0;
  }
  if (!R.Threads.empty())
    Blocks = {{R.Threads, std::vector<unsigned>(NC, 0)}};
  for (auto &[Threads, Cells] : Blocks)
    for (unsigned C = 0; C < NC; ++C)
      if (Tile[Rank - 1 - C] == 0 && Cells[C] == 0)
        Cells[C] = 1; // the tile follows from the block
  Builder B(P, A);
  auto Build = [&](unsigned Steps, const std::vector<unsigned> &Threads,
                   const std::vector<unsigned> &Cells, std::string &Err) {
    std::vector<int64_t> T = Tile;
    if (Rank >= 2 && T[0] == 0)
      T[0] = 1; // placeholder until the cross-section is known
    std::optional<StagePlan> Plan = B.build(Steps, T, Threads, Cells, Err);
    if (Plan && Rank >= 2 && Tile[0] == 0) {
      Plan->Tile[0] = defaultStreamBlock(*Plan);
      Plan = B.build(Steps, Plan->Tile, Plan->Threads, Plan->CellsPerThread,
                     Err);
    }
    if (Plan)
      Plan->ModelCost = modelCost(P, *Plan);
    return Plan;
  };
  if (R.Sweeps) {
    std::optional<StagePlan> Best;
    for (const auto &[Threads, Cells] : Blocks) {
      std::string Err;
      std::optional<StagePlan> Plan = Build(R.Sweeps / S, Threads, Cells, Err);
      if (!Plan && Why.empty())
        Why = Err;
      if (Plan && (!Best || Plan->ModelCost < Best->ModelCost))
        Best = std::move(Plan);
    }
    return Best;
  }
  // Default: the best modelled block and step count (sweeps per launch at
  // most 12) among those that fit with 16 warps per SM, else among all.
  std::optional<StagePlan> Best;
  auto Better = [&](const StagePlan &Plan) {
    auto Busy = [](const StagePlan &X) {
      return X.BlocksPerSM * X.threadsPerBlock() >= 512;
    };
    if (!Best || Busy(Plan) != Busy(*Best))
      return !Best || Busy(Plan);
    return Plan.ModelCost < Best->ModelCost;
  };
  for (const auto &[Threads, Cells] : Blocks)
    for (unsigned Steps = 1; Steps * S <= std::max(12u, S); ++Steps) {
      std::string Err;
      std::optional<StagePlan> Plan = Build(Steps, Threads, Cells, Err);
      if (!Plan) {
        if (Why.empty())
          Why = Err;
        break;
      }
      // A default must fit ptxas's register cap by the estimate, with 8
      // registers to spare: the estimate is 7 low on diffusion3d_var in
      // double (121 against ptxas's 128 and a spill). Explicit requests
      // get slack instead: the estimate errs high more often than low.
      unsigned Threads32 = (Plan->threadsPerBlock() + 31) / 32 * 32;
      if (Plan->RegisterEstimate + 8 > std::min(255u, 65536 / Threads32))
        continue;
      if (Better(*Plan))
        Best = std::move(Plan);
    }
  if (!Best && Why.empty())
    Why = "no block fits the registers its windows need";
  if (Best && !paysOff(A, *Best, Why))
    return std::nullopt;
  return Best;
}

} // namespace stencilcc
