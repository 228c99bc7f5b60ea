#!/bin/bash
# Writes benchmarks/gen with the rows-per-thread experiment entries.
cd /work/main
S=build/tools/stencilcc/stencilcc
rm -rf benchmarks/gen && mkdir -p benchmarks/gen
: > benchmarks/gen/manifest.txt
add() { # name real planid flags...
  local name=$1 real=$2 planid=$3; shift 3
  read -r _ dims radius _shape flops < <(awk -v n="$name" '$1 == n' benchmarks/stencils/suite.txt)
  local file=benchmarks/gen/${name}_${real}_${planid}.cu
  if $S benchmarks/stencils/$name.c -DREAL=$real -o $file "$@" 2>/tmp/mkrows.err; then
    echo "$name $real $planid $dims $radius $flops kernel_${name//-/_} $file $*" >> benchmarks/gen/manifest.txt
  else echo "REJECTED $name $real $planid $*: $(head -1 /tmp/mkrows.err)"; fi
}
PC="--plan-cache benchmarks/plan-cache.json"
while read -r name real planid flags; do
  [[ -z $name || $name == \#* ]] && continue
  if [[ $planid == tuned ]]; then add $name $real tuned $PC; else add $name $real $planid $flags; fi
done <<'LIST'
star3d1r float tuned
star3d1r float r2bt4 --bt=4 --bs=64x32 --rows-per-thread=2
star3d1r float r2bt4w48 --bt=4 --bs=48x32 --rows-per-thread=2
star3d1r float r2bt4a2 --bt=4 --bs=64x32 --rows-per-thread=2 --async-copy=2
star3d1r float r2bt4a6 --bt=4 --bs=64x32 --rows-per-thread=2 --async-copy=6
star3d1r float r2bt4pf2 --bt=4 --bs=64x32 --rows-per-thread=2 --prefetch=2
star3d1r float r2bt4i0 --bt=4 --bs=64x32 --rows-per-thread=2 --interior-loop=0
star3d1r float r2bt4sl256 --bt=4 --bs=64x32 --sl=256 --rows-per-thread=2
box3d1r float tuned
box3d1r float r2bt2s --opt=assoc --bt=2 --bs=16x32 --rows-per-thread=2
box3d1r float r2bt2sa --opt=assoc --bt=2 --bs=16x32 --rows-per-thread=2 --async-copy=4
box3d1r float r2bt2m --opt=assoc --bt=2 --bs=24x32 --rows-per-thread=2
box3d1r float r2bt2ma --opt=assoc --bt=2 --bs=24x32 --rows-per-thread=2 --async-copy=4
box3d1r float r2bt2a --opt=assoc --bt=2 --bs=32x32 --rows-per-thread=2 --async-copy=4
box3d1r float r2bt2s1 --opt=assoc --bt=2 --bs=16x32 --rows-per-thread=2 --blocks-per-sm=1
j3d27pt float tuned
j3d27pt float r2bt2s --opt=assoc --bt=2 --bs=16x32 --rows-per-thread=2
j3d27pt float r2bt2sa --opt=assoc --bt=2 --bs=16x32 --rows-per-thread=2 --async-copy=4
j3d27pt float r2bt2a --opt=assoc --bt=2 --bs=32x32 --rows-per-thread=2 --async-copy=4
j3d27pt float r2bt2m --opt=assoc --bt=2 --bs=24x32 --rows-per-thread=2
j3d27pt float r2bt2ma --opt=assoc --bt=2 --bs=24x32 --rows-per-thread=2 --async-copy=4
j3d27pt float r2bt3sa --opt=assoc --bt=3 --bs=16x32 --rows-per-thread=2 --async-copy=4
star3d2r float tuned
star3d2r float r2bt2 --bt=2 --bs=64x32 --rows-per-thread=2
star3d2r float r2bt3 --bt=3 --bs=64x32 --rows-per-thread=2
star3d2r float r2bt2n --bt=2 --bs=32x32 --rows-per-thread=2
box3d1r double tuned
box3d1r double r2bt2a --opt=assoc --bt=2 --bs=32x32 --rows-per-thread=2 --async-copy=4
box3d1r double r2bt2sa --opt=assoc --bt=2 --bs=16x32 --rows-per-thread=2 --async-copy=4
box3d1r double r2bt2ma --opt=assoc --bt=2 --bs=24x32 --rows-per-thread=2 --async-copy=4
box3d1r double r2bt2a2 --opt=assoc --bt=2 --bs=32x32 --rows-per-thread=2 --async-copy=2
LIST
wc -l benchmarks/gen/manifest.txt
