//===- lib/Emitter/TuningRunner.cpp - The GPU half of --tune --------------===//
#include "stencilcc/Emitter/TuningRunner.h"

namespace stencilcc {
namespace {
#include "KernelTemplates.inc"
} // namespace

const char *tuningRunnerScript() { return TuneRunnerTemplate; }

} // namespace stencilcc
