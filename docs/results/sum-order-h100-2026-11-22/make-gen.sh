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
box2d2r float tuned
box2d2r float value --bt=4 --bs=256 --sl=512 --exchange=cached --ns=0 --opt=assoc --blocks-per-sm=1 --sum-order=value
box2d3r float tuned
box2d3r float value --bt=3 --bs=256 --sl=512 --exchange=cached --ns=0 --opt=assoc --blocks-per-sm=1 --sum-order=value
box2d4r float tuned
box2d4r float value --bt=1 --bs=512 --sl=1024 --exchange=cached --ns=0 --opt=assoc --async-copy=4 --blocks-per-sm=1 --sum-order=value
j2d9pt-gol float tuned
j2d9pt-gol float value --bt=6 --bs=256 --sl=512 --exchange=cached --ns=0 --opt=assoc --async-copy=4 --blocks-per-sm=2 --sum-order=value
box2d2r double tuned
box2d2r double value --bt=3 --bs=256 --sl=512 --exchange=cached --ns=0 --opt=assoc --async-copy=4 --blocks-per-sm=1 --sum-order=value
box2d3r double tuned
box2d3r double value --bt=1 --bs=256 --sl=512 --exchange=cached --ns=0 --opt=assoc --async-copy=4 --blocks-per-sm=1 --sum-order=value
box2d4r double tuned
box2d4r double value --bt=1 --bs=256 --sl=512 --exchange=cached --ns=0 --opt=assoc --async-copy=4 --blocks-per-sm=1 --sum-order=value
j2d9pt-gol double tuned
j2d9pt-gol double value --bt=5 --bs=256 --sl=512 --exchange=cached --ns=0 --opt=assoc --async-copy=4 --blocks-per-sm=1 --sum-order=value
box3d1r float tuned
box3d1r float value --bt=2 --bs=16x32 --rows-per-thread=2 --sl=128 --exchange=cached --ns=0 --opt=assoc --blocks-per-sm=1 --sum-order=value
j3d27pt float tuned
j3d27pt float value --bt=2 --bs=16x32 --rows-per-thread=2 --sl=128 --exchange=cached --ns=0 --opt=assoc --blocks-per-sm=1 --sum-order=value
box3d1r double tuned
box3d1r double value --bt=2 --bs=32x32 --rows-per-thread=2 --sl=128 --exchange=cached --ns=0 --opt=assoc --async-copy=4 --blocks-per-sm=1 --sum-order=value
j3d27pt double tuned
j3d27pt double value --bt=2 --bs=16x16 --sl=128 --exchange=cached --ns=0 --opt=assoc --async-copy=4 --blocks-per-sm=1 --sum-order=value
box3d2r float tuned
box3d2r float assocp --opt=assoc --bt=1 --bs=16x32
box3d2r float assocv --opt=assoc --bt=1 --bs=16x32 --sum-order=value
box3d2r double tuned
box3d2r double assocp --opt=assoc --bt=1 --bs=16x32
box3d2r double assocv --opt=assoc --bt=1 --bs=16x32 --sum-order=value
box3d3r float tuned
box3d3r float assocp --opt=assoc --bt=1 --bs=16x32
box3d3r float assocv --opt=assoc --bt=1 --bs=16x32 --sum-order=value
box3d1r float r2bt3p --opt=assoc --bt=3 --bs=32x32 --rows-per-thread=2
box3d1r float r2bt3v --opt=assoc --bt=3 --bs=32x32 --rows-per-thread=2 --sum-order=value
j3d27pt float r2bt2wp --opt=assoc --bt=2 --bs=32x32 --rows-per-thread=2
j3d27pt float r2bt2wv --opt=assoc --bt=2 --bs=32x32 --rows-per-thread=2 --sum-order=value
LIST
wc -l benchmarks/gen/manifest.txt
