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
import subprocess
import time

from bench_markdown import make_corpus, markdown_pipeline
from bench_measure import ROOT, WORK, fresh, memory_folder
from bench_report import machine, report, scaling_svg
from bench_server import server_and_nginx
from bench_site import demo, scaling, study_site


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
