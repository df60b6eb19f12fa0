#!/usr/bin/env python3
"""`make bench`: CareFeed side by side with what a study team would otherwise
reach for, on this machine, in one run; writes BENCHMARKS.md.

1. Markdown pipeline: 10,000 education notes through `carefeed build` and
   through Hugo with an equivalent minimal layout, on the disk the project
   is on (as people build), on a tmpfs, and on the disk just after deleting
   the last output (as a rebuild after `rm -rf Site` does).
2. The floor: the same bytes through the `cmark` command, plus copying the
   output tree.
3. The study site: 200 participants x 120 days, then one new outcome and a
   rebuild, with and without the build manifest.
4. Scaling: the site at 20, 200 and 2,000 participants.
5. Server: `carefeed serve` against nginx serving the same bytes, under wrk.
6. A hosted study: 10,000 participants enrolled, 1,000 sessions fetching
   their own day feeds against nginx serving the same pages as files, and
   200 participants answering at once.
7. Rebuilds after one new outcome at 2,000 and 10,000 participants, with
   each step's time.

Contenders alternate (A B A B ...), each run at least RUNS times; a figure
is the median with the minimum and maximum beside it.
"""
import os
import subprocess
import time
from pathlib import Path

from bench_markdown import after_deletion, make_corpus, markdown_pipeline
from bench_measure import ROOT, WORK, fresh, memory_folder
from bench_report import machine, report, scaling_svg
from bench_hosting import hosting
from bench_rebuild import rebuilds
from bench_server import server_and_nginx
from bench_site import demo, scaling, study_site, study_site_in_memory

# Where an interrupted run's files wait to be deleted, and when the last run
# deleted its own.
TRASH = ROOT / ".build/bench-trash"
CLEANED = ROOT / ".build/bench-cleaned-at"


def main():
    started = time.time()
    # What an earlier run left (one that stopped halfway) is moved aside,
    # not deleted, and deleted at the end with this run's own files: see aged().
    for mounted in ("memory", "site-memory"):
        subprocess.run(["umount", "-l", str(WORK / mounted)], capture_output=True)
    if WORK.exists():
        TRASH.mkdir(parents=True, exist_ok=True)
        WORK.rename(TRASH / f"bench-{time.time_ns()}")
    WORK.mkdir(parents=True, exist_ok=True)
    aged()
    info = machine()
    # What else ran: the load before the run, and the share of the cores' time the host took while it ran.
    info["load"] = os.getloadavg()[0]
    before = cpu_times()
    print(f"Machine: {info['cores']} cores, {info['cpu']}; files on {info['filesystem']}", flush=True)
    print("Corpus of education notes, on the disk and on a tmpfs…", flush=True)
    disk = make_corpus(WORK / "disk")
    memory = memory_folder()
    try:
        in_memory = make_corpus(memory) if memory else None
        print("Markdown pipeline on the disk: CareFeed, Hugo, the floor…", flush=True)
        pipeline = {"disk": markdown_pipeline(disk)}
        if in_memory:
            print("Markdown pipeline on a tmpfs…", flush=True)
            pipeline["memory"] = markdown_pipeline(in_memory)
    finally:
        if memory:
            subprocess.run(["umount", "-l", str(memory)], capture_output=True)
    print("Study site: 200 participants x 120 days…", flush=True)
    store = demo(200)
    site = study_site(store)
    print("Server and nginx…", flush=True)
    serving = server_and_nginx(store)
    print("A hosted study: 10,000 participants, 1,000 sessions, 200 answering at once…", flush=True)
    hosted = hosting()
    print("Scaling: 20, 200, 2,000 participants…", flush=True)
    stores = {20: demo(20), 200: demo(200), 2000: demo(2000)}
    scale = {"disk": scaling((20, 200, 2000), stores)}
    memory = memory_folder("site-memory", "8g")
    if memory:
        try:
            print("Study site and scaling on a tmpfs…", flush=True)
            site["memory"] = study_site_in_memory(stores[200], memory)
            scale["memory"] = scaling((20, 200, 2000), stores, memory)
        finally:
            subprocess.run(["umount", "-l", str(memory)], capture_output=True)
    print("Rebuilds after one new outcome: 2,000 and 10,000 participants…", flush=True)
    rebuilt = {2000: rebuilds(stores[2000], "2000"), 10000: rebuilds(hosted["store"], "10000")}
    # Last, as it leaves the disk with many inodes freed just now, which
    # would slow whatever came after it.
    print("Markdown pipeline on the disk, just after deleting the last output…", flush=True)
    pipeline["deleted"] = after_deletion(disk, pipeline["disk"]["outputs"])
    (ROOT / "docs").mkdir(exist_ok=True)
    (ROOT / "docs/bench-scaling.svg").write_text(scaling_svg(scale.get("memory") or scale["disk"]))
    after = cpu_times()
    # The first eight fields: guest time is counted inside user time already.
    spent = sum(after[:8]) - sum(before[:8])
    info["steal"] = 100 * (after[7] - before[7]) / spent if spent > 0 and len(after) > 7 else None
    text = report(info, disk, pipeline, site, scale, serving, hosted, rebuilt, time.time() - started)
    (ROOT / "BENCHMARKS.md").write_text(text)
    fresh(WORK)
    fresh(TRASH)
    os.sync()
    CLEANED.write_text(f"{time.time()}\n")
    print(text)


def cpu_times():
    """The cores' time so far by kind, in ticks, as /proc/stat's first line has it (user, nice, system, idle,
    iowait, irq, softirq, steal, …); steal is time this machine's cores were ready to run and the host ran
    something else."""
    return [int(field) for field in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]


def aged():
    """Waits until the files the last run deleted at its end are six minutes
    old. ext4 without a journal avoids reusing an inode freed in the last
    minute, or six while its inode table block is not yet on disk (and a
    new file in that block makes it so again), and searches past each such
    inode for every file it makes: a run soon after the last one's clean-up
    would measure that search."""
    try:
        cleaned = float(CLEANED.read_text())
    except (OSError, ValueError):
        return
    wait = 6 * 60 + 5 - (time.time() - cleaned)
    if wait > 0:
        print(f"Waiting {wait:.0f} s for the files the last run deleted to age…", flush=True)
        time.sleep(wait)


if __name__ == "__main__":
    main()
