//===- Emitter/BlockedKernelPartialSums.cpp - Partial-sums columns --------===//
//
// --opt=assoc's columns of the blocked kernel: each plane a level makes is
// added to the partial sums of every output plane that reads it (plane by
// plane or value by value, --sum-order), and a sum whose last plane was
// added is finished (PartialSums.h).
//
//===----------------------------------------------------------------------===//
#include "BlockedKernelWriter.h"

#include <sstream>

namespace stencilcc {

// Assoc: the double buffer of the cached exchange, then, per level L, the
// plane level L-1 published is added to the partial sums of every output
// plane that reads it (each neighbour value read from shared memory once,
// the own column from the queue), and the output plane whose last term
// that was is finished: plane y + StreamPos arrives in the column that
// makes y (Lag = StreamPos + 1). A sum's terms from its lowest plane
// start it, so a slot needs no clearing.
void BlockedKernelWriter::writeAssocColumn(std::ostream &OS, Phase Ph,
                                           int64_t Col,
                                           const std::string &In) const {
  unsigned Set = unsigned(posMod(Col, 2));
  std::vector<Publish> Pubs = publications(Ph, Col);
  bool HasExchange = !Plan.ExchangedOffsets.empty();
  if (HasExchange)
    writePublications(OS, Pubs, Set, In);
  // Values by their offset from the thread's first row: rows share the
  // values of the rows between them, each loaded once (and their own
  // columns come from the rows' queues).
  std::set<std::vector<int64_t>> Values;
  for (unsigned R = 0; R < Rows; ++R)
    for (const std::vector<int64_t> &V : Form.inPlaneReads())
      Values.insert(Plan.offsetFromFirstRow(V, R));
  for (unsigned L = 1; L <= D; ++L) {
    for (const Publish &Pb : Pubs) {
      if (Pb.Level != L - 1)
        continue;
      int64_t X = Pb.Plane;
      std::vector<std::string> Adds;
      // The values the sums added here read (the head leaves out some).
      std::set<std::vector<int64_t>> Used;
      for (Row = 0; Row < Rows; ++Row)
        for (const auto &[S, Reads] : Form.Groups) {
          int64_t Y = X - S;
          // The head leaves out sums of planes below the level's first.
          if (Ph == Phase::Head && Y < int64_t(L) * RN)
            continue;
          bool Starts = S == Form.lowestOffset();
          std::string Args = Starts ? "" : sums().slot(L, Y);
          for (const std::vector<int64_t> &V : Form.GroupReads.at(S)) {
            Used.insert(Plan.offsetFromFirstRow(V, Row));
            Args += (Args.empty() ? "" : ", ") +
                    partialSumValueName(Plan.offsetFromFirstRow(V, Row));
          }
          Adds.push_back(sums().slot(L, Y) + " = " +
                         partialTermsFunction(K, S) + "(" + Args +
                         scalarArgs(P) + ");");
        }
      Row = 0;
      if (Adds.empty())
        continue;
      // Value V of the plane (an offset from the thread's first row, Row
      // being 0 here).
      auto Load = [&](const std::vector<int64_t> &V) {
        std::string Value;
        if (std::optional<unsigned> Own = Plan.ownColumnRow(V)) {
          Row = *Own;
          Value = queue().slot(L - 1, queue().slotOf(X));
          Row = 0;
        } else {
          Value = "exchange[" + std::to_string(2 * (L - 1) + Set) +
                  " * kPlane + " + shiftedPos(V, rv("pos")) + "]";
        }
        return Value;
      };
      if (Plan.Order == SumOrder::Value) {
        writeValueOrderAdds(OS, Ph, L, X, Values, Load, Pb.Guard, In);
        continue;
      }
      OS << In << Pb.Guard << "{ // level " << L << " adds plane "
         << planeExpr(Ph, X) << " of level " << L - 1 << "\n";
      for (const std::vector<int64_t> &V : Values)
        if (Used.count(V))
          OS << In << "  const " << Elem << " " << partialSumValueName(V)
             << " = " << Load(V) << ";\n";
      for (const std::string &A : Adds)
        OS << In << "  " << A << "\n";
      OS << In << "}\n";
    }
    if (!started(Ph, L, Col))
      continue;
    int64_t Q = Plan.planeAt(L, Col);
    std::string Gd = guard(Ph, L, Col);
    for (Row = 0; Row < Rows; ++Row) {
      std::string Finish = partialFinishFunction(K) + "(" +
                           sums().slot(L, Q) + scalarArgs(P) + ")";
      OS << In << (Gd.empty() ? "{" : "if (" + Gd + ") {") << " // level "
         << L << " finishes plane " << planeExpr(Ph, Q) << rowComment()
         << "\n";
      if (namesPlane(Ph, L, D))
        OS << In << "  const int q = p - " << Col - Q << ";\n";
      if (L < D) {
        std::string Boundary =
            L == 1 ? queue().boundarySlot(queue().slotOf(Q))
                   : queue().slot(L - 2, queue().slotOf(Q));
        OS << In << "  " << queue().slot(L, queue().slotOf(Q)) << " = "
           << updateOrBoundary(Ph, Finish, Boundary) << ";\n";
      } else {
        OS << In << "  " << lastLevelStore(Finish) << "\n";
      }
      OS << In << "}\n";
    }
    Row = 0;
  }
}


// --sum-order=value (paper 004's interleaving): each value of plane X is
// loaded and at once added to every partial sum that reads it, the values
// in row-major order of their offset, so one value is live at a time. A
// sum's terms are added one statement each, in that order; the first term
// of a sum of the lowest group starts it.
void BlockedKernelWriter::writeValueOrderAdds(
    std::ostream &OS, Phase Ph, unsigned L, int64_t X,
    const std::set<std::vector<int64_t>> &Values,
    const std::function<std::string(const std::vector<int64_t> &)> &Load,
    const std::string &Guard, const std::string &In) const {
  // Every (row, group) sum this plane adds to, and whether it starts here.
  std::set<std::pair<unsigned, int64_t>> Started;
  OS << In << Guard << "{ // level " << L << " adds plane " << planeExpr(Ph, X)
     << " of level " << L - 1 << ", value by value\n";
  const std::map<std::vector<int64_t>, std::vector<ValueTerm>> &ByValue =
      termsByValue();
  for (const std::vector<int64_t> &V : Values) {
    std::vector<std::string> Adds;
    auto It = ByValue.find(V);
    if (It != ByValue.end())
      for (const ValueTerm &VT : It->second) {
        int64_t S = VT.Group, Y = X - S;
        if (Ph == Phase::Head && Y < int64_t(L) * RN)
          continue;
        Row = VT.Row;
        bool Starts =
            S == Form.lowestOffset() && Started.insert({Row, S}).second;
        Adds.push_back(
            partialTermAddition(Form, sums().slot(L, Y), *VT.Term, Starts));
      }
    Row = 0;
    if (Adds.empty())
      continue;
    OS << In << "  { // " << partialSumValueName(V) << "\n";
    OS << In << "    const " << Elem << " v = " << Load(V) << ";\n";
    for (const std::string &A : Adds)
      OS << In << "    " << A << "\n";
    OS << In << "  }\n";
  }
  OS << In << "}\n";
}

} // namespace stencilcc
