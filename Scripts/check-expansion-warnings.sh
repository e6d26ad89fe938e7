#!/usr/bin/env bash
# No expansion of @JSONCodable warns: the macro tests' models use every
# option and shape of the macro, and this type-checks them in Swift 6 mode
# with warnings as errors, against the debug build that `swift build
# --build-tests` (or `swift test`) made. It is a script, not a setting of the
# test target, because Package.swift takes no unsafe flags (DESIGN.md).
set -euo pipefail
cd "$(dirname "$0")/.."
bin="$(swift build --show-bin-path)"
plugin="$bin/PeregrineMacrosPlugin-tool"
[ -x "$plugin" ] || { echo "no debug build of the macro in $bin: run swift build --build-tests first"; exit 2; }
swiftc -typecheck -swift-version 6 -warnings-as-errors -parse-as-library -module-name PeregrineMacrosTests \
    -I "$bin/Modules" -I Sources/CZlib \
    -Xfrontend -load-plugin-executable -Xfrontend "$plugin#PeregrineMacrosPlugin" \
    Tests/PeregrineMacrosTests/*.swift
echo "the macro's expansions in Tests/PeregrineMacrosTests type-check without a warning"
