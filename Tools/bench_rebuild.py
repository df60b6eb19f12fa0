"""Rebuilds for `make bench`: a study's site on the disk rebuilt with nothing
new, and after one new outcome (a missed check-in answered late, through the
server), at 2,000 and at 10,000 participants, as `host --site` rebuilds
after every answer. `build --timings` says what each step took."""
import sqlite3

from bench_measure import ROOT, RUNS, carefeed_build, new_folder
from bench_site import answer_late, missed_check_ins


def rebuilds(store, name):
    with sqlite3.connect(store) as database:
        participants, = database.execute("SELECT count(*) FROM participants").fetchone()
        outcomes, = database.execute("SELECT count(*) FROM outcomes").fetchone()
    out = new_folder(f"rebuild-{name}")
    whole = carefeed_build(ROOT / "content", store, out)
    missed = iter(missed_check_ins(store))
    unchanged, one_outcome = [], []
    for _ in range(RUNS):
        unchanged.append(carefeed_build(ROOT / "content", store, out, timings=True))
        answer_late(store, *next(missed))
        one_outcome.append(carefeed_build(ROOT / "content", store, out, timings=True))
    return {"participants": participants, "outcomes": outcomes, "pages": whole["pages"], "whole": whole,
            "unchanged": unchanged, "one_outcome": one_outcome}


# What each step of `build --timings` does, and what it grows with.
STEPS = [
    ("content loaded, store opened", "the study's content read and checked, the store opened; the last manifest is read on the other core meanwhile", "the content"),
    ("participants and their revisions read", "every participant's row and revision, a number the store's triggers draw anew with each of their writes", "participants"),
    ("manifest read, changes found", "waiting for the manifest's records to be decoded, then each participant's fingerprint compared", "participants"),
    ("participants' pages", "the changed participant's pages rendered and compared, those that differ replaced", "that participant's days"),
    ("index", "the worklist: every participant's row, kept as rendered in the manifest, put in order", "participants (a row each)"),
    ("overview", "the study's figures worked out from every participant's share of them", "participants"),
    ("protocol, notes and assets", "compared with what is there, nothing rewritten", "the content"),
    ("synced, manifest written", "the replaced pages flushed to the disk, then the manifest replaced", "participants (a record each, copied as read)"),
]


def rebuild_rows(rebuilt):
    """Section 6 of BENCHMARKS.md."""
    from bench_measure import median, spread
    from bench_report import verdict
    sizes = sorted(rebuilt)
    lines = [
        "## 6. Rebuilds as a hosted study answers",
        "",
        "`host --site` rebuilds the site after every answer. Here a site on the disk is built whole, then rebuilt "
        f"{RUNS} times with nothing new and {RUNS} times just after one new outcome (a missed check-in answered late, "
        "through the server): at 2,000 participants (the scaling study, 120 days of answers) and at 10,000 (the hosted "
        "study of section 5: 1,000 with 60 days of answers and 9,000 just enrolled). A rebuild reads the last build's "
        "manifest, finds the participants whose data or today changed, renders only their pages, rewrites the index "
        "and overview, flushes and writes the manifest.",
        "",
        "| Participants | Answers in the store | Pages | Whole build | Rebuild, nothing new | Rebuild after one new outcome | Files written | Peak memory |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for size in sizes:
        row = rebuilt[size]
        one = row["one_outcome"]
        lines.append(f"| {row['participants']:,} | {row['outcomes']:,} | {row['pages']:,} | {row['whole']['seconds']:.1f} s | "
                     f"{spread((r['seconds'] for r in row['unchanged']), ' s', 3)} | {spread((r['seconds'] for r in one), ' s', 3)} | "
                     f"{spread((r['written'] for r in one), '', 0)} | {spread((r['kilobytes'] / 1024 for r in one), ' MB', 0)} |")
    lines += ["", "Where a rebuild after one outcome spends its time (`build --timings`, medians):", "",
              "| Step | What it does | " + " | ".join(f"{size:,}" for size in sizes) + " | Grows with |",
              "|---|---|" + "---|" * len(sizes) + "---|"]
    for step, what, grows in STEPS:
        figures = [median(r["steps"].get(step, 0) for r in rebuilt[size]["one_outcome"]) for size in sizes]
        lines.append(f"| {step} | {what} | " + " | ".join(f"{ms:.0f} ms" for ms in figures) + f" | {grows} |")
    targets = {2000: 0.25, 10000: 0.5}
    lines.append("")
    for size in sizes:
        seconds = median(r["seconds"] for r in rebuilt[size]["one_outcome"])
        if size in targets:
            lines.append(f"- At {size:,} participants a rebuild after one outcome takes {seconds:.3f} s "
                         f"(target ≤ {targets[size]} s: {verdict(seconds <= targets[size])}).")
    return lines + [""]
