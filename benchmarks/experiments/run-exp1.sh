# Builds and runs the warp-register prototype on the device machine; logs under $OUT.
#   bash benchmarks/experiments/run-exp1.sh          # every configuration
#   QUICK=1 bash benchmarks/experiments/run-exp1.sh  # the best float one only
set -e
cd "$(dirname "$0")"
nvcc -O3 -std=c++20 -arch=sm_90 -Xptxas -v warp-register-2d.cu -o /tmp/wr > "$OUT/wr-compile.txt" 2>&1
/tmp/wr 16384 1000 ${QUICK:+quick} | tee "$OUT/wr.txt"
