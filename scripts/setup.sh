#!/usr/bin/env bash
# One-command setup on Debian 12: installs every package stencilcc needs,
# configures and builds it, then runs it on an example stencil.
#
#   scripts/setup.sh            # everything
#   scripts/setup.sh --no-example
set -euo pipefail
cd "$(dirname "$0")/.."

PACKAGES=(clang-16 libclang-16-dev libclang-cpp16-dev libclang-common-16-dev
          llvm-16-dev llvm-16-tools libisl-dev libgmp-dev libgtest-dev
          libgmock-dev cmake ninja-build pkg-config python3)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" \
    || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "== installing: ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

BUILD_DIR=${BUILD_DIR:-build}
echo "== configuring and building in $BUILD_DIR"
cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release
cmake --build "$BUILD_DIR"

if [ "${1:-}" != "--no-example" ]; then
  echo "== stencilcc --analyze examples/j2d5pt.c"
  "$BUILD_DIR/tools/stencilcc/stencilcc" --analyze examples/j2d5pt.c
fi
