// The headers every emulated self-check program includes, precompiled once
// per run of run-selfchecks.sh: the emulation header (Boost.Context) and the
// standard headers of the self-check runtime take about 60% of the host
// compiler's time on a typical program at -O0. The programs still include
// them themselves; their include guards make that free.
#include "stencilcc/Runtime/CudaEmulation.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <map>
#include <string>
#include <vector>
