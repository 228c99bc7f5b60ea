//===- Frontend/FlatSubscript.cpp - Grids flattened by hand --------------===//
//
// C codes often keep a grid in a plain pointer and compute the cell's
// position themselves: `u[i * n + j]`, `u[(k * ny + j) * nx + i]`,
// `u[idx - n]` with `int idx = i * n + j;`, `u[i * (n + 2) + j]` for a
// padded row, `u[i * N + j]` with a macro N. Such a subscript is a
// polynomial in the loop variables and the integer parameters; the
// coefficients of the loop variables are the strides of the grid's
// dimensions (1, n, n * ny, ...), each the one before it times an extent.
// Split along those strides, the subscript is one affine index per
// dimension, and the array is the grid of those extents (its first extent
// taken from the accesses, as for `A[]`). The split is what C computes only
// while every inner index stays inside its extent (`j + 1 < n`); the stage
// analysis checks that as it checks any access against its array's extents
// (an error where it never holds, a run-time check where it holds for some
// sizes only).
//
//===----------------------------------------------------------------------===//
#include "RegionExtractor.h"

#include <algorithm>
#include <numeric>

namespace stencilcc {

using clang::BinaryOperatorKind;
using clang::DeclRefExpr;
using clang::UnaryOperator;
using llvm::dyn_cast;

namespace {

Polynomial constantPolynomial(int64_t C) {
  Polynomial P;
  if (C)
    P[{}] = C;
  return P;
}

Polynomial operator+(Polynomial A, const Polynomial &B) {
  for (const auto &[M, C] : B)
    if ((A[M] += C) == 0)
      A.erase(M);
  return A;
}

Polynomial scaled(const Polynomial &A, int64_t K) {
  Polynomial R;
  if (K)
    for (const auto &[M, C] : A)
      R[M] = C * K;
  return R;
}

Polynomial operator*(const Polynomial &A, const Polynomial &B) {
  Polynomial R;
  for (const auto &[MA, CA] : A)
    for (const auto &[MB, CB] : B) {
      Monomial M = MA;
      M.insert(M.end(), MB.begin(), MB.end());
      std::sort(M.begin(), M.end());
      R = R + Polynomial{{M, CA * CB}};
    }
  return R;
}

size_t degree(const Polynomial &P) {
  size_t D = 0;
  for (const auto &[M, C] : P)
    D = std::max(D, M.size());
  return D;
}

bool isConstant(const Polynomial &P) { return degree(P) == 0; }

int64_t constantOf(const Polynomial &P) {
  auto It = P.find({});
  return It == P.end() ? 0 : It->second;
}

/// The monomial that leads \p P: highest degree, then the greatest names.
const Monomial &leading(const Polynomial &P) {
  const Monomial *Best = &P.begin()->first;
  for (const auto &[M, C] : P)
    if (M.size() > Best->size() || (M.size() == Best->size() && M > *Best))
      Best = &M;
  return *Best;
}

/// \p A / \p B where it divides exactly (multivariate division by leading
/// monomials).
std::optional<Polynomial> exactQuotient(Polynomial A, const Polynomial &B) {
  const Monomial &BM = leading(B);
  int64_t BC = B.at(BM);
  Polynomial Q;
  while (!A.empty()) {
    Monomial AM = leading(A);
    int64_t AC = A.at(AM);
    // AM must hold BM's names (with their multiplicities).
    Monomial Rest;
    if (!std::includes(AM.begin(), AM.end(), BM.begin(), BM.end()) ||
        AC % BC != 0)
      return std::nullopt;
    std::set_difference(AM.begin(), AM.end(), BM.begin(), BM.end(),
                        std::back_inserter(Rest));
    Polynomial Term{{Rest, AC / BC}};
    Q = Q + Term;
    A = A + scaled(Term * B, -1);
  }
  return Q;
}

/// \p P's integer content with the sign of its leading coefficient, so
/// that P / content leads with a positive coefficient.
int64_t content(const Polynomial &P) {
  int64_t G = 0;
  for (const auto &[M, C] : P)
    G = std::gcd(G, C);
  return P.at(leading(P)) < 0 ? -G : G;
}

std::optional<AffineExpr> affineOf(const Polynomial &P) {
  AffineExpr E;
  for (const auto &[M, C] : P) {
    if (M.size() > 1)
      return std::nullopt;
    E = E + (M.empty() ? AffineExpr::constant(C) : AffineExpr::symbol(M[0], C));
  }
  return E;
}

Polynomial polynomialOf(const AffineExpr &E) {
  Polynomial P = constantPolynomial(E.constantTerm());
  for (const auto &[Name, C] : E.terms())
    P = P + Polynomial{{Monomial{Name}, C}};
  return P;
}

std::string spell(const Polynomial &P) {
  std::string S;
  for (const auto &[M, C] : P) {
    std::string Term;
    for (const std::string &N : M)
      Term += (Term.empty() ? "" : " * ") + N;
    int64_t A = C < 0 ? -C : C;
    if (Term.empty())
      Term = std::to_string(A);
    else if (A != 1)
      Term = std::to_string(A) + " * " + Term;
    S += S.empty() ? (C < 0 ? "-" + Term : Term)
                   : (C < 0 ? " - " : " + ") + Term;
  }
  return S.empty() ? "0" : S;
}

/// Completes \p Strides (holding 1) from the loop variables' coefficients
/// \p Coeff: with \p Parametric, their primitive parts naming parameters
/// (`n`, `nx * ny`, `n + 2`), else their integer magnitudes (`1024`), in
/// increasing order, each the one before it times an affine extent. The
/// two strides that are not, where some are not.
std::optional<std::pair<Polynomial, Polynomial>>
chainStrides(const std::map<std::string, Polynomial> &Coeff, bool Parametric,
             std::vector<Polynomial> &Strides) {
  std::vector<Polynomial> Candidates;
  for (const auto &[V, C] : Coeff) {
    if (C.empty())
      continue;
    Polynomial Stride = Parametric
                            ? *exactQuotient(C, constantPolynomial(content(C)))
                            : constantPolynomial(std::llabs(constantOf(C)));
    if (Parametric && isConstant(Stride))
      continue;
    Candidates.push_back(Stride);
  }
  std::sort(Candidates.begin(), Candidates.end(),
            [](const Polynomial &A, const Polynomial &B) {
              size_t DA = degree(A), DB = degree(B);
              return DA != DB ? DA < DB : constantOf(A) < constantOf(B);
            });
  for (const Polynomial &C : Candidates) {
    if (C == Strides.back())
      continue;
    std::optional<Polynomial> Extent = exactQuotient(C, Strides.back());
    if (!Extent || !affineOf(*Extent) || isConstant(*Extent) != !Parametric ||
        (!Parametric && constantOf(*Extent) < 2))
      return std::make_pair(Strides.back(), C);
    Strides.push_back(C);
  }
  return std::nullopt;
}

/// Moves the whole strides of \p Rest, outermost first, into the constant
/// offsets of \p Split (one entry per stride, outermost first); what stays
/// in Rest is the innermost offset, or what no stride divides.
void peelOffsets(const std::vector<Polynomial> &Strides, Polynomial &Rest,
                 std::vector<AffineExpr> &Split) {
  size_t Rank = Strides.size();
  for (size_t K = Rank; K-- > 1;) {
    int64_t Digit = 0;
    if (isConstant(Strides[K])) {
      // Integer strides: the offset nearest zero (`- 1`, not `- N + (N-1)`).
      int64_t R = constantOf(Rest), N = constantOf(Strides[K]);
      if (!isConstant(Rest))
        break;
      Digit = (R >= 0 ? R + N / 2 : R - N / 2) / N;
    } else {
      const Monomial &SM = leading(Strides[K]);
      auto It = Rest.find(SM);
      if (It != Rest.end()) {
        int64_t SC = Strides[K].at(SM);
        if (It->second % SC != 0)
          break;
        Digit = It->second / SC;
      }
    }
    Rest = Rest + scaled(Strides[K], -Digit);
    Split[Rank - 1 - K] = Split[Rank - 1 - K] + AffineExpr::constant(Digit);
  }
}

} // namespace

std::optional<Polynomial>
RegionExtractor::expandSubscript(const clang::Expr *E) {
  E = E->IgnoreParens();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
      if (auto It = Temporaries.find(V); It != Temporaries.end())
        return expandSubscript(It->second);
  if (const auto *IC = dyn_cast<clang::ImplicitCastExpr>(E))
    return expandSubscript(IC->getSubExpr());
  if (const auto *CC = dyn_cast<clang::CStyleCastExpr>(E))
    if (CC->getType()->isIntegerType())
      return expandSubscript(CC->getSubExpr());
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    if (UO->getOpcode() == clang::UO_Minus ||
        UO->getOpcode() == clang::UO_Plus) {
      auto Sub = expandSubscript(UO->getSubExpr());
      if (Sub && UO->getOpcode() == clang::UO_Minus)
        return scaled(*Sub, -1);
      return Sub;
    }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    BinaryOperatorKind Op = BO->getOpcode();
    if (Op == clang::BO_Add || Op == clang::BO_Sub || Op == clang::BO_Mul) {
      auto L = expandSubscript(BO->getLHS());
      auto R = L ? expandSubscript(BO->getRHS()) : std::nullopt;
      if (!R)
        return std::nullopt;
      if (Op == clang::BO_Add)
        return *L + *R;
      if (Op == clang::BO_Sub)
        return *L + scaled(*R, -1);
      return *L * *R;
    }
  }
  std::optional<AffineExpr> A = parseAffine(E, /*AllowLoopVars=*/true);
  if (!A)
    return std::nullopt;
  return polynomialOf(*A);
}

bool RegionExtractor::splitFlatSubscript(Subscripts &S) {
  if (S.Indices.size() != 1)
    return true;
  // A plain pointer to scalars, or an array of one dimension.
  clang::QualType T = S.Array->getType();
  if (const auto *PV = dyn_cast<clang::ParmVarDecl>(S.Array))
    T = PV->getOriginalType();
  if (const auto *PT = T->getAs<clang::PointerType>()) {
    if (PT->getPointeeType()->isArrayType())
      return true;
  } else if (const auto *AT = Ctx.getAsArrayType(T)) {
    if (!llvm::isa<clang::ConstantArrayType>(AT) ||
        AT->getElementType()->isArrayType())
      return true;
  } else {
    return true;
  }
  const StencilArray *Known = nullptr;
  auto It = std::find(ArrayVars.begin(), ArrayVars.end(), arrayKey(S.Array));
  if (It != ArrayVars.end())
    Known = &P.Arrays[It - ArrayVars.begin()];
  if (Known && !Known->Flattened)
    return true;

  const clang::Expr *Index = S.Indices[0];
  const clang::Expr *Saved = NonAffine;
  std::optional<Polynomial> Poly = expandSubscript(Index);
  if (!Poly) {
    // Not a polynomial: the subscript's own diagnostics say why, unless the
    // array is known flattened.
    if (!Known) {
      NonAffine = Saved;
      return true;
    }
    return error(ref(NonAffine ? NonAffine : Index),
                 "subscript of '" + S.Array->getName().str() +
                     "' is not a sum of loop variables times strides",
                 "'" + S.Array->getName().str() +
                     "' is a flattened grid: index it as 'i * n + j' plus "
                     "constant offsets");
  }
  // The coefficient of each loop variable, and the rest.
  std::set<std::string> LoopNames;
  for (const VarDecl *V : LoopVars)
    if (V)
      LoopNames.insert(V->getName().str());
  std::map<std::string, Polynomial> Coeff;
  Polynomial Rest;
  for (const auto &[M, C] : *Poly) {
    std::vector<std::string> Vars;
    Monomial Params;
    for (const std::string &N : M)
      (LoopNames.count(N) ? Vars : Params).push_back(N);
    if (Vars.size() > 1)
      return error(ref(Index),
                   "subscript of '" + S.Array->getName().str() +
                       "' multiplies loop variables",
                   "a flattened grid's subscript adds each loop variable "
                   "times its stride: 'i * n + j'");
    if (Vars.empty())
      Rest = Rest + Polynomial{{Params, C}};
    else
      Coeff[Vars[0]] = Coeff[Vars[0]] + Polynomial{{Params, C}};
  }
  bool Parametric = false;
  for (const auto &[V, C] : Coeff)
    Parametric |= !C.empty() && !isConstant(C);
  // Without a stride that names a parameter, only several loop variables
  // make a flattened grid (`a[2 * i]` is a one-dimensional access).
  if (!Known && !Parametric && Coeff.size() <= 1)
    return true;
  if (TimeVar && Coeff.count(TimeVar->getName().str()))
    return error(ref(Index),
                 "flattened subscript of '" + S.Array->getName().str() +
                     "' names the time loop variable",
                 "keep the time levels of a flattened grid in separate "
                 "arrays (B = f(A); A = f(B)), or declare it as a pointer to "
                 "a variable-length array 'float (*A)[n][n]' indexed "
                 "'A[t % 2][i][j]'");

  // The strides, innermost first: 1, then the extents' running products.
  std::vector<Polynomial> Strides{constantPolynomial(1)};
  if (Known) {
    for (size_t D = Known->Extents.size(); D-- > 1;)
      Strides.push_back(Strides.back() * polynomialOf(Known->Extents[D]));
  } else {
    if (std::optional<std::pair<Polynomial, Polynomial>> Gap =
            chainStrides(Coeff, Parametric, Strides))
      return error(ref(Index),
                   "cannot split the flattened subscript of '" +
                       S.Array->getName().str() + "' into dimensions",
                   "the strides '" + spell(Gap->first) + "' and '" +
                       spell(Gap->second) +
                       "' are not one dimension's extent apart; "
                       "index it as '(k * ny + j) * nx + i' or cast it to "
                       "a pointer to a variable-length array");
  }
  // Each loop variable's dimension: the largest stride its coefficient is
  // a whole multiple of.
  size_t Rank = Strides.size();
  if (Rank == 1)
    return true; // `a[i + j]`: one dimension; its subscript says what is wrong
  std::vector<AffineExpr> Split(Rank);
  for (const auto &[V, C] : Coeff) {
    if (C.empty())
      continue;
    bool Placed = false;
    for (size_t K = Rank; K-- > 0 && !Placed;) {
      std::optional<Polynomial> Q = exactQuotient(C, Strides[K]);
      if (Q && isConstant(*Q)) {
        Split[Rank - 1 - K] =
            Split[Rank - 1 - K] + AffineExpr::symbol(V, constantOf(*Q));
        Placed = true;
      }
    }
    if (!Placed)
      return error(
          ref(Index),
          "loop variable '" + V + "' of the flattened subscript of '" +
              S.Array->getName().str() + "' has the stride '" + spell(C) +
              "', which is no dimension's",
          "the strides of its dimensions are " + [&] {
            std::string L;
            for (const Polynomial &P : Strides)
              L += (L.empty() ? "'" : ", '") + spell(P) + "'";
            return L;
          }());
  }
  peelOffsets(Strides, Rest, Split);
  // What is left must be an offset along the innermost dimension, or
  // symbols none of the strides carries.
  std::optional<AffineExpr> Innermost = affineOf(Rest);
  if (!Innermost || (Rank > 1 && [&] {
        for (size_t K = 1; K < Rank; ++K)
          for (const auto &[M, C] : Rest)
            if (!M.empty() && Strides[K].count(M))
              return true;
        return false;
      }()))
    return error(ref(Index),
                 "cannot split the flattened subscript of '" +
                     S.Array->getName().str() + "' into dimensions",
                 "its offset '" + spell(Rest) +
                     "' is not a sum of whole "
                     "strides (" +
                     spell(Strides.back()) + ", ...) and a constant");
  Split[Rank - 1] = Split[Rank - 1] + *Innermost;
  S.FlatIndex = std::move(Split);
  S.FlatExtents.clear();
  for (size_t K = Rank - 1; K-- > 0;)
    S.FlatExtents.push_back(
        *affineOf(*exactQuotient(Strides[K + 1], Strides[K])));
  return true;
}

} // namespace stencilcc
