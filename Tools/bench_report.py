"""The report of `make bench`: the machine it ran on, the scaling plot and
BENCHMARKS.md."""
import os
import platform
import re
import subprocess
import time
from pathlib import Path

from bench_markdown import NOTES
from bench_measure import ROOT, RUNS, WORK, median, megabytes, spread
from bench_rebuild import rebuild_rows


def machine():
    cpu = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                if line.startswith("model name")), platform.processor())
    memory = int(re.search(r"MemTotal:\s+(\d+)", Path("/proc/meminfo").read_text()).group(1)) // 1024 // 1024
    mount = subprocess.run(["findmnt", "-n", "-o", "SOURCE,FSTYPE", "-T", str(WORK)], capture_output=True, text=True)
    source, _, filesystem = mount.stdout.strip().partition(" ")
    filesystem = filesystem.strip() or "an unknown file system"
    if filesystem.startswith("ext") and source.startswith("/dev/"):
        # ext4 keeps its journal as a jbd2 thread named after the device.
        journaled = any(Path("/proc/fs/jbd2").glob(Path(source).name + "*")) if Path("/proc/fs/jbd2").exists() else False
        filesystem += "" if journaled else " without a journal"

    def version(command):
        run = subprocess.run(command, capture_output=True, text=True)
        return (run.stdout or run.stderr).strip().splitlines()[0]
    return {"cpu": cpu, "cores": os.cpu_count(), "memory_gb": memory, "kernel": platform.release(),
            "filesystem": filesystem,
            "tools": [f"carefeed {version(['git', '-C', str(ROOT), 'rev-parse', '--short', 'HEAD'])} (release build)",
                      version(["hugo", "version"]).split(" BuildDate")[0], version(["nginx", "-v"]),
                      version(["cmark", "--version"]), version(["wrk", "-v"]).split(" [")[0]]}


def others(info):
    """What else ran, as far as the machine can tell: the load before the run, and the host's steal while it ran."""
    said = (f"As it began, the load average over the last minute was {info['load']:.2f} "
            "(counting `make bench`'s own build of carefeed, when it had one to do)")
    if info.get("steal") is None:
        return said + "."
    return said + f"; while it ran, the host took {info['steal']:.1f} % of the cores' time for other work (steal)."


def scaling_svg(rows):
    """Two small plots: microseconds per page and peak memory, against participants."""
    width, height, left, top, plot_w, plot_h = 640, 260, 56, 30, 230, 170
    participants = [row["participants"] for row in rows]
    per_page = [median(r["seconds"] for r in row["runs"]) / row["pages"] * 1e6 for row in rows]
    memory = [median(megabytes(r["kilobytes"]) for r in row["runs"]) for row in rows]
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
             'font-family="sans-serif" font-size="12" role="img" aria-labelledby="t">',
             '<title id="t">Site build time per page and peak memory at 20, 200 and 2,000 participants</title>',
             f'<rect width="{width}" height="{height}" fill="#fff"/>']
    for panel, (label, values, unit) in enumerate((("Time per page", per_page, "µs"),
                                                   ("Peak memory", memory, "MB"))):
        x0 = left + panel * (plot_w + 90)
        top_value = max(values) * 1.25 or 1
        parts.append(f'<text x="{x0}" y="18" font-weight="bold">{label} ({unit})</text>')
        parts.append(f'<line x1="{x0}" y1="{top + plot_h}" x2="{x0 + plot_w}" y2="{top + plot_h}" stroke="#555"/>')
        parts.append(f'<line x1="{x0}" y1="{top}" x2="{x0}" y2="{top + plot_h}" stroke="#555"/>')
        for tick in range(5):
            value = top_value * tick / 4
            y = top + plot_h - plot_h * tick / 4
            parts.append(f'<text x="{x0 - 6}" y="{y + 4:.1f}" text-anchor="end" fill="#333">{value:,.0f}</text>')
        points = []
        for index, (count, value) in enumerate(zip(participants, values)):
            x = x0 + 20 + index * (plot_w - 40) / max(1, len(values) - 1)  # log-spaced sizes, evenly drawn
            y = top + plot_h - plot_h * value / top_value
            points.append(f"{x:.1f},{y:.1f}")
            parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="4" fill="#0a64c8"><title>{count:,} participants: '
                         f'{value:,.1f} {unit}</title></circle>')
            parts.append(f'<text x="{x:.1f}" y="{y - 9:.1f}" text-anchor="middle">{value:,.1f}</text>')
            parts.append(f'<text x="{x:.1f}" y="{top + plot_h + 16}" text-anchor="middle">{count:,}</text>')
        parts.append(f'<polyline points="{" ".join(points)}" fill="none" stroke="#0a64c8" stroke-width="2"/>')
        parts.append(f'<text x="{x0 + plot_w / 2}" y="{top + plot_h + 34}" text-anchor="middle">participants</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def verdict(ok):
    return "met" if ok else "**missed**"


def cpu(runs):
    """`2.1 s / 0.4 s`: the medians of user and system (kernel) time."""
    return f"{median(r['user'] for r in runs):.1f} s / {median(r['system'] for r in runs):.1f} s"


def pipeline_rows(label, race, pages=True):
    cf, hugo = race["carefeed"], race["hugo"]
    rows = [f"| **{label}** | | | | |"]
    for name, runs in (("`carefeed build`", cf), ("Hugo", hugo)):
        rows.append(f"| {name} | {spread((r['seconds'] for r in runs), ' s')} | {cpu(runs)} | "
                    f"{spread((megabytes(r['kilobytes']) for r in runs), ' MB', 0)} | "
                    + (f"{cf[0]['pages']:,} |" if name != "Hugo" else f"{race.get('hugo_pages', 0):,} |"))
    if "floor" in race:
        rows.append(f"| Floor: `cmark`, then `cp -r` of CareFeed's output | {spread(race['floor'], ' s')} "
                    f"(cmark {spread(race['cmark'], ' s')}, copy {spread(race['copy'], ' s')}) | | | |")
    return rows


def ratio(race):
    return median(r["seconds"] for r in race["hugo"]) / median(r["seconds"] for r in race["carefeed"])


def report(info, corpus, pipeline, site, scale, serving, hosted, rebuilt, seconds):
    disk, memory, deleted = pipeline["disk"], pipeline.get("memory"), pipeline["deleted"]
    cf_s = median(r["seconds"] for r in disk["carefeed"])
    cf_mb = median(megabytes(r["kilobytes"]) for r in disk["carefeed"])
    hugo_mb = median(megabytes(r["kilobytes"]) for r in disk["hugo"])
    floor = median(disk["floor"])
    rows = pipeline_rows(f"On the disk ({info['filesystem']}), into an empty folder", disk)
    if memory:
        rows += pipeline_rows("On a tmpfs (notes and output in memory)", memory)
    rows += pipeline_rows("On the disk, just after deleting the tool's last output", deleted)
    full = site["full"]
    full_s = median(r["seconds"] for r in full)
    pages = full[0]["pages"]
    pages_per_s = [r["pages"] / r["seconds"] for r in full]
    full_mb = median(megabytes(r["kilobytes"]) for r in full)
    one = site["one_outcome"]
    one_s = median(r["seconds"] for r in one)
    before = site["one_outcome_without_manifest"]
    served = serving["results"]
    feed_rps = median(r["rps"] for r in served[("feed", "carefeed")])
    nginx_rps = median(r["rps"] for r in served[("feed", "nginx")])
    feed_p99 = median(r["p99"] for r in served[("feed", "carefeed")])
    lines = [
        "# Benchmarks",
        "",
        f"Written by `make bench` on {time.strftime('%Y-%m-%d')} in {seconds / 60:.0f} minutes, on {info['cores']} cores of "
        f"{info['cpu']}, {info['memory_gb']} GB of memory, Linux {info['kernel']}, files on {info['filesystem']}. "
        f"Tools: {'; '.join(info['tools'])}. Every figure below comes from that run. {others(info)}",
        "",
        f"Contenders alternate (A B A B …), {RUNS} runs each unless said; each figure is the median, "
        "with the minimum and maximum in brackets. Times are wall-clock; memory is the peak resident set "
        "of the process, read from `wait4`. A time runs until the output is on disk: pending writes are flushed "
        "before the clock starts and the run's own before it stops (`carefeed build` flushes its site before it "
        "swaps it in, so a crash never leaves half a site; Hugo and `cp` are followed by `sync`). Every run writes into a folder of its own, kept until the end, "
        "except where a row says it deletes one first.",
        "",
        f"## 1. Markdown pipeline: {corpus['notes']:,} education notes",
        "",
        f"{NOTES:,} generated notes of about 4 KB (front matter with `model` metadata and two annotations; headings, "
        f"lists, emphasis, links) plus the study's 3, {corpus['bytes'] / 1048576:.1f} MB in all. CareFeed's "
        "`carefeed build` checks and renders them into its education pages (with the model viewer figure, poster "
        "and annotation list) over an empty store. Hugo builds the same files with a minimal layout showing title, "
        "summary, annotations and content, with taxonomies, RSS, sitemap and robots.txt turned off. Both start "
        "from an empty output folder and copy the same assets (CareFeed's built-in files and `Public/`). The notes "
        "and outputs are on the disk the project is on, as people build, and the bench deletes nothing there in the "
        "six minutes before (it waits, if an earlier run cleaned up sooner than that); then the same race runs on a tmpfs, and "
        "once more on the disk with each run first deleting one of the tool's own earlier outputs, as a rebuild "
        "after `rm -rf Site` does.",
        "",
        "| | Wall time | CPU: user / system | Peak memory | Pages |",
        "|---|---|---|---|---|",
        *rows,
        "",
        f"- On the disk, CareFeed is **{ratio(disk):.1f}×** as fast as Hugo (target ≥ 3.5×: {verdict(ratio(disk) >= 3.5)})"
        + (f"; on a tmpfs **{ratio(memory):.1f}×** (target ≥ 3.5×: {verdict(ratio(memory) >= 3.5)})" if memory else "")
        + f"; just after a deletion **{ratio(deleted):.1f}×**. It uses **{cf_mb / hugo_mb:.2f}×** Hugo's peak memory "
        f"(target < 0.33×: {verdict(cf_mb / hugo_mb < 1 / 3)}) and takes **{cf_s / floor:.2f}×** the floor's time on the disk "
        f"(target ≤ 1.0×: {verdict(cf_s / floor <= 1.0)})"
        + (f", **{median(r['seconds'] for r in memory['carefeed']) / median(memory['floor']):.2f}×** on a tmpfs" if memory else "") + ".",
        f"- Output: CareFeed {disk['carefeed_bytes'] / 1048576:.0f} MB, Hugo {disk['hugo_bytes'] / 1048576:.0f} MB.",
        "- Just after a deletion, both tools spend seconds in the kernel (the system column): ext4 without a journal "
        "avoids reusing an inode freed in the last minute, or six while its inode table block is not yet on disk (a new "
        "file in that block makes it so again), and "
        "to find a free one it reads the deletion time of every inode it passes over, for every file it makes "
        "(`recently_deleted` in the kernel's ext4 inode allocator, the top of a `perf` profile). A journalled ext4, "
        "the usual kind, skips that search, and so does a build into a site folder that already exists: CareFeed "
        "then links the files whose bytes did not change instead of making new ones.",
        "",
        "## 2. The study site: 200 participants × 120 days",
        "",
        "`carefeed demo --participants 200 --days 120 --seed 1`, built for its last day: the "
        "study index, each participant's summary, day feeds from enrollment to today + 7, insights with SVG charts, "
        "consent record, the education notes and assets.",
        "",
        "| | Wall time | Peak memory | Files written | |",
        "|---|---|---|---|---|",
        f"| Full build into an empty folder | {spread((r['seconds'] for r in full), ' s')} | "
        f"{spread((megabytes(r['kilobytes']) for r in full), ' MB', 0)} | {full[0]['written']:,} | "
        f"{pages:,} pages, {spread(pages_per_s, ' pages/s', 0)}, output {site['size'] / 1048576:.0f} MB |",
        f"| Floor: `cp -r` of that build's output | {spread(site['copies'], ' s')} | | | "
        f"the build takes {full_s / median(site['copies']):.1f}× the copy |",
        *memory_site_rows(site, pages),
        f"| Full build in German (`--language de-DE`) | {spread((r['seconds'] for r in site['german']), ' s')} | "
        f"{spread((megabytes(r['kilobytes']) for r in site['german']), ' MB', 0)} | {site['german'][0]['written']:,} | "
        f"{median(r['seconds'] for r in site['german']) / full_s:.2f}× the English build (target ≤ 1.1×: "
        f"{verdict(median(r['seconds'] for r in site['german']) / full_s <= 1.1)}) |",
        f"| Rebuild, nothing changed | {spread((r['seconds'] for r in site['unchanged']), ' s', 3)} | "
        f"{spread((megabytes(r['kilobytes']) for r in site['unchanged']), ' MB', 0)} | "
        f"{spread((r['written'] for r in site['unchanged']), '', 0)} | |",
        f"| Rebuild after one new outcome (a missed check-in answered late, through the server) | {spread((r['seconds'] for r in one), ' s', 3)} | "
        f"{spread((megabytes(r['kilobytes']) for r in one), ' MB', 0)} | {spread((r['written'] for r in one), '', 0)} | "
        f"{one_s / full_s * 100:.1f} % of a full build |",
        f"| Before: the same, without the build manifest (every page rendered and compared) | "
        f"{spread((r['seconds'] for r in before), ' s', 3)} | {spread((megabytes(r['kilobytes']) for r in before), ' MB', 0)} | "
        f"{spread((r['written'] for r in before), '', 0)} | "
        f"{median(r['seconds'] for r in before) / full_s * 100:.1f} % of a full build |",
        "",
        f"- {median(pages_per_s):,.0f} pages/s on the disk (target ≥ 5,000: {verdict(median(pages_per_s) >= 5000)}), peak "
        f"{full_mb:.0f} MB (target < 250 MB: {verdict(full_mb < 250)}), one-outcome rebuild "
        f"{one_s / full_s * 100:.1f} % of a full build (target < 5 %: {verdict(one_s / full_s < 0.05)}).",
        *memory_site_summary(site, pages),
        "",
        "## 3. Scaling",
        "",
        "The same study at 20, 200 and 2,000 participants × 120 days, each built into an empty folder "
        f"({RUNS} runs; {max(3, RUNS // 2)} at 2,000), each run followed by `cp -r` of its output: on the disk, "
        "then with store and outputs on a tmpfs. Beside the copy, a reader sees what is the disk's and what is CareFeed's.",
        "",
        "| | Participants | Pages | Wall time | Time per page | `cp -r` of the output | Build ÷ copy | Peak memory | Memory per 1,000 pages |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for place, rows in (("On the disk", scale["disk"]), ("On a tmpfs", scale.get("memory") or [])):
        for row in rows:
            runs = row["runs"]
            lines.append(f"| {place} | {row['participants']:,} | {row['pages']:,} | {spread((r['seconds'] for r in runs), ' s')} | "
                         f"{spread((r['seconds'] / row['pages'] * 1e6 for r in runs), ' µs', 0)} | "
                         f"{spread(row['copies'], ' s')} | "
                         f"{median(r['seconds'] for r in runs) / median(row['copies']):.1f}× | "
                         f"{spread((megabytes(r['kilobytes']) for r in runs), ' MB', 0)} | "
                         f"{median(megabytes(r['kilobytes']) for r in runs) / row['pages'] * 1000:.1f} MB |")
    lines += [*scaling_summary(scale),
        "",
        "![Time per page and peak memory against participants](docs/bench-scaling.svg)",
        "",
        "## 4. Server and nginx",
        "",
        f"`wrk -t2 -c32 -d5s` on loopback, wrk sharing the machine's {info['cores']} cores with the server. CareFeed "
        f"serves participant r050's live day feed for {serving['day']} (day 22 of their study, with "
        f"{serving['cards']} task cards; {serving['feed_bytes']:,} bytes), with the session cookie a browser sends: each request "
        "asks the store whether anything changed (one read of the header SQLite rewrites at every commit, without a "
        "transaction), takes the page rendered since the last change (rendering it again "
        "if anything did) and puts the session's form token in. nginx serves the same bytes from a file, with "
        "`sendfile` on and access logging off. Then the same stylesheet from both.",
        "",
        "| | Requests/s | p50 | p99 | Non-2xx |",
        "|---|---|---|---|---|",
    ]
    for (page, who), runs in served.items():
        name = {"carefeed": "`carefeed serve`", "nginx": "nginx, static file"}[who]
        what = {"feed": "day feed", "asset": "stylesheet"}[page]
        lines.append(f"| {name}: {what} | {spread((r['rps'] for r in runs), '', 0)} | "
                     f"{spread((r['p50'] for r in runs), ' ms')} | {spread((r['p99'] for r in runs), ' ms')} | "
                     f"{sum(r['errors'] for r in runs)} |")
    lines += [
        "",
        f"- The live day feed runs at **{feed_rps / nginx_rps:.2f}×** nginx's static throughput (target ≥ 0.5×: "
        f"{verdict(feed_rps / nginx_rps >= 0.5)}), p99 {feed_p99:.2f} ms (target < 5 ms: {verdict(feed_p99 < 5)}).",
        "",
    ]
    return "\n".join(lines + hosting_rows(info, hosted) + rebuild_rows(rebuilt))


def hosting_rows(info, hosted):
    """Section 5: `carefeed host` with 10,000 participants enrolled and 1,000 signed in."""
    results, answering = hosted["results"], hosted["answering"]
    rps = {who: median(r["rps"] for r in runs) for who, runs in results.items()}
    p99 = median(r["p99"] for r in results["carefeed"])
    lines = [
        "## 5. A hosted study",
        "",
        f"`carefeed host` with 10,000 participants enrolled (the demo's 1,000 with 60 days of answers, 9,000 more just "
        "enrolled) and 1,000 device sessions. `wrk -t2 -c32 -d5s` with a Lua script that rotates through the 1,000 "
        "sessions, each request with its own cookie asking for that participant's own day feed: the server finds the "
        "session in the store by its SHA-256, then the participant's cached page. nginx serves the same 1,000 pages "
        f"as files, rotated the same way (median page {hosted['median_bytes']:,} bytes).",
        "",
        "| | Requests/s | p50 | p99 | Non-2xx |",
        "|---|---|---|---|---|",
    ]
    for who, runs in results.items():
        name = {"carefeed": "`carefeed host`, 1,000 sessions", "nginx": "nginx, 1,000 static files"}[who]
        lines.append(f"| {name} | {spread((r['rps'] for r in runs), '', 0)} | {spread((r['p50'] for r in runs), ' ms')} | "
                     f"{spread((r['p99'] for r in runs), ' ms')} | {sum(r['errors'] for r in runs)} |")
    lines += [
        "",
        f"- Own day feeds at **{rps['carefeed'] / rps['nginx']:.2f}×** nginx (target ≥ 0.5×: "
        f"{verdict(rps['carefeed'] / rps['nginx'] >= 0.5)}), p99 {p99:.2f} ms (target < 10 ms: {verdict(p99 < 10)}); "
        f"the server's peak resident memory {hosted['peak_kilobytes'] / 1024:.0f} MB.",
        f"- {answering['sent']} participants saved a check-in at the same moment: {answering['acknowledged']} "
        f"acknowledged in {answering['seconds']:.2f} s, and {answering['found']} of them found in the store "
        f"({verdict(answering['found'] == answering['acknowledged'] == answering['sent'])}).",
        "",
    ]
    return lines


def memory_site_rows(site, pages):
    memory = site.get("memory")
    if not memory:
        return []
    full = memory["full"]
    return [f"| On a tmpfs (store and output in memory): full build | {spread((r['seconds'] for r in full), ' s')} | "
            f"{spread((megabytes(r['kilobytes']) for r in full), ' MB', 0)} | {full[0]['written']:,} | "
            f"{spread((r['pages'] / r['seconds'] for r in full), ' pages/s', 0)}; CPU {cpu(full)} |",
            f"| On a tmpfs: `cp -r` of that build's output | {spread(memory['copies'], ' s')} | | | "
            f"the build takes {median(r['seconds'] for r in full) / median(memory['copies']):.1f}× the copy |"]


def memory_site_summary(site, pages):
    memory = site.get("memory")
    if not memory:
        return ["- No tmpfs could be mounted here, so the site was not built in memory."]
    full = memory["full"]
    rate = median(r["pages"] / r["seconds"] for r in full)
    times = median(r["seconds"] for r in full) / median(memory["copies"])
    return [f"- On a tmpfs {rate:,.0f} pages/s (target ≥ 20,000: {verdict(rate >= 20000)}), {times:.1f}× the copy of "
            f"its own output (target ≤ 2×: {verdict(times <= 2)}); CPU {(median(r['user'] + r['system'] for r in full)) / pages * 1e6:.0f} µs a page."]


def scaling_summary(scale):
    memory = scale.get("memory")
    if not memory:
        return []
    per_page = {row["participants"]: median(r["seconds"] for r in row["runs"]) / row["pages"] for row in memory}
    if 200 not in per_page or 2000 not in per_page:
        return []
    growth = per_page[2000] / per_page[200]
    return ["", f"- On a tmpfs, a page at 2,000 participants costs **{growth:.2f}×** one at 200 (target ≤ 1.3×: "
            f"{verdict(growth <= 1.3)})."]
