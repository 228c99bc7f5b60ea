//===- Emitter/TuningRunner.h - The GPU half of --tune ----------*- C++ -*-===//
//
// The shell script `--tune-emit DIR` writes as DIR/run.sh: it builds the
// candidate programs with nvcc (pruning variants by their bases' ptxas
// reports), times them on the GPU, checks the fastest against the CPU
// reference and writes DIR/results.tsv. It needs no stencilcc, so it runs
// on GPU nodes that lack Clang. The text is kernels-templates/
// tune-runner.sh.in, embedded at build time.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_EMITTER_TUNINGRUNNER_H
#define STENCILCC_EMITTER_TUNINGRUNNER_H

namespace stencilcc {

const char *tuningRunnerScript();

} // namespace stencilcc

#endif
