#!/bin/sh
# libFuzzer targets (`make fuzz`): content loading, form decoding, request
# routing, signature path data and a participant's store file given to
# `import`. The modules are built instrumented with
# -sanitize=fuzzer,address; each target runs FUZZ_SECONDS from seeds of real inputs.
set -eu

BUILD=.build/fuzz
SECONDS_EACH=${FUZZ_SECONDS:-60}
# The package is built with ASan and the coverage libFuzzer reads, but not
# with -sanitize=fuzzer itself: that would link libFuzzer's main into the
# build plugin's tool too. Each fuzz target below links libFuzzer.
swift build --build-path "$BUILD" -Xswiftc -sanitize=address \
    -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table --target Commands >/dev/null
# Every library module the commands are made of; not the programs, whose main would clash with libFuzzer's.
modules="Support Markup BuiltInAssets CareModel CICUShim Words StudyModel StudyTemplate CareStore Content Feed HTTP
    CMicroHTTPDShim Pages Assets Export Site Demo Server Commands"
objects=$(for module in $modules; do find "$BUILD/debug/$module.build" -name '*.o'; done)
status=0
for target in FormData FrontMatter Routing Signature StoreFile; do
    swiftc -sanitize=fuzzer,address -parse-as-library "Tools/Fuzz/$target.swift" -o "$BUILD/fuzz-$target" \
        -I "$BUILD/debug/Modules" -I Sources/CSQLite -I Sources/CCmark -I Sources/CYAML -I Sources/CMicroHTTPD \
        -I Sources/CCrypto -I Sources/CICU -I "$BUILD/debug/CMicroHTTPDShim.build" -I Sources/CMicroHTTPDShim/include \
        -I "$BUILD/debug/CICUShim.build" -I Sources/CICUShim/include \
        $objects -lsqlite3 -lcmark -lyaml -lmicrohttpd -lcrypto -licui18n -licuuc 2>&1 | grep -v "Cannot export local symbol" || true
    mkdir -p "$BUILD/corpus/$target" "$BUILD/crashes/$target"
    echo "Fuzzing $target for $SECONDS_EACH s"
    if ! ASAN_OPTIONS=detect_leaks=0 "$BUILD/fuzz-$target" -max_total_time="$SECONDS_EACH" -timeout=10 -rss_limit_mb=4096 \
        -artifact_prefix="$BUILD/crashes/$target/" -print_final_stats=1 \
        "$BUILD/corpus/$target" "Tools/Fuzz/seeds/$target" 2>"$BUILD/fuzz-$target.log"; then
        echo "  $target found a problem: see $BUILD/fuzz-$target.log and $BUILD/crashes/$target/"
        status=1
    fi
    grep -E "stat::number_of_executed_units|stat::peak_rss_mb" "$BUILD/fuzz-$target.log" | sed 's/^/  /'
done
exit $status
