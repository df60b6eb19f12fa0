#!/bin/sh
# Benchmarks that print figures: the static site of a 200-participant,
# 120-day study, and the server under wrk. Run by `make bench`.
set -eu

CAREFEED=${CAREFEED:-.build/release/carefeed}
WORK=$(mktemp -d)
trap 'kill $SERVER 2>/dev/null || true; rm -rf "$WORK"' EXIT
SERVER=

echo "Machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')"
"$CAREFEED" demo --store "$WORK/care.sqlite" --participants 200 --days 120 --seed 1 --today 2026-11-30 >/dev/null

measure() {
    # wall seconds and peak resident kilobytes of one command
    /usr/bin/time -f "%e %M" -o "$WORK/time" "$@" >"$WORK/out" 2>/dev/null
    cat "$WORK/time"
}

set -- $(measure "$CAREFEED" build --store "$WORK/care.sqlite" --out "$WORK/Site" --today 2026-11-30)
seconds=$1 kilobytes=$2
pages=$(sed -n 's/^\([0-9,]*\) pages.*/\1/p' "$WORK/out" | tr -d ,)
bytes=$(du -sb "$WORK/Site" | cut -f1)
echo "Site, 200 participants x 120 days: $pages pages in $seconds s" \
     "= $(echo "$pages / $seconds" | bc) pages/s, peak $((kilobytes / 1024)) MB, output $((bytes / 1048576)) MB"

set -- $(measure "$CAREFEED" build --store "$WORK/care.sqlite" --out "$WORK/Site" --today 2026-11-30)
echo "Rebuild with nothing changed: $1 s, $(sed -n 's/.*(\([0-9,]*\) files written.*/\1/p' "$WORK/out") files written"

if command -v wrk >/dev/null; then
    "$CAREFEED" serve --store "$WORK/care.sqlite" --participant r001 --port 18499 --today 2026-11-30 >/dev/null 2>&1 &
    SERVER=$!
    sleep 1
    for path in /feed/2026-11-30 /assets/css/carefeed.css; do
        wrk -t2 -c32 -d10s --latency "http://localhost:18499$path" >"$WORK/wrk"
        echo "Server $path at 32 connections: $(awk '/Requests\/sec/ {print $2}' "$WORK/wrk") requests/s," \
             "p50 $(awk '$1 == "50%" {print $2}' "$WORK/wrk"), p99 $(awk '$1 == "99%" {print $2}' "$WORK/wrk")"
    done
else
    echo "Server: wrk is not installed; skipped"
fi
