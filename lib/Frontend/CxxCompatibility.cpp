//===- Frontend/CxxCompatibility.cpp - C the CUDA compiler rejects --------===//
#include "stencilcc/Frontend/CxxCompatibility.h"
#include "stencilcc/Support/CxxKeywords.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>
#include <map>
#include <set>

using namespace clang;

namespace stencilcc {
namespace {

class Finder : public RecursiveASTVisitor<Finder> {
public:
  Finder(ASTContext &Ctx,
         const std::vector<std::pair<SourceLocation, SourceLocation>> &Regions)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), LO(Ctx.getLangOpts()),
        Policy(Ctx.getPrintingPolicy()) {
    Policy.Bool = true; // `bool`, not `_Bool`
    for (const auto &[B, E] : Regions)
      if (inMainFile(B) && inMainFile(E))
        RegionOffsets.push_back({SM.getFileOffset(B), SM.getFileOffset(E)});
  }

  std::map<unsigned, SourceEdit> Edits; // by Begin
  std::vector<std::pair<SourceLocation, std::string>> KeywordsInRegions;

  /// An argument for a variable-length-array parameter. The emitter
  /// rewrites such a parameter of a region's function into a pointer to
  /// the element type (CUDA C++ has no run-time extents in parameters; the
  /// parameter's own extents could not be named here anyway): an argument
  /// of another pointer type gets a cast to it. Other functions' such
  /// parameters become `void *` (VisitFunctionDecl), which takes any
  /// object pointer as it is.
  bool VisitCallExpr(CallExpr *E) {
    const FunctionDecl *Callee = E->getDirectCallee();
    bool ToRegion = Callee && isRegionFunction(Callee);
    for (unsigned I = 0; I < E->getNumArgs(); ++I) {
      Expr *A = E->getArg(I);
      const ParmVarDecl *Param =
          Callee && I < Callee->getNumParams() ? Callee->getParamDecl(I)
                                               : nullptr;
      if (auto *ICE = dyn_cast<ImplicitCastExpr>(A))
        if (ICE->getType()->isVariablyModifiedType())
          Handled.insert(ICE);
      if (!Param || !Param->getType()->isVariablyModifiedType() ||
          !Param->getType()->isPointerType())
        continue;
      // Parentheses stay inside the cast: a macro's `(*x)` is cast whole.
      const Expr *Arg = A->IgnoreImpCasts();
      QualType Element = elementOf(Param->getType());
      QualType ArgType = A->IgnoreParenImpCasts()->getType();
      if (ArgType->isArrayType())
        ArgType = Ctx.getArrayDecayedType(ArgType);
      bool VoidArg = ArgType->isVoidPointerType();
      // A region's function takes the element pointer; another function
      // takes `void *`, which needs no cast.
      if (VoidArg || (ToRegion && ArgType->isPointerType() &&
                      ArgType->getPointeeType()->isArrayType()))
        castTo(Arg, Ctx.getPointerType(Element));
    }
    return true;
  }

  /// A variable-length-array parameter of a function without a region
  /// (PolyBench's init_array and print_array with POLYBENCH_USE_C99_PROTO,
  /// often spelled through macros): `void *`, and the array pointer
  /// declared on entry, as the emitter does for a region's function.
  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (!inMainFile(FD->getLocation()) || isRegionFunction(FD))
      return true;
    std::string Entry;
    for (const ParmVarDecl *PVD : FD->parameters()) {
      QualType T = PVD->getType();
      if (!T->isVariablyModifiedType() || !T->isPointerType())
        continue;
      std::optional<std::pair<unsigned, unsigned>> R =
          fileRange(PVD->getSourceRange());
      if (!R)
        continue;
      std::string Name = PVD->getName().str();
      std::string Raw = Name.empty() ? "" : "stencilcc_" + Name + "_data";
      // `const void *` where the elements are const: callers may pass
      // pointers to const.
      bool Const = elementOf(T).isConstQualified();
      add(R->first, R->second, (Const ? "const void *" : "void *") + Raw);
      if (!Name.empty()) {
        std::string Declarator, Type = T.getAsString(Policy);
        llvm::raw_string_ostream OS(Declarator);
        T.print(OS, Policy, Name);
        Entry += "\n  " + OS.str() + " = (" + Type + ")" + Raw +
                 "; /* stencilcc: CUDA C++ has no run-time extents in "
                 "parameters */";
      }
    }
    const auto *Body = dyn_cast_or_null<CompoundStmt>(
        FD->doesThisDeclarationHaveABody() ? FD->getBody() : nullptr);
    if (!Entry.empty() && Body && inMainFile(Body->getLBracLoc())) {
      unsigned Open = SM.getFileOffset(Body->getLBracLoc()) + 1;
      add(Open, Open, Entry);
    }
    return true;
  }

  bool VisitImplicitCastExpr(ImplicitCastExpr *E) {
    if (Handled.count(E))
      return true;
    QualType To = E->getType();
    const Expr *Sub = E->getSubExpr();
    QualType From = Sub->getType();
    bool Cast = false;
    if (E->getCastKind() == CK_BitCast && From->isVoidPointerType() &&
        To->isPointerType() && !To->isVoidPointerType())
      Cast = true; // C converts `void *` implicitly; C++ does not
    if (E->getCastKind() == CK_IntegralCast && To->isEnumeralType() &&
        !From->isEnumeralType() && !isConstantOf(Sub, To))
      Cast = true; // nor an integer to an enumeration
    if (!Cast)
      return true;
    castTo(Sub, To);
    return true;
  }

  /// `restrict` in a declaration: `__restrict__`, which nvcc knows.
  bool VisitVarDecl(VarDecl *D) { return restrictTokens(D->getSourceRange()); }
  bool VisitFieldDecl(FieldDecl *D) {
    return restrictTokens(D->getSourceRange());
  }
  bool VisitTypedefNameDecl(TypedefNameDecl *D) {
    return restrictTokens(D->getSourceRange());
  }

  /// A declaration named by a C++ keyword, and every use of it.
  bool VisitNamedDecl(NamedDecl *D) {
    IdentifierInfo *II = D->getIdentifier();
    if (!II || !isCxxKeyword(II->getName()))
      return true;
    if (!inMainFile(D->getLocation()))
      return true;
    rename(D, D->getLocation());
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    return renameUse(E->getDecl(), E->getLocation());
  }
  bool VisitMemberExpr(MemberExpr *E) {
    return renameUse(E->getMemberDecl(), E->getMemberLoc());
  }
  bool VisitTagTypeLoc(TagTypeLoc TL) {
    return renameUse(TL.getDecl(), TL.getNameLoc());
  }
  bool VisitTypedefTypeLoc(TypedefTypeLoc TL) {
    return renameUse(TL.getTypedefNameDecl(), TL.getNameLoc());
  }

  /// A struct's designated initializers out of member order, in order.
  bool VisitInitListExpr(InitListExpr *E) {
    InitListExpr *Syn = E->isSemanticForm() && E->getSyntacticForm()
                            ? E->getSyntacticForm()
                            : E;
    const RecordType *RT = E->getType()->getAs<RecordType>();
    if (!RT || RT->getDecl()->isUnion() || Syn->getNumInits() < 2)
      return true;
    std::vector<std::pair<unsigned, std::pair<unsigned, unsigned>>> Items;
    for (Expr *I : Syn->inits()) {
      auto *D = dyn_cast_or_null<DesignatedInitExpr>(I);
      if (!D || D->size() != 1 || !D->getDesignator(0)->isFieldDesignator())
        return true;
      const FieldDecl *F = D->getDesignator(0)->getField();
      std::optional<std::pair<unsigned, unsigned>> R =
          fileRange(D->getSourceRange());
      if (!F || !R)
        return true;
      Items.push_back({F->getFieldIndex(), *R});
    }
    auto ByField = [](const auto &A, const auto &B) { return A.first < B.first; };
    if (std::is_sorted(Items.begin(), Items.end(), ByField))
      return true;
    unsigned Begin = Items.front().second.first,
             End = Items.back().second.second;
    StringRef Buffer = SM.getBufferData(SM.getMainFileID());
    std::stable_sort(Items.begin(), Items.end(), ByField);
    for (size_t K = 1; K < Items.size(); ++K)
      if (Items[K].first == Items[K - 1].first)
        return true; // a member given twice: leave it to the compiler
    std::string Text;
    for (const auto &[Field, R] : Items)
      Text += (Text.empty() ? "" : ", ") +
              Buffer.substr(R.first, R.second - R.first).str();
    add(Begin, End, Text);
    return true;
  }

private:
  ASTContext &Ctx;
  const SourceManager &SM;
  const LangOptions &LO;
  PrintingPolicy Policy;
  std::map<const Decl *, std::string> NewNames;

  std::set<const ImplicitCastExpr *> Handled;
  std::vector<std::pair<unsigned, unsigned>> RegionOffsets;
  std::set<std::string> ReportedNames;

  /// Whether \p FD's definition holds a region (the emitter rewrites its
  /// parameters).
  bool isRegionFunction(const FunctionDecl *FD) const {
    const FunctionDecl *Def = FD->getDefinition();
    if (!Def || !Def->getBody())
      return false;
    std::optional<std::pair<unsigned, unsigned>> R =
        fileRange(Def->getBody()->getSourceRange());
    if (!R)
      return false;
    for (const auto &[B, E] : RegionOffsets)
      if (B >= R->first && B < R->second)
        return true;
    return false;
  }

  /// The element type of an array pointer (`double` of `double (*)[n]`).
  QualType elementOf(QualType T) const {
    for (;;) {
      if (T->isPointerType())
        T = T->getPointeeType();
      else if (const ArrayType *A = Ctx.getAsArrayType(T))
        T = A->getElementType(); // with its qualifiers
      else
        return T;
    }
  }

  /// An explicit cast of \p E to \p To, as the declaration spells it.
  void castTo(const Expr *E, QualType To) {
    std::optional<std::pair<unsigned, unsigned>> R =
        fileRange(E->getSourceRange());
    if (!R)
      return;
    std::string Type = To.getUnqualifiedType().getAsString(Policy);
    add(R->first, R->first, "(" + Type + ")(");
    add(R->second, R->second, ")", /*Closing=*/true);
  }

  bool inMainFile(SourceLocation L) const {
    return L.isValid() && L.isFileID() && SM.isInMainFile(L);
  }

  /// The byte range of \p R in the main file, where it is all there (not
  /// in a macro's definition).
  std::optional<std::pair<unsigned, unsigned>> fileRange(SourceRange R) const {
    CharSourceRange C = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(R), SM, LO);
    if (C.isInvalid() || !inMainFile(C.getBegin()))
      return std::nullopt;
    return std::make_pair(SM.getFileOffset(C.getBegin()),
                          SM.getFileOffset(C.getEnd()));
  }

  /// Whether \p E names a constant of the enumeration \p T (of type \p T
  /// in C++ already).
  bool isConstantOf(const Expr *E, QualType T) const {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
      if (const auto *C = dyn_cast<EnumConstantDecl>(DRE->getDecl()))
        if (const auto *ED = dyn_cast<EnumDecl>(C->getDeclContext()))
          return Ctx.hasSameUnqualifiedType(Ctx.getTypeDeclType(ED), T);
    return false;
  }

  /// Edits at one place combine: openings in the order made (an outer
  /// cast's before an inner one's), closings the other way round, an
  /// insertion before a replacement's text; two replacements keep the
  /// first.
  void add(unsigned Begin, unsigned End, std::string Text,
           bool Closing = false) {
    auto It = Edits.find(Begin);
    if (It == Edits.end()) {
      Edits[Begin] = {Begin, End, std::move(Text)};
      return;
    }
    SourceEdit &E = It->second;
    bool NewInsertion = Begin == End, OldInsertion = E.Begin == E.End;
    if (NewInsertion && OldInsertion)
      E.Text = Closing ? Text + E.Text : E.Text + Text;
    else if (NewInsertion)
      E.Text = Text + E.Text;
    else if (OldInsertion)
      E.End = End, E.Text += Text;
  }

  bool restrictTokens(SourceRange R) {
    std::optional<std::pair<unsigned, unsigned>> Range = fileRange(R);
    if (!Range)
      return true;
    FileID Main = SM.getMainFileID();
    StringRef Buffer = SM.getBufferData(Main);
    Lexer L(SM.getLocForStartOfFile(Main), LO, Buffer.begin(),
            Buffer.begin() + Range->first, Buffer.end());
    Token T;
    while (!L.LexFromRawLexer(T)) {
      unsigned At = SM.getFileOffset(T.getLocation());
      if (At >= Range->second)
        break;
      if (T.is(tok::raw_identifier) && T.getRawIdentifier() == "restrict")
        add(At, At + T.getLength(), "__restrict__");
    }
    return true;
  }

  void rename(const Decl *D, SourceLocation At) {
    unsigned Off = SM.getFileOffset(At);
    for (const auto &[B, E] : RegionOffsets)
      if (Off >= B && Off < E) {
        std::string Name = cast<NamedDecl>(D)->getName().str();
        if (ReportedNames.insert(Name).second)
          KeywordsInRegions.push_back({At, Name});
        return;
      }
    const Decl *Key = D->getCanonicalDecl();
    auto It = NewNames.find(Key);
    if (It == NewNames.end()) {
      std::string Name = cast<NamedDecl>(D)->getName().str() + "_";
      while (Ctx.Idents.find(Name) != Ctx.Idents.end())
        Name += "_";
      It = NewNames.emplace(Key, Name).first;
    }
    add(Off, Off + cast<NamedDecl>(D)->getName().size(), It->second);
  }

  bool renameUse(const Decl *D, SourceLocation At) {
    if (!D || !inMainFile(At))
      return true;
    const auto *ND = dyn_cast<NamedDecl>(D);
    if (!ND || !ND->getIdentifier() || !isCxxKeyword(ND->getName()) ||
        !inMainFile(ND->getLocation()))
      return true;
    rename(D, At);
    return true;
  }
};

} // namespace

std::vector<SourceEdit> cxxCompatibilityEdits(
    ASTContext &Ctx,
    const std::vector<std::pair<SourceLocation, SourceLocation>> &Regions,
    std::vector<std::pair<SourceLocation, std::string>> &KeywordsInRegions) {
  if (Ctx.getLangOpts().CPlusPlus)
    return {};
  Finder F(Ctx, Regions);
  F.TraverseDecl(Ctx.getTranslationUnitDecl());
  KeywordsInRegions = std::move(F.KeywordsInRegions);
  std::vector<SourceEdit> Out;
  for (auto &[Begin, E] : F.Edits) {
    // Edits that overlap keep the first (a reordered initializer list
    // holds its items' text as written).
    if (!Out.empty() && Begin < Out.back().End)
      continue;
    Out.push_back(std::move(E));
  }
  return Out;
}

} // namespace stencilcc
