# Reads a stencilcc output file and prints, for each blocked kernel and each
# of its phases, how many columns the phase has and how many
# `__syncthreads();` each column holds:
#   <kernel suffix> <phase>: <n> columns x <k> barriers      (all columns alike)
#   <kernel suffix> <phase>: <n> columns, barriers <k1> <k2> ...  (otherwise)
# e.g. "bt2 inner: 10 columns x 1 barriers", after a line
#   <kernel suffix> unrolled <U>x
# taken from the kernel's comment. Phases: head, interior, sides, inner, tail. A column is the text from a
# "{ // column" line to the next column or phase marker; barriers outside
# columns (the one after zeroing the exchange planes) are not counted.
function flush_column() {
  if (incol) { counts[ncols++] = bars; incol = 0 }
}
function flush_phase(   i, same, list) {
  flush_column()
  if (phase != "" && ncols > 0) {
    same = 1
    list = ""
    for (i = 0; i < ncols; i++) {
      if (counts[i] != counts[0]) same = 0
      list = list " " counts[i]
    }
    if (same)
      printf "%s %s: %d columns x %d barriers\n", kernel, phase, ncols, counts[0]
    else
      printf "%s %s: %d columns, barriers%s\n", kernel, phase, ncols, list
  }
  phase = ""
  ncols = 0
}
/^\/\/ .* steady state unrolled [0-9]+x\.$/ {
  unroll = $0
  sub(/.*unrolled /, "", unroll)
  sub(/x\.$/, "", unroll)
  next
}
/^[A-Za-z_0-9]+_(bt[0-9]+)\(/ {
  flush_phase()
  kernel = $0
  sub(/\(.*/, "", kernel)
  sub(/.*_/, "", kernel)
  printf "%s unrolled %sx\n", kernel, unroll
  next
}
/^}/ { flush_phase(); kernel = ""; next }
kernel == "" { next }
/\/\/ Head:/ { flush_phase(); phase = "head"; next }
/\/\/ Inner:/ { flush_phase(); phase = "inner"; next }
/\/\/ Interior:/ { flush_phase(); phase = "interior"; next }
/\/\/ Sides:/ { flush_phase(); phase = "sides"; next }
/\/\/ Tail:/ { flush_phase(); phase = "tail"; next }
/\{ \/\/ column / { flush_column(); incol = 1; bars = 0; next }
/__syncthreads\(\);/ { if (incol) bars++ }
END { flush_phase() }
