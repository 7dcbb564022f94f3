#!/usr/bin/env bash
# Builds the DocC catalog with the toolchain's own docc, warnings as errors (no plugin needed).
set -euo pipefail
cd "$(dirname "$0")/.."
# The symbol graphs are kept between runs: SwiftPM re-emits them only when it recompiles the
# module, so deleting them before an up-to-date build would leave DocC without any symbol.
rm -rf .build/docs
mkdir -p .build/symbols
swift build --target Redux -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc .build/symbols
docc convert Sources/Redux/Redux.docc \
  --additional-symbol-graph-dir .build/symbols \
  --output-path .build/docs \
  --warnings-as-errors
echo "docs written to .build/docs"
