#!/usr/bin/env python3
"""`make reliability`: the full reliability runs, with their figures written
to RELIABILITY.md. The short versions of the same checks run in `make test`."""
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Tests/Reliability"))
import harness  # noqa: E402


def main():
    started = time.time()
    print("Crash loop: 100 rounds…", flush=True)
    crash = harness.crash_loop(rounds=100)
    print("Disk trouble…", flush=True)
    disk = harness.disk_trouble()
    read_only = harness.read_only_store()
    print("Bad content corpus…", flush=True)
    content = harness.bad_content()
    print("Slow clients: 200 sockets for 30 s…", flush=True)
    slow = harness.slow_clients(sockets=200, seconds=30, gap=4.0)
    print("Malformed requests: 10,000…", flush=True)
    malformed = harness.malformed_requests(10_000)
    print("Load: 50 clients for 60 s…", flush=True)
    load = harness.load(clients=50, seconds=60)
    print("Hostile load: trickling headers, open streams, invented sessions, large bodies, framing…", flush=True)
    hostile = hostile_load()
    before = None
    if os.environ.get("CAREFEED_BEFORE"):
        print(f"Hostile load against {os.environ['CAREFEED_BEFORE']}…", flush=True)
        harness.server.CAREFEED = os.environ["CAREFEED_BEFORE"]
        before = hostile_load()
        harness.server.CAREFEED = harness.CAREFEED
    print("Fuzzing: 4 targets for 60 s each…", flush=True)
    fuzzing = fuzz(60)

    refused = [r for r in content if r["status"] == 1 and r["located"]]
    crashed = [r for r in content if r["status"] not in (0, 1)]
    cpu = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                if line.startswith("model name")), platform.processor())
    lines = [
        "# Reliability",
        "",
        f"Written by `make reliability` on {time.strftime('%Y-%m-%d')}, on {subprocess.getoutput('nproc')} cores of {cpu}, "
        f"in {time.time() - started:.0f} s. Every figure below comes from that run.",
        "",
        "| Check | Figures | Verdict |",
        "|---|---|---|",
        f"| Crash loop: answers from 3 clients, SIGKILL at a random moment, restart | {crash['rounds']} rounds, "
        f"{crash['acknowledged']} acknowledged writes, {crash['lost']} lost, {crash['duplicates']} duplicated, "
        f"integrity_check ok after every round: {'yes' if not crash['failures'] else 'no'} | "
        f"{'pass' if crash['lost'] == 0 and crash['duplicates'] == 0 and not crash['failures'] else 'FAIL'} |",
        disk_row(disk),
        read_only_row(read_only),
        f"| Bad content corpus | {len(content)} malformed files; {len(refused)} refused with file and line; "
        f"{len(crashed)} crashes or hangs; slowest {max(r['seconds'] for r in content):.2f} s | "
        f"{'pass' if len(refused) == len(content) else 'FAIL'} |",
        f"| Slow clients: {slow['slow_sockets']} sockets sending a byte every 4 s | a normal client's {slow['requests']} "
        f"requests: {slow['errors']} errors, p50 {slow['p50_ms']} ms, p99 {slow['p99_ms']} ms; slow sockets still open "
        f"at the end: {slow['still_open']} | "
        f"{'pass' if slow['errors'] == 0 and slow['p99_ms'] < 1000 and slow['still_open'] == 0 else 'FAIL'} |",
        f"| Malformed requests | {malformed['requests']} requests; statuses {fmt(malformed['statuses'])}; "
        f"{len(malformed['server_errors'])} 5xx; outcomes stored {malformed['stored_before']} → {malformed['stored_after']}; "
        f"resident memory {malformed['rss_start_kb'] // 1024} → {malformed['rss_end_kb'] // 1024} MB | "
        f"{'pass' if not malformed['server_errors'] and malformed['stored_before'] == malformed['stored_after'] else 'FAIL'} |",
        f"| Load: {load['clients']} clients for {load['seconds']} s, pages and answers | {load['requests']} requests; "
        f"statuses {fmt(load['statuses'])}; {load['errors']} errors; p50 {load['p50_ms']} ms, p99 {load['p99_ms']} ms; "
        f"integrity {load['integrity']}; {load['outcomes']} outcomes, {load['audit_rows']} audit rows | "
        f"{'pass' if load['errors'] == 0 and load['integrity'] == 'ok' and load['outcomes'] == load['audit_rows'] else 'FAIL'} |",
        *hostile_rows(hostile),
        f"| Fuzzing with libFuzzer (address sanitizer), 60 s a target from seeds of real inputs | "
        + ("; ".join(f"{target}: {runs} inputs" for target, runs in fuzzing["runs"].items())
           or "no target ran: the instrumented build failed (`make fuzz` shows why)")
        + f"; crashes: {fuzzing['crashes']} | {'pass' if fuzzing['status'] == 0 else 'FAIL'} |",
        "",
        "409 answers under load are expected: two clients answering the same event, where the second is told it",
        "was already answered. Slow sockets hold no thread: the polling threads watch them with epoll until the",
        "3-second idle timeout lets them go, or, for a header trickled a line at a time, its 5-second deadline;",
        "an address keeps at most 64 connections waiting for a header, a new one closing its oldest.",
        "A fuzzing finding is written to `.build/fuzz/crashes/<target>/`; each becomes a regression test.",
        "",
        "Failures, if any:",
        "",
        "```",
        json.dumps({"crash": crash["failures"], "content": [r for r in content if r not in refused],
                    "server_errors": malformed["server_errors"][:20]}, indent=2),
        "```",
        "",
    ]
    if before:
        label = os.environ.get("CAREFEED_BEFORE_LABEL", os.environ["CAREFEED_BEFORE"])
        lines += ["## Hostile load before these limits", "", f"The same attacks, in the same run, against {label}:", "",
                  "| Check | Figures | Verdict |", "|---|---|---|", *hostile_rows(before), ""]
    (ROOT / "RELIABILITY.md").write_text("\n".join(lines))
    print("\n".join(lines[4:18]))


def hostile_load():
    """The attacks of a hostile client on loopback, at full size."""
    return {"trickling": harness.trickling_connections(1000, seconds=30, gap=1.5),
            "streams": harness.open_streams(1000, seconds=30),
            "sessions": harness.invented_sessions(5000),
            "large": harness.large_bodies(4),
            "framing": harness.conflicting_framing()}


def hostile_rows(figures):
    trickling, streams, sessions = figures["trickling"], figures["streams"], figures["sessions"]
    large, framing = figures["large"], figures["framing"]
    growth = sessions["rss_end_mb"] - sessions["rss_start_mb"]
    return [
        f"| 1,000 connections each sending a header line every 1.5 s | a normal client's {trickling['requests']} "
        f"requests: {trickling['errors']} errors, p50 {trickling['p50_ms']} ms, slowest {trickling['max_ms']} ms; "
        f"longest a trickler was kept: {trickling['longest_open_s']} s; still open at the end: {trickling['still_open']} | "
        f"{'pass' if trickling['errors'] == 0 and trickling['max_ms'] < 1000 and trickling['still_open'] == 0 else 'FAIL'} |",
        f"| 1,000 open `/_live` streams | a normal client's {streams['requests']} requests: {streams['errors']} errors, "
        f"p50 {streams['p50_ms']} ms, slowest {streams['max_ms']} ms; streams still sent to at the end: "
        f"{streams['streams_alive']}; server threads {streams['threads_before']} → "
        f"{streams['threads_during']} | "
        f"{'pass' if streams['errors'] == 0 and streams['max_ms'] < 1000 and streams['streams_alive'] == 1000 else 'FAIL'} |",
        f"| 5,000 invented session ids, each entering a 64 KB signature | statuses {fmt(sessions['statuses'])}; "
        f"cookies replaced: {sessions['cookies_replaced']}; resident memory {sessions['rss_start_mb']} → "
        f"{sessions['rss_end_mb']} MB | {'pass' if sessions['rss_end_mb'] < 100 and growth < 32 else 'FAIL'} |",
        f"| A 4 MB form body | sent at once: {large['plain']['statuses'] or 'no answer'} after "
        f"{large['plain']['seconds']} s, {large['plain']['body_sent_kb']} KB of the body sent; with "
        f"`Expect: 100-continue`: {large['expect']['statuses'] or 'no answer'} | "
        f"{'pass' if large['plain']['statuses'] == [413] and large['expect']['statuses'] == [413] else 'FAIL'} |",
        "| Requests framed two ways, or with two Hosts | "
        + "; ".join(f"{case}: {statuses or 'no answer'}" for case, statuses in framing.items())
        + f" | {'pass' if all(statuses == [400] for statuses in framing.values()) else 'FAIL'} |",
    ]


def fuzz(seconds):
    """Runs Tools/fuzz.sh; inputs tried per target, and whether any crashed."""
    run = subprocess.run(["sh", "Tools/fuzz.sh"], cwd=ROOT, env={**os.environ, "FUZZ_SECONDS": str(seconds)},
                         capture_output=True, text=True)
    runs, target = {}, None
    for line in run.stdout.splitlines():
        if line.startswith("Fuzzing "):
            target = line.split()[1]
        elif "number_of_executed_units" in line and target:
            runs[target] = int(line.split(":")[-1])
    crashes = sum(1 for _ in (ROOT / ".build/fuzz/crashes").rglob("crash-*")) if (ROOT / ".build/fuzz/crashes").exists() else 0
    return {"status": run.returncode, "runs": runs, "crashes": crashes}


def disk_row(disk):
    if not disk["run"]:
        return f"| Full disk (a 3 MB tmpfs) | not run: {disk['reason']} | skipped |"
    ok = (disk["full"], disk["after_space_returned"], disk["delete_while_full"], disk["after_space_returned_again"]) \
        == (503, 303, 503, 303) and disk["integrity"] == "ok"
    return (f"| Full disk (a 3 MB tmpfs, filled) | answer while full: {disk['full']}; after space returns: "
            f"{disk['after_space_returned']}; delete while full: {disk['delete_while_full']}; after: "
            f"{disk['after_space_returned_again']}; no restart; integrity {disk['integrity']} | {'pass' if ok else 'FAIL'} |")


def read_only_row(figures):
    if not figures["run"]:
        return f"| Read-only store | not run: {figures['reason']} | skipped |"
    ok = (figures["read_only"], figures["said_read_only"], figures["page_while_read_only"],
          figures["after_made_writable"], figures["integrity"], figures["check_ins"]) == (503, True, 200, 303, "ok", 1)
    return (f"| Read-only store (file mode 0444) | page: {figures['page_while_read_only']}; answer: {figures['read_only']}"
            f"{' saying read-only' if figures['said_read_only'] else ''}; after the file is made writable: "
            f"{figures['after_made_writable']}; no restart; integrity {figures['integrity']}, "
            f"{figures['check_ins']} check-in stored | {'pass' if ok else 'FAIL'} |")


def fmt(statuses):
    return ", ".join(f"{status}×{count}" for status, count in statuses.items())


if __name__ == "__main__":
    main()
