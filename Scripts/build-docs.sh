#!/usr/bin/env bash
# Builds the DocC catalogs of the four library targets — Redux, ReduxClocks, ReduxDevTools,
# ReduxTesting — with the toolchain's own docc, warnings as errors (no plugin needed). Each catalog
# is written to .build/docs/<Module>, with its pages under /documentation/<module>.
set -euo pipefail
cd "$(dirname "$0")/.."

modules=(Redux ReduxClocks ReduxDevTools ReduxTesting)

# An ordinary debug build (the same settings as `swift build`, so nothing is recompiled for the
# docs); building ReduxTesting builds the other three, its dependencies.
swift build --target ReduxTesting
bin=$(swift build --show-bin-path)
modules_dir="$bin/Modules"
[ -d "$modules_dir" ] || modules_dir="$bin"
triple=$(swiftc -print-target-info | sed -n 's/^ *"triple": "\(.*\)",$/\1/p' | head -n 1)
# On macOS the host triple names the SDK's default deployment target, which may be older than
# the package's macOS 15: ask for that one, as the build did.
if [ "$(uname -s)" = Darwin ]; then triple="$(uname -m | sed 's/^aarch64$/arm64/')-apple-macosx15.0"; fi

rm -rf .build/docs .build/symbols
mkdir -p .build/docs
for module in "${modules[@]}"; do
  # The symbol graph is read from the built module. swift-symbolgraph-extract writes the
  # module's own symbols only — not those of the modules it re-exports, as the compiler's
  # -emit-symbol-graph does (ReduxTesting re-exports Redux, ReduxClocks and ReduxDevTools, whose
  # symbols would then be documented twice, and their doc comments' links checked against the
  # wrong catalog).
  graphs=".build/symbols/$module"
  mkdir -p "$graphs"
  swift-symbolgraph-extract -module-name "$module" -target "$triple" -I "$modules_dir" \
    -minimum-access-level public -output-dir "$graphs"
  docc convert "Sources/$module/$module.docc" \
    --additional-symbol-graph-dir "$graphs" \
    --output-path ".build/docs/$module" \
    --warnings-as-errors
done
echo "docs written to .build/docs/{$(IFS=,; echo "${modules[*]}")}"
