//===- Emitter/StageCheckRuntime.h - Stage-form check helpers --*- C++ -*-===//
//
// The C++ text the self-check program of a stage-form region carries once
// (stageSelfCheckRuntime): its arrays in both runs, filled from the
// runtime's seeded stream, and the comparison of every state array. It
// builds on selfcheck-runtime.cu.in's stencilcc_check namespace (options,
// random stream, report, totals), which comes before it in the program.
// Internal to lib/Emitter.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_LIB_EMITTER_STAGECHECKRUNTIME_H
#define STENCILCC_LIB_EMITTER_STAGECHECKRUNTIME_H

namespace stencilcc {
namespace stage {

/// Helpers of the stage-form case runners (stageSelfCheckRuntime).
inline const char *const StageCheckRuntime = R"sccStage(
//===----------------------------------------------------------------------===//
// stencilcc self-check, stage-form regions: every array a region touches
// in both runs, filled from one seeded stream; every cell of every level
// of every state array compared.
//===----------------------------------------------------------------------===//
#include <initializer_list>

namespace stencilcc_stage_check {

/// The worst of the compared arrays (by relative L2 error over its
/// tolerance) and the worst cell (a NaN or non-finite mismatch first, else
/// the largest difference relative to its array's RMS value).
struct Result {
  long NaNMismatch = 0, NonFinite = 0;
  long IntegerMismatch = 0; ///< integer arrays compare exactly
  double Ratio = -1, RelL2 = 0, Tol = 0, MaxAbs = 0;
  double Score = -1;
  std::string Worst;
};

/// One array in both runs: Planes copies (levels, time rows) of its
/// spatial extents, row-major, as the region's C code addresses it.
struct ArrayBase {
  const char *Name;
  bool State; ///< written by the region: compared after the runs
  long Planes;
  std::vector<long> Extent;
  long Cells = 1; ///< per plane
  ArrayBase(const char *Name, bool State, long Planes,
            std::initializer_list<long> Extents)
      : Name(Name), State(State), Planes(Planes > 0 ? Planes : 0),
        Extent(Extents) {
    for (long E : Extent)
      Cells *= E > 0 ? E : 0;
  }
  virtual ~ArrayBase() = default;
  virtual bool isFloat() const = 0;
  virtual const char *typeName() const = 0;
  virtual void fill(stencilcc_check::Random &R) = 0;
  virtual void compare(Result &Res) const = 0;
  /// The conditioning run: every value of the generated copy moved by up
  /// to one rounding (relative machine epsilon), the runs' buffers
  /// exchanged (so the reference runs on it), and its result kept.
  virtual void perturb(stencilcc_check::Random &R) = 0;
  virtual void swapRuns() = 0;
  virtual void keepPerturbed() = 0;
  /// How far the C loop moved under that perturbation: the relative L2
  /// difference of the kept result from the reference's.
  double Sensitivity = 0;
  virtual void measureSensitivity() = 0;

  /// "B level 1 at (2,3)" for cell K of the buffer.
  std::string where(long K, double G, double R) const {
    std::string S = Name;
    if (Planes > 1)
      S += " level " + std::to_string(K / Cells);
    S += " at (";
    long Cell = K % Cells;
    std::vector<long> X(Extent.size());
    for (int D = (int)Extent.size() - 1; D >= 0; Cell /= Extent[D], --D)
      X[D] = Cell % Extent[D];
    for (size_t D = 0; D < X.size(); ++D)
      S += (D ? "," : "") + std::to_string(X[D]);
    char Values[96];
    std::snprintf(Values, sizeof Values, ") generated=%.9g reference=%.9g", G, R);
    return S + Values;
  }
};

/// The case's kind of integer values (stencilcc_check::integerValue).
inline bool IntegerBits = false;

template <typename Elem> struct Array : ArrayBase {
  static constexpr bool Integral = std::is_integral_v<Elem>;
  std::vector<Elem> Reference, Generated, Perturbed;
  using ArrayBase::ArrayBase;
  Elem *reference() { return Reference.data(); }
  Elem *generated() { return Generated.data(); }
  bool isFloat() const override { return std::is_same_v<Elem, float>; }
  const char *typeName() const override {
    return stencilcc_check::elementName<Elem>();
  }

  /// Values in (0, 1), exactly representable in float, the same in both;
  /// integers as the single-update check fills them.
  void fill(stencilcc_check::Random &R) override {
    Reference.resize((size_t)(Planes * Cells));
    for (Elem &V : Reference)
      if constexpr (Integral)
        V = stencilcc_check::integerValue<Elem>(R, IntegerBits);
      else
        V = (Elem)R.unit();
    Generated = Reference;
  }

  void perturb(stencilcc_check::Random &R) override {
    if constexpr (Integral)
      return; // integer arithmetic has no rounding to be sensitive to
    const double Eps = isFloat() ? 1.1920929e-07 : 2.220446049250313e-16;
    for (Elem &V : Generated)
      V = (Elem)((double)V * (1 + Eps * (2 * R.unit() - 1)));
  }
  void swapRuns() override { Reference.swap(Generated); }
  void keepPerturbed() override { Perturbed = Generated; }
  void measureSensitivity() override {
    double Diff = 0, Norm = 0;
    for (size_t K = 0; K < Perturbed.size() && K < Reference.size(); ++K) {
      const double p = Perturbed[K], r = Reference[K];
      if (__builtin_isfinite(p) && __builtin_isfinite(r))
        Diff += (p - r) * (p - r), Norm += r * r;
    }
    Sensitivity = Norm > 0 ? std::sqrt(Diff / Norm) : std::sqrt(Diff);
    Perturbed.clear();
  }

  /// The tolerance: the option's, or ten times the C loop's own
  /// sensitivity to one rounding of its inputs where that is larger (an
  /// unstable scheme amplifies roundings: another order of operations,
  /// FMA contraction, is as right as the C loop's).
  double tolerance() const {
    const double Tol = isFloat() ? stencilcc_check::Opt.RtolFloat
                                 : stencilcc_check::Opt.RtolDouble;
    return std::max(Tol, 10 * Sensitivity);
  }

  void compare(Result &Res) const override {
    if constexpr (Integral) {
      const long N = Planes * Cells;
      for (long K = 0; K < N; ++K)
        if (Generated[K] != Reference[K]) {
          if (!Res.IntegerMismatch++ && Res.Score < HUGE_VAL)
            Res.Score = HUGE_VAL,
            Res.Worst = where(K, (double)Generated[K], (double)Reference[K]);
        }
      return;
    }
    const double Tol = tolerance();
    const Elem *G = Generated.data(), *R = Reference.data();
    const long N = Planes * Cells;
    double Diff = 0, Norm = 0, MaxAbs = 0;
    long Largest = -1;
    for (long K = 0; K < N; ++K) {
      const double g = G[K], r = R[K];
      bool Bad = false;
      if (__builtin_isnan(g) != __builtin_isnan(r))
        Bad = true, ++Res.NaNMismatch;
      else if (__builtin_isnan(r))
        continue;
      else if (!__builtin_isfinite(g) || !__builtin_isfinite(r))
        Bad = g != r, Res.NonFinite += g != r;
      else {
        Diff += (g - r) * (g - r);
        Norm += r * r;
        if (std::fabs(g - r) > MaxAbs)
          MaxAbs = std::fabs(g - r), Largest = K;
      }
      if (Bad && Res.Score < HUGE_VAL)
        Res.Score = HUGE_VAL, Res.Worst = where(K, g, r);
    }
    const double RelL2 = Norm > 0 ? std::sqrt(Diff / Norm) : std::sqrt(Diff);
    if (RelL2 / Tol > Res.Ratio)
      Res.Ratio = RelL2 / Tol, Res.RelL2 = RelL2, Res.Tol = Tol;
    Res.MaxAbs = std::max(Res.MaxAbs, MaxAbs);
    const double Rms = Norm > 0 ? std::sqrt(Norm / (double)N) : 1;
    if (Largest >= 0 && MaxAbs / Rms > Res.Score)
      Res.Score = MaxAbs / Rms,
      Res.Worst = where(Largest, G[Largest], R[Largest]);
  }
};

/// The element types of the compared (state) arrays: "float",
/// "float+double", "int+float", ... (in the order written).
inline std::string real(std::initializer_list<ArrayBase *> Arrays) {
  std::string Names;
  for (ArrayBase *A : Arrays)
    if (A->State) {
      std::string Name = A->typeName();
      if (("+" + Names + "+").find("+" + Name + "+") == std::string::npos)
        Names += (Names.empty() ? "" : "+") + Name;
    }
  return Names;
}

inline void skip(const stencilcc_check::Case &C, const std::string &Real,
                 const std::string &Why) {
  stencilcc_check::report(C, Real.c_str(), "SKIP", Why);
  ++stencilcc_check::Total.Skipped;
}

/// --time: the generated code Opt.Reps + 1 times, the first a warm-up.
template <typename GeneratedFn>
void time(const stencilcc_check::Case &C, const std::string &Real,
          double Points, GeneratedFn RunGenerated) {
  using namespace stencilcc_check;
  std::vector<double> Ms;
  for (int R = 0; R <= Opt.Reps; ++R) {
    TimedMs = -1;
    RunGenerated();
    if (TimedMs < 0) {
      report(C, Real.c_str(), "FAIL", "the generated code ran no timed section");
      ++Total.Failed;
      return;
    }
    if (R > 0)
      Ms.push_back(TimedMs);
  }
  std::sort(Ms.begin(), Ms.end());
  const double Median = Ms.size() % 2 ? Ms[Ms.size() / 2]
                                      : (Ms[Ms.size() / 2 - 1] + Ms[Ms.size() / 2]) / 2;
  char Line[256];
  std::snprintf(Line, sizeof Line,
                "median_ms=%.4f min_ms=%.4f gpoints_per_s=%.4f reps=%d", Median,
                Ms.front(), Median > 0 ? Points / (Median * 1e6) : 0.0, Opt.Reps);
  report(C, Real.c_str(), "TIME", Line);
  ++Total.Passed;
}

/// Fills every array, runs the C reference and the generated code on
/// their own buffers, compares every state array.
template <typename ReferenceFn, typename GeneratedFn>
void run(const stencilcc_check::Case &C, std::initializer_list<ArrayBase *> Arrays,
         const char *Outside, double Points, ReferenceFn RunReference,
         GeneratedFn RunGenerated) {
  using namespace stencilcc_check;
  const std::string Real = real(Arrays);
  long Cells = 0;
  for (ArrayBase *A : Arrays) {
    for (size_t D = 0; D < A->Extent.size(); ++D)
      if (A->Extent[D] < 1)
        return skip(C, Real, "extent " + std::to_string(A->Extent[D]) + " of " +
                                 A->Name + "'s dimension " + std::to_string(D));
    Cells += A->Planes * A->Cells;
  }
  if (Outside)
    return skip(C, Real, std::string("these parameters make the C code access ") +
                             Outside + " outside its array");
  if (Cells > (Opt.Time ? (1L << 31) : (1L << 28)))
    return skip(C, Real, "more than 2^28 cells in all");
  const uint64_t Seed = Opt.Seed * 1000003ull + (uint64_t)C.N * 7919ull + (uint64_t)C.Steps;
  IntegerBits = Seed % 2 == 0;
  Random Rng(Seed);
  for (ArrayBase *A : Arrays)
    A->fill(Rng);
  if (Opt.Time)
    return time(C, Real, Points, RunGenerated);
  // The C loop's own sensitivity: run on inputs moved by one rounding.
  Random Jitter(Seed ^ 0x9e3779b97f4a7c15ull);
  for (ArrayBase *A : Arrays)
    A->perturb(Jitter), A->swapRuns();
  RunReference();
  for (ArrayBase *A : Arrays)
    A->swapRuns(), A->keepPerturbed();
  Random Again(Seed);
  for (ArrayBase *A : Arrays)
    A->fill(Again);
  RunReference();
  for (ArrayBase *A : Arrays)
    A->measureSensitivity();
  RunGenerated();
  Result Res;
  for (ArrayBase *A : Arrays)
    if (A->State)
      A->compare(Res);
  const bool Pass = Res.NaNMismatch == 0 && Res.NonFinite == 0 &&
                    Res.IntegerMismatch == 0 && Res.Ratio <= 1;
  char Line[256];
  const double Option = Real == "double" ? Opt.RtolDouble : Opt.RtolFloat;
  if (Res.Ratio < 0) // integer arrays only
    std::snprintf(Line, sizeof Line, "mismatches=%ld (exact)", Res.IntegerMismatch);
  else if (Res.Tol > Option)
    std::snprintf(Line, sizeof Line,
                  "rel_l2=%.3e max_abs=%.3e nan_mismatch=%ld nonfinite=%ld (tolerance %.1e: "
                  "10x the C loop's change under one rounding of its inputs)",
                  Res.RelL2, Res.MaxAbs, Res.NaNMismatch, Res.NonFinite, Res.Tol);
  else
    std::snprintf(Line, sizeof Line,
                  "rel_l2=%.3e max_abs=%.3e nan_mismatch=%ld nonfinite=%ld (tolerance %.0e)",
                  Res.RelL2, Res.MaxAbs, Res.NaNMismatch, Res.NonFinite, Res.Tol);
  std::string Detail = Line;
  if (Res.Ratio >= 0 && Res.IntegerMismatch)
    Detail += "; integer mismatches=" + std::to_string(Res.IntegerMismatch);
  if (!Pass && !Res.Worst.empty())
    Detail += "; worst cell: " + Res.Worst;
  report(C, Real.c_str(), Pass ? "PASS" : "FAIL", Detail);
  ++(Pass ? Total.Passed : Total.Failed);
}

} // namespace stencilcc_stage_check
)sccStage";

} // namespace stage
} // namespace stencilcc

#endif
