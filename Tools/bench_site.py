"""The study site for `make bench`: 200 participants x 120 days, built in
full, rebuilt after one new outcome, and built at other sizes."""
import shutil
import sqlite3
import subprocess
import sys
import time

from bench_measure import CAREFEED, ROOT, RUNS, TODAY, WORK, carefeed_build, copy_tree, folder_bytes, fresh, new_folder

sys.path.insert(0, str(ROOT / "Tests/Reliability"))
import harness  # noqa: E402


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
        # Not those who withdrew: nothing new is stored for them.
        enrolled = dict(database.execute("SELECT id, enrolled_on FROM participants "
                                         "WHERE id NOT IN (SELECT participant_id FROM withdrawals)"))
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
    full, copies = [], []
    for run in range(RUNS):
        out = new_folder("study-site")
        full.append(carefeed_build(ROOT / "content", store, out))
        copies.append(copy_tree(out))
    size = folder_bytes(out)
    # The same site in German: every word from the German catalog and Recover's translation.
    german = [carefeed_build(ROOT / "content", store, new_folder("study-site-de"), language="de-DE") for _ in range(RUNS)]
    unchanged = [carefeed_build(ROOT / "content", store, out) for _ in range(RUNS)]
    # One new outcome, then a rebuild: with the build manifest (now), and
    # without it (every page rendered and compared, as before the manifest).
    with_manifest, without_manifest = [], []
    for run in range(RUNS):
        for results, keep in ((with_manifest, True), (without_manifest, False)):
            answer_late(store, *next(missed))
            if not keep:
                # A marker of an earlier manifest format: the site is still
                # carefeed's, but its figures cannot be trusted.
                (out / ".carefeed-site").write_text('{"about": "Written by carefeed build", "format": 0}')
            results.append(carefeed_build(ROOT / "content", store, out))
    return {"full": full, "copies": copies, "german": german, "size": size, "unchanged": unchanged,
            "one_outcome": with_manifest, "one_outcome_without_manifest": without_manifest}


def study_site_in_memory(store, memory):
    """The full build with its store and output on a tmpfs, each run beside a
    copy of its output: what is left is CareFeed's own work."""
    in_memory = memory / "care.sqlite"
    shutil.copyfile(store, in_memory)
    full, copies = [], []
    for run in range(RUNS):
        out = new_folder("study-site", memory)
        full.append(carefeed_build(ROOT / "content", in_memory, out))
        copies.append(copy_tree(out, memory))
        clear(memory)
    return {"full": full, "copies": copies}


def clear(memory):
    """Deletes the outputs and copies on the tmpfs, keeping its store."""
    for entry in memory.iterdir():
        if not entry.name.startswith("care.sqlite"):
            fresh(entry)


def scaling(sizes, stores, memory=None):
    """Each size built into empty folders, each run beside a copy of its
    output; with `memory`, store and outputs on that tmpfs, deleted after
    each run (a tmpfs has no inode to age)."""
    rows = []
    for participants in sizes:
        store = stores[participants]
        if memory:
            shutil.copyfile(store, memory / "care.sqlite")
            store = memory / "care.sqlite"
        runs, copies = [], []
        for _ in range(RUNS if participants < 1000 else max(3, RUNS // 2)):
            out = new_folder(f"scaling-{participants}", memory)
            runs.append(carefeed_build(ROOT / "content", store, out))
            copies.append(copy_tree(out, memory))
            if memory:
                clear(memory)
        rows.append({"participants": participants, "runs": runs, "copies": copies, "pages": runs[0]["pages"]})
    return rows
