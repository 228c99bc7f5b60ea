#!/usr/bin/env bash
# readme-example.sh STENCILCC SOURCE_DIR WORK_DIR: runs README.md's worked
# example as it is written there, so that the README cannot drift.
#
# The README marks its blocks with HTML comments: the fenced block after
# `<!-- worked-example: run -->` is run with bash (set -e) in WORK_DIR, where
# build/tools/stencilcc/stencilcc, examples/ and include/ are this build's
# and this source tree's; the block after `<!-- worked-example: output -->`
# is what the run block before it must print, exactly. A line that starts
# with nvcc runs only where nvcc is installed. A line whose comment says
# `the same checksum` must print two equal lines. Exits 1 on any
# difference, with the README's line and what came out instead.
set -uo pipefail
STENCILCC=$1 SRC=$2 WORK=$3
rm -rf "$WORK" && mkdir -p "$WORK/build/tools/stencilcc"
ln -s "$(realpath "$STENCILCC")" "$WORK/build/tools/stencilcc/stencilcc"
ln -s "$SRC/examples" "$WORK/examples"
ln -s "$SRC/include" "$WORK/include"
[[ -d /usr/local/cuda/bin ]] && PATH=/usr/local/cuda/bin:$PATH

# The marked blocks: WORK/block-<k>.<run|output>, in README order.
awk -v dir="$WORK" '
  /^<!-- worked-example: (run|output) -->$/ { kind = $3; next }
  kind != "" && /^```/ && !inside { inside = 1; k++; file = dir "/block-" k "." kind; printf "" > file; next }
  inside && /^```$/ { inside = 0; kind = ""; close(file); next }
  inside { print > file }
' "$SRC/README.md"
blocks=$(ls "$WORK"/block-*.* 2>/dev/null | sort -t- -k2 -n)
[[ -n $blocks ]] || { echo "README.md has no worked-example blocks" >&2; exit 1; }

status=0 last_output=
cd "$WORK"
for b in $blocks; do
  case $b in
    *.run)
      : >"$b.stdout"
      while IFS= read -r line; do
        [[ -z $line ]] && continue
        if [[ $line == nvcc* ]] && ! command -v nvcc >/dev/null; then
          echo "skipped (no nvcc): $line"
          continue
        fi
        echo "\$ $line"
        if ! out=$(bash -c "set -e; $line" 2>&1); then
          echo "FAIL: README.md's command failed: $line"; echo "$out" | sed 's/^/    /'
          status=1
          continue
        fi
        printf '%s' "$out${out:+$'\n'}" >>"$b.stdout"
        printf '%s' "$out${out:+$'\n'}" | sed 's/^/    /'
        if [[ $line == *"the same checksum"* ]]; then
          if [[ $(printf '%s\n' "$out" | wc -l) -ne 2 || $(printf '%s\n' "$out" | sort -u | wc -l) -ne 1 ]]; then
            echo "FAIL: '$line' should print two equal lines"
            status=1
          fi
        fi
      done <"$b"
      last_output=$b.stdout ;;
    *.output)
      if [[ -z $last_output ]]; then
        echo "FAIL: an output block with no run block before it"; status=1; continue
      fi
      if ! diff -u "$b" "$last_output" >"$b.diff"; then
        echo "FAIL: README.md's example output differs from what the commands print:"
        cat "$b.diff"; status=1
      else
        echo "output as README.md shows it ($(wc -l <"$b") lines)"
      fi ;;
  esac
done
[[ $status == 0 ]] && echo "README.md's worked example: as written" 
exit $status
