#!/usr/bin/env python3
"""`make bench`: CareFeed side by side with what a study team would otherwise
reach for, on this machine, in one run; writes BENCHMARKS.md.

1. Markdown pipeline: 10,000 education notes through `carefeed build` and
   through Hugo with an equivalent minimal layout.
2. The floor: the same bytes through the `cmark` command, plus copying the
   output tree.
3. The study site: 200 participants x 120 days, then one new outcome and a
   rebuild, with and without the build manifest.
4. Scaling: the site at 20, 200 and 2,000 participants.
5. Server: `carefeed serve` against nginx serving the same bytes, under wrk.

Contenders alternate (A B A B ...), each run at least RUNS times; a figure
is the median with the minimum and maximum beside it.
"""
import json
import os
import platform
import random
import re
import shutil
import sqlite3
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Tests/Reliability"))
import harness  # noqa: E402

CAREFEED = str(ROOT / os.environ.get("CAREFEED", ".build/release/carefeed"))
RUNS = int(os.environ.get("BENCH_RUNS", "5"))
WORK = ROOT / ".build/bench"
TODAY = "2026-11-30"
NOTES = 10_000


# MARK: Measuring

def measure(command, cwd=None):
    """Wall seconds until one command's output is on disk, its peak resident
    kilobytes, and what it printed. Whatever earlier runs left to write is
    flushed before the clock starts, and this run's writes before it stops:
    each tool pays for its own writes, and only its own."""
    os.sync()
    started = time.perf_counter()
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    # wait4 gives this child's own peak memory, not the largest of all children.
    output = process.stdout.read().decode()
    errors = process.stderr.read().decode()
    _, status, usage = os.wait4(process.pid, 0)
    os.sync()
    seconds = time.perf_counter() - started
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise RuntimeError(f"{' '.join(map(str, command))} failed ({process.returncode}):\n{output}{errors}")
    return {"seconds": seconds, "kilobytes": usage.ru_maxrss, "output": output}


def spread(values, unit="", digits=2):
    """`1.23 s (1.20–1.31)`: median, then minimum and maximum."""
    values = list(values)
    fmt = f"{{:,.{digits}f}}"
    middle = fmt.format(statistics.median(values))
    return f"{middle}{unit} ({fmt.format(min(values))}–{fmt.format(max(values))})"


def median(values):
    return statistics.median(list(values))


def megabytes(kilobytes):
    return kilobytes / 1024


def folder_bytes(path):
    return sum(entry.stat().st_size for entry in Path(path).rglob("*") if entry.is_file())


_outputs = iter(range(1_000_000))


def memory_folder():
    """A tmpfs for the Markdown pipeline, so the comparison is of the tools
    and not of this machine's disk, whose speed varies several times over
    between runs; the disk itself when no tmpfs can be mounted here."""
    folder = WORK / "memory"
    folder.mkdir(parents=True, exist_ok=True)
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4g", "tmpfs", str(folder)], capture_output=True)
    return folder, mounted.returncode == 0


def new_folder(name, root=None):
    """A folder no run has used: outputs are kept until the end rather than
    deleted between runs. ext4 without a journal passes over inodes freed in
    the last minute when it makes a file, so a build just after deleting the
    previous one's 20,000 files spends most of its time in that search."""
    folder = (root or WORK / "out") / f"{name}-{next(_outputs)}"
    assert not folder.exists(), f"{folder} was used before"
    return folder


def fresh(path):
    shutil.rmtree(path, ignore_errors=True)
    return path


def carefeed_build(content, store, out, today=TODAY, public=ROOT / "Public"):
    result = measure([CAREFEED, "build", "--content", str(content), "--public", str(public), "--store", str(store),
                      "--out", str(out), "--today", today])
    match = re.search(r"^([\d,]+) pages in .*\(([\d,]+) files written, ([\d,]+) unchanged", result["output"], re.M)
    result["pages"] = int(match.group(1).replace(",", ""))
    result["written"] = int(match.group(2).replace(",", ""))
    return result


# MARK: 1 and 2: the Markdown pipeline, Hugo and the floor

WORDS = ("knee meniscus cartilage swelling recovery exercise walking stairs ice rest brace physiotherapy "
         "bend straighten muscle quadriceps hamstring joint pain sleep range motion week day morning "
         "evening gently slowly carefully surgeon team follow appointment heel slide leg raise").split()


def sentence(rng, words=12):
    text = " ".join(rng.choice(WORDS) for _ in range(words))
    return text[0].upper() + text[1:] + "."


def note(index, rng):
    """An education note of about 4 KB: front matter with model metadata and
    two annotations, then headings, lists, emphasis and links."""
    title = f"Note {index}: {sentence(rng, 4)[:-1]}"
    front = f"""---
title: "{title}"
summary: >-
  {sentence(rng, 18)}
order: {index + 10}
model:
  src: models/knee.glb
  format: glb
  alt: Right knee seen from the front
  poster: images/knee-front.svg
  camera: {{ azimuth: {rng.randint(0, 90)}, elevation: 15, distance: 2.5 }}
  highlight: [medial_meniscus]
  annotations:
    - id: medial_meniscus
      label: Medial meniscus
      text: >-
        {sentence(rng, 14)}
      position: [0.22, 0.02, 0.188]
    - id: lateral_meniscus
      label: Lateral meniscus
      text: >-
        {sentence(rng, 14)}
      position: [-0.22, 0.02, 0.188]
---
"""
    body = []
    section = 0
    while sum(map(len, body)) + len(front) < 3900:
        section += 1
        body.append(f"## {sentence(rng, 3)[:-1]} {section}\n\n")
        body.append(f"{sentence(rng)} **{rng.choice(WORDS)} {rng.choice(WORDS)}** {sentence(rng, 10)} "
                    f"*{rng.choice(WORDS)}* {sentence(rng, 14)} See [the {rng.choice(WORDS)} guide]"
                    f"(https://example.org/{rng.choice(WORDS)}/{index}).\n\n")
        body.append("".join(f"- {sentence(rng, 7)}\n" for _ in range(rng.randint(2, 4))) + "\n")
        body.append(f"1. {sentence(rng, 6)}\n2. {sentence(rng, 8)}\n\n")
    return front + "".join(body)


HUGO_SINGLE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ .Title }}</title><link rel="stylesheet" href="../css/carefeed.css"></head>
<body><main><h1>{{ .Title }}</h1><p>{{ .Params.summary }}</p>
{{ with .Params.model }}<figure><img src="../{{ .poster }}" alt="{{ .alt }}">
<figcaption><ol>{{ range .annotations }}<li><strong>{{ .label }}</strong> {{ .text }}</li>{{ end }}</ol></figcaption></figure>{{ end }}
{{ .Content }}</main></body></html>
"""

HUGO_LIST = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title></head>
<body><main><h1>{{ .Title }}</h1><ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a> {{ .Params.summary }}</li>{{ end }}</ul></main></body></html>
"""


def make_corpus(root):
    """The same notes as a CareFeed study and as a Hugo site."""
    corpus = fresh(root / "notes")
    content = corpus / "content"
    shutil.copytree(ROOT / "content", content)
    rng = random.Random(7)
    for index in range(NOTES):
        (content / "education" / f"note-{index:05d}.md").write_text(note(index, rng))
    hugo = corpus / "hugo"
    (hugo / "layouts/_default").mkdir(parents=True)
    (hugo / "layouts/_default/single.html").write_text(HUGO_SINGLE)
    (hugo / "layouts/_default/list.html").write_text(HUGO_LIST)
    (hugo / "layouts/index.html").write_text(HUGO_LIST)
    (hugo / "config.yaml").write_text(
        "baseURL: http://localhost/\ntitle: Recover\nuglyURLs: true\nrelativeURLs: true\n"
        "disableKinds: [taxonomy, term, RSS, sitemap, robotsTXT, 404]\n")
    shutil.copytree(content / "education", hugo / "content/education")
    shutil.copytree(ROOT / "Public", hugo / "static")
    sources = sorted((content / "education").glob("*.md"))
    return {"root": root, "content": content, "hugo": hugo, "notes": len(sources), "sources": sources,
            "bytes": sum(path.stat().st_size for path in sources)}


def markdown_pipeline(corpus):
    carefeed, hugo, cmark, copy = [], [], [], []
    store = corpus["content"].parent / "empty.sqlite"
    for run in range(RUNS):
        out = new_folder("notes-carefeed", corpus["root"])
        carefeed.append(carefeed_build(corpus["content"], store, out))
        hugo_out = new_folder("notes-hugo", corpus["root"])
        hugo.append(measure(["hugo", "--quiet", "--source", str(corpus["hugo"]), "--destination", str(hugo_out),
                             "--cacheDir", str(new_folder("hugo-cache", corpus["root"]))]))
        with open(corpus["root"] / "cmark.html", "w") as sink:
            os.sync()
            started = time.perf_counter()
            subprocess.run(["cmark", *map(str, corpus["sources"])], stdout=sink, check=True)
            os.fsync(sink.fileno())
            cmark.append(time.perf_counter() - started)
        copy.append(measure(["cp", "-r", str(out), str(new_folder("notes-copy", corpus["root"]))])["seconds"])
    hugo_pages = sum(1 for _ in hugo_out.rglob("*.html"))
    return {"carefeed": carefeed, "hugo": hugo, "cmark": cmark, "copy": copy,
            "floor": [a + b for a, b in zip(cmark, copy)], "hugo_pages": hugo_pages,
            "carefeed_bytes": folder_bytes(out), "hugo_bytes": folder_bytes(hugo_out)}


# MARK: 3 and 4: the study site, one new outcome, scaling

def demo(participants, days=120):
    """A study store with 120 days of answers, up to today."""
    store = WORK / f"study-{participants}/care.sqlite"
    fresh(store.parent)
    store.parent.mkdir(parents=True)
    subprocess.run([CAREFEED, "demo", "--store", str(store), "--participants", str(participants), "--days", str(days),
                    "--seed", "1", "--today", TODAY], check=True, capture_output=True)
    return store


def missed_check_ins(store):
    """(participant, day, occurrence) of check-ins the demo's participants
    missed, one per participant: a late answer is one new outcome."""
    with sqlite3.connect(store) as database:
        enrolled = dict(database.execute("SELECT id, enrolled_on FROM participants"))
        answered = set(database.execute(
            "SELECT participant_id, occurrence FROM outcomes WHERE task_id = 'checkIn' AND deleted_at IS NULL"))
    missed = []
    for participant, day in sorted(enrolled.items()):
        start = time.mktime(time.strptime(day, "%Y-%m-%d")) + 43200
        for occurrence in range(2, 42):  # the six-week check-in, after onboarding
            when = time.strftime("%Y-%m-%d", time.gmtime(start + occurrence * 86400))
            if (participant, occurrence) not in answered and when < TODAY:
                missed.append((participant, when, occurrence))
                break
    if len(missed) < 2 * RUNS:
        raise RuntimeError(f"{store} has {len(missed)} missed check-ins; the bench needs {2 * RUNS}")
    return missed


def answer_late(store, participant, day, occurrence):
    """One new outcome through the server, as the participant would have
    given it on that day: a check-in they had missed."""
    server = harness.Server(store, day, participant=participant)
    try:
        session = harness.Session(server.port, (f"/tasks/checkIn/{occurrence}",))
        status = session.post(f"/tasks/checkIn/{occurrence}", [("pain", "3"), ("sleep", "7")])
        if status != 303:
            raise RuntimeError(f"answering {participant}'s check-in of {day} got {status}")
    finally:
        server.stop()


def study_site(store):
    missed = iter(missed_check_ins(store))
    full = []
    for run in range(RUNS):
        out = new_folder("study-site")
        full.append(carefeed_build(ROOT / "content", store, out))
    size = folder_bytes(out)
    unchanged = [carefeed_build(ROOT / "content", store, out) for _ in range(RUNS)]
    # One new outcome, then a rebuild: with the build manifest (now), and
    # without it (every page rendered and compared, as before the manifest).
    with_manifest, without_manifest = [], []
    for run in range(RUNS):
        for results, keep in ((with_manifest, True), (without_manifest, False)):
            answer_late(store, *next(missed))
            if not keep:
                (out / ".carefeed-site").write_text("")
            results.append(carefeed_build(ROOT / "content", store, out))
    return {"full": full, "size": size, "unchanged": unchanged, "one_outcome": with_manifest,
            "one_outcome_without_manifest": without_manifest}


def scaling(sizes, store_200):
    rows = []
    for participants in sizes:
        store = store_200 if participants == 200 else demo(participants)
        runs = [carefeed_build(ROOT / "content", store, new_folder(f"scaling-{participants}"))
                for _ in range(RUNS if participants < 1000 else max(3, RUNS // 2))]
        rows.append({"participants": participants, "runs": runs, "pages": runs[0]["pages"]})
    return rows


# MARK: 5: the server and nginx

NGINX_CONF = """worker_processes auto;
daemon off;
pid {work}/nginx.pid;
error_log {work}/error.log;
{user}
events {{ worker_connections 1024; }}
http {{
    access_log off;
    sendfile on;
    tcp_nopush on;
    keepalive_requests 1000000;
    types {{ text/html html; text/css css; }}
    client_body_temp_path {work}/body;
    proxy_temp_path {work}/proxy;
    fastcgi_temp_path {work}/fastcgi;
    uwsgi_temp_path {work}/uwsgi;
    scgi_temp_path {work}/scgi;
    server {{
        listen 127.0.0.1:{port};
        root {work}/root;
    }}
}}
"""


def wrk(url, cookie=None, seconds=5):
    command = ["wrk", "-t2", "-c32", f"-d{seconds}s", "--latency", url]
    if cookie:
        command[1:1] = ["-H", f"Cookie: {cookie}"]
    output = subprocess.run(command, capture_output=True, text=True, check=True).stdout

    def milliseconds(label):
        value, unit = re.search(rf"^\s+{label}%\s+([\d.]+)(us|ms|s)\s*$", output, re.M).groups()
        return float(value) * {"us": 0.001, "ms": 1, "s": 1000}[unit]
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    return {"rps": float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1)),
            "p50": milliseconds(50), "p99": milliseconds(99), "errors": int(errors.group(1)) if errors else 0}


def server_and_nginx(store):
    work = fresh(WORK / "nginx")
    (work / "root/assets/css").mkdir(parents=True)
    # A day in the middle of r050's first weeks, with a check-in and a
    # range-of-motion card, as the participant saw it that day.
    with sqlite3.connect(store) as database:
        enrolled, = database.execute("SELECT enrolled_on FROM participants WHERE id = 'r050'").fetchone()
    day = time.strftime("%Y-%m-%d", time.gmtime(time.mktime(time.strptime(enrolled, "%Y-%m-%d")) + 21 * 86400 + 43200))
    server = harness.Server(store, day, participant="r050")
    nginx = None
    try:
        probe = harness.Session.__new__(harness.Session)
        probe.port, probe.cookie, probe.token = server.port, None, None
        _, feed, headers = probe.request("GET", f"/feed/{day}")
        cookie = headers["set-cookie"].split(";")[0]
        (work / "root/feed.html").write_text(feed)
        shutil.copy(ROOT / "Public/css/carefeed.css", work / "root/assets/css/carefeed.css")
        port = server.port + 1
        user = "user root;" if os.geteuid() == 0 else ""
        (work / "nginx.conf").write_text(NGINX_CONF.format(work=work, port=port, user=user))
        nginx = subprocess.Popen(["nginx", "-c", str(work / "nginx.conf"), "-p", str(work)],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(0.5)
        contenders = {
            ("feed", "carefeed"): (f"http://localhost:{server.port}/feed/{day}", cookie),
            ("feed", "nginx"): (f"http://localhost:{port}/feed.html", None),
            ("asset", "carefeed"): (f"http://localhost:{server.port}/assets/css/carefeed.css", cookie),
            ("asset", "nginx"): (f"http://localhost:{port}/assets/css/carefeed.css", None),
        }
        results = {key: [] for key in contenders}
        for run in range(RUNS):
            for key, (url, cookie_header) in contenders.items():
                results[key].append(wrk(url, cookie_header))
        return {"results": results, "feed_bytes": len(feed.encode()), "day": day}
    finally:
        server.stop()
        if nginx:
            nginx.terminate()
            nginx.wait()


# MARK: The report

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


def report(info, corpus, pipeline, site, scale, serving, seconds):
    cf, hugo = pipeline["carefeed"], pipeline["hugo"]
    cf_s, hugo_s = median(r["seconds"] for r in cf), median(r["seconds"] for r in hugo)
    cf_mb, hugo_mb = median(megabytes(r["kilobytes"]) for r in cf), median(megabytes(r["kilobytes"]) for r in hugo)
    floor = median(pipeline["floor"])
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
        f"Tools: {'; '.join(info['tools'])}. Every figure below comes from that run.",
        "",
        f"Contenders alternate (A B A B …), {RUNS} runs each unless said; each figure is the median, "
        "with the minimum and maximum in brackets. Times are wall-clock; memory is the peak resident set "
        "of the process, read from `wait4`. A time runs until the output is on disk: pending writes are flushed "
        "before the clock starts and the run's own before it stops (`carefeed build` flushes its site before it "
        "swaps it in, so a crash never leaves half a site; Hugo and `cp` are followed by `sync`). Every run writes into a folder of its own, and all are removed at the end: "
        "ext4 without a journal passes over inodes freed in the last minute when it makes a file, so a run just "
        "after deleting the previous run's output would spend most of its time in that search, whatever the tool.",
        "",
        f"## 1. Markdown pipeline: {corpus['notes']:,} education notes",
        "",
        f"{NOTES:,} generated notes of about 4 KB (front matter with `model` metadata and two annotations; headings, "
        f"lists, emphasis, links) plus the study's 3, {corpus['bytes'] / 1048576:.1f} MB in all. CareFeed's "
        "`carefeed build` checks and renders them into its education pages (with the model viewer figure, poster "
        "and annotation list) over an empty store. Hugo builds the same files with a minimal layout showing title, "
        "summary, annotations and content, with taxonomies, RSS, sitemap and robots.txt turned off. Both start "
        "from an empty output folder and copy the same `Public/` assets. "
        + ("Everything here, notes and outputs, is on a tmpfs: this machine's disk varies several times over "
           "in speed between runs, and the question is how fast each tool turns Markdown into a site."
           if corpus["in_memory"] else "No tmpfs could be mounted, so this ran on the disk."),
        "",
        "| | Wall time | Peak memory | Pages | Output |",
        "|---|---|---|---|---|",
        f"| `carefeed build` | {spread((r['seconds'] for r in cf), ' s')} | {spread((megabytes(r['kilobytes']) for r in cf), ' MB', 0)} "
        f"| {cf[0]['pages']:,} | {pipeline['carefeed_bytes'] / 1048576:.0f} MB |",
        f"| Hugo | {spread((r['seconds'] for r in hugo), ' s')} | {spread((megabytes(r['kilobytes']) for r in hugo), ' MB', 0)} "
        f"| {pipeline['hugo_pages']:,} | {pipeline['hugo_bytes'] / 1048576:.0f} MB |",
        f"| Floor: `cmark` on the same files, then `cp -r` of CareFeed's output | {spread(pipeline['floor'], ' s')} "
        f"(cmark {spread(pipeline['cmark'], ' s')}, copy {spread(pipeline['copy'], ' s')}) | | | |",
        "",
        f"- CareFeed is **{hugo_s / cf_s:.1f}×** as fast as Hugo (target ≥ 3×: {verdict(hugo_s / cf_s >= 3)}) and uses "
        f"**{cf_mb / hugo_mb:.2f}×** its peak memory (target < 0.33×: {verdict(cf_mb / hugo_mb < 1 / 3)}).",
        f"- CareFeed stands **{cf_s / floor:.1f}×** above the floor.",
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
        f"- {median(pages_per_s):,.0f} pages/s (target ≥ 5,000: {verdict(median(pages_per_s) >= 5000)}), peak "
        f"{full_mb:.0f} MB (target < 250 MB: {verdict(full_mb < 250)}), one-outcome rebuild "
        f"{one_s / full_s * 100:.1f} % of a full build (target < 5 %: {verdict(one_s / full_s < 0.05)}).",
        "",
        "## 3. Scaling",
        "",
        "The same study at 20, 200 and 2,000 participants × 120 days, each built into an empty folder "
        f"({RUNS} runs; {max(3, RUNS // 2)} at 2,000).",
        "",
        "| Participants | Pages | Wall time | Time per page | Peak memory | Memory per 1,000 pages |",
        "|---|---|---|---|---|---|",
    ]
    for row in scale:
        runs = row["runs"]
        lines.append(f"| {row['participants']:,} | {row['pages']:,} | {spread((r['seconds'] for r in runs), ' s')} | "
                     f"{spread((r['seconds'] / row['pages'] * 1e6 for r in runs), ' µs', 0)} | "
                     f"{spread((megabytes(r['kilobytes']) for r in runs), ' MB', 0)} | "
                     f"{median(megabytes(r['kilobytes']) for r in runs) / row['pages'] * 1000:.1f} MB |")
    lines += [
        "",
        "![Time per page and peak memory against participants](docs/bench-scaling.svg)",
        "",
        "## 4. Server and nginx",
        "",
        f"`wrk -t2 -c32 -d5s` on loopback, wrk sharing the machine's {info['cores']} cores with the server. CareFeed "
        f"serves participant r050's live day feed for {serving['day']} (day 22 of their study: a check-in and a "
        f"range-of-motion card; {serving['feed_bytes']:,} bytes), with the session cookie a browser sends: each request "
        "asks the store whether anything changed, takes the page rendered since the last change (rendering it again "
        "if anything did) and puts the session's form token in. nginx serves the same bytes from a file, with "
        "`sendfile` and access logging off. Then the same stylesheet from both.",
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
        f"- The live day feed runs at **{feed_rps / nginx_rps:.2f}×** nginx's static throughput (target ≥ 0.25×: "
        f"{verdict(feed_rps / nginx_rps >= 0.25)}), p99 {feed_p99:.2f} ms (target < 10 ms: {verdict(feed_p99 < 10)}).",
        "",
    ]
    return "\n".join(lines)


def main():
    started = time.time()
    # Nothing left from an earlier run that stopped halfway.
    subprocess.run(["umount", "-l", str(WORK / "memory")], capture_output=True)
    fresh(WORK)
    WORK.mkdir(parents=True, exist_ok=True)
    info = machine()
    print(f"Machine: {info['cores']} cores, {info['cpu']}", flush=True)
    print("Corpus of education notes…", flush=True)
    memory, in_memory = memory_folder()
    try:
        corpus = make_corpus(memory)
        corpus["in_memory"] = in_memory
        print("Markdown pipeline: CareFeed, Hugo, the floor…", flush=True)
        pipeline = markdown_pipeline(corpus)
    finally:
        if in_memory:
            subprocess.run(["umount", "-l", str(memory)], capture_output=True)
    print("Study site: 200 participants x 120 days…", flush=True)
    store = demo(200)
    site = study_site(store)
    print("Server and nginx…", flush=True)
    serving = server_and_nginx(store)
    print("Scaling: 20, 200, 2,000 participants…", flush=True)
    scale = scaling((20, 200, 2000), demo(200))
    (ROOT / "docs").mkdir(exist_ok=True)
    (ROOT / "docs/bench-scaling.svg").write_text(scaling_svg(scale))
    text = report(info, corpus, pipeline, site, scale, serving, time.time() - started)
    (ROOT / "BENCHMARKS.md").write_text(text)
    fresh(WORK)
    print(text)


if __name__ == "__main__":
    main()
