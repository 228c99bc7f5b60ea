//===- Support/CxxKeywords.cpp - Names C allows and C++ reserves ----------===//
#include "stencilcc/Support/CxxKeywords.h"

namespace stencilcc {

bool isCxxKeyword(std::string_view Name) {
  static const char *const Keywords[] = {
      "alignas",     "alignof",     "and",          "and_eq",
      "bitand",      "bitor",       "bool",         "catch",
      "char8_t",     "char16_t",    "char32_t",     "class",
      "compl",       "concept",     "consteval",    "constexpr",
      "constinit",   "const_cast",  "co_await",     "co_return",
      "co_yield",    "decltype",    "delete",       "dynamic_cast",
      "explicit",    "export",      "false",        "friend",
      "mutable",     "namespace",   "new",          "noexcept",
      "not",         "not_eq",      "nullptr",      "operator",
      "or",          "or_eq",       "private",      "protected",
      "public",      "reinterpret_cast", "requires", "static_assert",
      "static_cast", "template",    "this",         "thread_local",
      "throw",       "true",        "try",          "typeid",
      "typename",    "using",       "virtual",      "wchar_t",
      "xor",         "xor_eq"};
  for (const char *K : Keywords)
    if (Name == K)
      return true;
  return false;
}

} // namespace stencilcc
