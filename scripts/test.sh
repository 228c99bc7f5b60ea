#!/usr/bin/env bash
# Runs every test (unit tests with GoogleTest, output tests with lit and
# FileCheck), after making sure dependencies are installed and the build is
# current. CI runs exactly this.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --no-example
BUILD_DIR=${BUILD_DIR:-build}
ctest --test-dir "$BUILD_DIR" --output-on-failure -j "$(nproc)"
