//===- Emitter/BlockedKernelWriter.h - One N.5D blocked kernel --*- C++ -*-===//
//
// Writes the blocked kernel of one degree (KernelEmitter.h says what it
// computes): the head, the steady-state loops (inner, interior, sides),
// the guarded tail, each a walk over columns that loads a plane, lets
// every level compute the plane its queue allows, and stores the last
// level's. BlockedKernelWriter.cpp holds the schedule and the columns,
// BlockedKernelExchange.cpp the exchanges between threads (asynchronous
// copies, the cached exchange's double buffer), BlockedKernelPartialSums.cpp
// the partial-sums columns of --opt=assoc. Internal to lib/Emitter.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_LIB_EMITTER_BLOCKEDKERNELWRITER_H
#define STENCILCC_LIB_EMITTER_BLOCKEDKERNELWRITER_H

#include "KernelLayout.h"
#include "stencilcc/Emitter/CarriedDifferences.h"
#include "stencilcc/Emitter/CircularQueueLayout.h"
#include "stencilcc/Emitter/KernelEmitter.h"
#include "stencilcc/Emitter/PartialSums.h"

#include <functional>
#include <map>
#include <optional>
#include <ostream>
#include <set>
#include <string>
#include <vector>

namespace stencilcc {

class BlockedKernelWriter {
public:
  BlockedKernelWriter(const KernelContext &K, unsigned Degree)
      : K(K), P(K.Program), Plan(K.Plan), G(K.Plan.Geometry), D(Degree),
        Rows(K.Plan.RowsPerThread), Ex(exchangeShape(K.Plan, Degree)),
        Elem(elementTypeName(K.Plan.Element)) {
    for (unsigned R = 0; R < Rows; ++R) {
      Queues.emplace_back(K.Plan, Degree, rowSuffix(R));
      SumRings.emplace_back(K.Plan, Degree, rowSuffix(R));
    }
    Assoc = Plan.Variant == OptimizationVariant::Assoc;
    if (Assoc)
      Form = partialSumForm(K);
    W = Plan.QueueLength;
    Lag = Plan.Lag;
    RN = G.StreamNeg;
    RP = G.StreamPos;
    U = Plan.UnrollPeriod;
    // Level L's first plane (relative) is L*RN; the column that makes it
    // follows from planeAt.
    StartCol.resize(D + 1);
    for (unsigned L = 0; L <= D; ++L)
      StartCol[L] = L == 0 ? 0 : L * RN + Plan.Prefetch + int64_t(L) * Lag;
    Head = ((StartCol[D] + U - 1) / U) * U;
    for (size_t I = 0; I < Plan.ExchangedOffsets.size(); ++I)
      ExIndex[Plan.ExchangedOffsets[I]] = I;
    // Only the interior loop carries. It starts at column Head with each
    // level's carry set from the planes its level below made before Head;
    // where the queue no longer holds one of them, nothing is carried.
    if (hasInterior())
      Carried = findCarriedDifferences(*P.Rhs, Plan);
    for (unsigned L = 1; L <= D && !Carried.empty(); ++L)
      for (const CarriedDifference &C : Carried)
        for (int64_t S : {C.OutMinuend, C.OutSubtrahend})
          if (!heldBeforeHead(L - 1, Plan.planeAt(L, Head) - 1 + S))
            Carried.clear();
  }

  std::string write();
  /// \p Kernel without the prologue's constants that nothing names.
  static std::string withoutUnusedConstants(std::string Kernel);
  /// The differences this kernel's steady state carries along the stream.
  const std::vector<CarriedDifference> &carried() const { return Carried; }

private:
  const KernelContext &K;
  const StencilProgram &P;
  const TemporalBlockingPlan &Plan;
  const KernelGeometry &G;
  unsigned D;
  /// --rows-per-thread: each row of the thread has its own queues, sums
  /// and cell; the code of one row is written with Row set to it.
  unsigned Rows;
  std::vector<CircularQueueLayout> Queues;
  std::vector<PartialSumRing> SumRings;
  mutable unsigned Row = 0;
  bool Assoc = false;
  PartialSumForm Form; ///< Assoc only
  /// --sum-order=value: Form's terms by the value they read, built once.
  mutable std::optional<std::map<std::vector<int64_t>, std::vector<ValueTerm>>>
      TermsByValue;
  const std::map<std::vector<int64_t>, std::vector<ValueTerm>> &
  termsByValue() const {
    if (!TermsByValue)
      TermsByValue = partialTermsByValue(Plan, Form, Rows);
    return *TermsByValue;
  }
  ExchangeShape Ex;
  std::string Elem;
  int64_t W, Lag, RN, RP, U, Head;
  std::vector<int64_t> StartCol;
  std::map<int64_t, size_t> ExIndex;
  ReadSets Reads = readSets(K);
  std::vector<CarriedDifference> Carried;

  /// Whether the kernel has the interior loop (--interior-loop); the
  /// degree-1 kernel of a plan of more time steps, which runs only the
  /// remainder steps, never has it.
  bool hasInterior() const {
    return Plan.InteriorLoop && (D > 1 || Plan.TemporalDegree == 1);
  }
  /// Whether level \p L's queue holds plane \p X when column Head begins.
  bool heldBeforeHead(unsigned L, int64_t X) const {
    int64_t Last = Plan.planeAt(L, Head - 1);
    return X <= Last && X > Last - W && Head - 1 >= StartCol[L];
  }
  /// The carry register of level \p L for carried difference \p I.
  std::string carryRegister(unsigned L, size_t I) const {
    return "carry" + std::to_string(L) + "_" + std::to_string(I);
  }
  /// The steady-state loops' carried differences: each level's of the
  /// plane before the one it computes at column Head.
  void writeCarryInit(std::ostream &OS, const std::string &In) const;

  /// Head: levels start one after another (guarded by column); Inner: the
  /// unrolled loop where every level is busy (1D); Interior: a period of
  /// the steady state whose planes, for every level, all lie inside the
  /// loop bounds, in a block whose tile does too, so no cell takes a
  /// boundary value (2D, 3D); Sides: such a period in a block whose tile
  /// reaches outside the loop bounds or the array, where whether a cell
  /// takes boundary values is fixed per thread (its tile position); Tail:
  /// loads stop, levels drain (guarded), and in 2D and 3D every
  /// steady-state period that is neither.
  enum class Phase { Head, Inner, Interior, Sides, Tail };
  static bool unguarded(Phase Ph) {
    return Ph == Phase::Inner || Ph == Phase::Interior || Ph == Phase::Sides;
  }
  /// A level's value for the cell: its update, or the boundary value where
  /// the cell lies outside the loop bounds (none in the interior; in the
  /// sides every plane is inside along the stream, so the tile position
  /// alone decides).
  std::string updateOrBoundary(Phase Ph, const std::string &Update,
                               const std::string &Boundary) const {
    if (Ph == Phase::Interior)
      return Update;
    if (Ph == Phase::Sides)
      return rv("in_tile") + " ? " + Update + " : " + Boundary;
    return rv("inside") + "(q) ? " + Update + " : " + Boundary;
  }
  /// Whether a level's code names q = its plane (the select of the guarded
  /// phases and the last level's store do).
  static bool namesPlane(Phase Ph, unsigned L, unsigned D) {
    return (Ph != Phase::Interior && Ph != Phase::Sides) || L == D;
  }

  std::string name() const {
    return K.Prefix + "_bt" + std::to_string(D);
  }
  /// The type of plane offsets: the template parameter Offset with
  /// --offset-bits=32 (the host launches the int or the long instance),
  /// else long.
  std::string offsetType() const {
    return Plan.NarrowOffsets ? "Offset" : "long";
  }
  /// The last level's store of \p Value to plane q of the row's cell.
  std::string lastLevelStore(const std::string &Value) const {
    std::string Cell = rv("dst_cell") +
                       (Plan.NarrowOffsets ? "[q * stride]"
                                           : "[(long)q * plane_stride]");
    if (Plan.PredicatedStore)
      return "stencilcc_store_if(&" + Cell + ", " + Value + ", " +
             rv("in_compute") + ");";
    return "if (" + rv("in_compute") + ") " + Cell + " = " + Value + ";";
  }
  std::string rowSuffix(unsigned R) const {
    return Rows == 1 ? "" : "_r" + std::to_string(R);
  }
  /// A per-row name (cell, pos, src_cell, in_compute, ...) of row Row; the
  /// plain name with one row per thread.
  std::string rv(const std::string &Name) const {
    return Name + rowSuffix(Row);
  }
  std::string rowComment() const {
    return Rows == 1 ? "" : ", row " + std::to_string(Row);
  }
  const CircularQueueLayout &queue() const { return Queues[Row]; }
  const PartialSumRing &sums() const { return SumRings[Row]; }
  std::string lastCol(unsigned L) const {
    return L == 0 ? "load_last" : "last_col_" + std::to_string(L);
  }
  /// Column index expression: a number in the head, c + u in loops.
  std::string colExpr(Phase Ph, int64_t Col) const {
    if (Ph == Phase::Head)
      return std::to_string(Col);
    return Col == 0 ? "c" : "c + " + std::to_string(Col);
  }
  /// Relative plane \p X of static column position: a number in the
  /// head, c +/- n in loops (for comments).
  std::string planeExpr(Phase Ph, int64_t X) const {
    if (Ph == Phase::Head || X == 0)
      return Ph == Phase::Head ? std::to_string(X) : "c";
    return X > 0 ? "c + " + std::to_string(X) : "c - " + std::to_string(-X);
  }
  /// Whether level L takes part in column (static position) \p Col.
  bool started(Phase Ph, unsigned L, int64_t Col) const {
    return Ph != Phase::Head || Col >= StartCol[L];
  }
  std::string guard(Phase Ph, unsigned L, int64_t Col) const {
    if (unguarded(Ph))
      return "";
    return colExpr(Ph, Col) + " <= " + lastCol(L);
  }

  std::string exchangePlane(unsigned Index) const {
    return "exchange + " + std::to_string(Index) + " * kPlane";
  }
  unsigned scrPlane(unsigned Set, unsigned Loc, int64_t Offset) const {
    return (Set * Ex.Written + Loc) * Plan.ExchangedOffsets.size() +
           ExIndex.at(Offset);
  }
  /// SCR: the exchange location level \p L writes in round \p R, whose
  /// first level is \p First. A staged exchange's level 1 writes none (it
  /// reads the stage), so round 0's other levels move down one.
  unsigned scrLocation(unsigned R, unsigned L, unsigned First) const {
    return L - First - (Plan.StagedExchange && R == 0 && L > 1 ? 1 : 0);
  }
  unsigned mcrPlane(unsigned SourceLevel, int64_t RelPlane) const {
    return SourceLevel * Ex.Ring + unsigned(posMod(RelPlane, Ex.Ring));
  }
  /// Cached exchange: the register holding in-plane neighbour \p V of
  /// plane \p RelPlane of level \p Level.
  std::string neighbourRegister(unsigned Level, int64_t RelPlane,
                                const std::vector<int64_t> &V) const {
    return "n" + std::to_string(Level) + "_" +
           std::to_string(posMod(RelPlane, Plan.NeighbourRing)) + "__" +
           inPlaneTag(V);
  }
  /// Offset of in-plane neighbour \p V within an exchange plane.
  std::string planeIndex(const std::vector<int64_t> &V) const {
    if (V.size() == 1)
      return std::to_string(V[0]);
    return std::to_string(V[0]) + " * kPitch + " + std::to_string(V[1]);
  }
  /// Double buffer (cached exchange, assoc): level Level publishes plane
  /// Plane in this column, under Guard (a prefix, empty when unguarded).
  struct Publish {
    unsigned Level;
    int64_t Plane;
    std::string Guard;
  };
  std::vector<Publish> publications(Phase Ph, int64_t Col) const;
  void writePublications(std::ostream &OS, const std::vector<Publish> &Pubs,
                         unsigned Set, const std::string &Indent) const;
  /// \p Base (a position) moved by in-plane offset \p V: pos - 1,
  /// pos + 2 * kPitch - 1.
  std::string shiftedPos(const std::vector<int64_t> &V,
                         const std::string &Base) const {
    std::string S = Base;
    for (size_t I = 0; I < V.size(); ++I) {
      if (V[I] == 0)
        continue;
      int64_t A = V[I] < 0 ? -V[I] : V[I];
      bool Row = I + 1 < V.size();
      S += (V[I] < 0 ? " - " : " + ") +
           (Row ? (A == 1 ? std::string("kPitch")
                          : std::to_string(A) + " * kPitch")
                : std::to_string(A));
    }
    return S;
  }
  /// --async-copy: the stage slot of column \p Col's plane (of row Row).
  std::string stageSlot(int64_t Col) const {
    int64_t Slot = posMod(Col, Plan.AsyncRing);
    if (Plan.StagedExchange)
      return "stage[" + std::to_string(Slot) + " * kPlane + " + rv("pos") +
             "]";
    return "stage[" + std::to_string(Rows == 1 ? Slot : Slot * Rows + Row) +
           " * kThreads + tid]";
  }
  void writeAsyncCopy(std::ostream &OS, Phase Ph, int64_t Col,
                      const std::string &Indent) const;
  void writeCachedExchange(std::ostream &OS, Phase Ph, int64_t Col,
                           const std::string &Indent) const;
  void writeAssocColumn(std::ostream &OS, Phase Ph, int64_t Col,
                        const std::string &Indent) const;
  void writeValueOrderAdds(
      std::ostream &OS, Phase Ph, unsigned L, int64_t X,
      const std::set<std::vector<int64_t>> &Values,
      const std::function<std::string(const std::vector<int64_t> &)> &Load,
      const std::string &Guard, const std::string &Indent) const;

  std::string updateCall(unsigned L, int64_t Col, unsigned Set,
                         unsigned Loc, bool Carry = false) const;
  void writeColumn(std::ostream &OS, Phase Ph, int64_t Col,
                   const std::string &Indent) const;
};

} // namespace stencilcc

#endif
