"""Reliability checks of `carefeed serve` and `carefeed check`, each a
function that returns its figures. The tests in this folder run short
versions in `make test`; `Tools/reliability.py` runs the full ones for
`make reliability` and writes RELIABILITY.md.
"""
import http.client
import os
import random
import re
import shutil
import signal
import socket
import sqlite3
import statistics
import subprocess
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CAREFEED = os.environ.get("CAREFEED", str(ROOT / ".build/debug/carefeed"))
ENROLLED = "2026-11-01"


def day(offset):
    """The date `offset` days after enrollment."""
    return time.strftime("%Y-%m-%d", time.gmtime(time.mktime(time.strptime(ENROLLED, "%Y-%m-%d")) + offset * 86400 + 43200))


class Server:
    """`carefeed serve` on a free port, for one participant."""

    def __init__(self, store, today, participant="reliable", extra=(), prefix=()):
        self.process = subprocess.Popen(
            [*prefix, CAREFEED, "serve", "--store", str(store), "--port", "0", "--today", today, "--participant", participant, *extra],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        line = self.process.stdout.readline()
        match = re.search(r"localhost:(\d+)/", line)
        if not match:
            self.process.kill()
            raise RuntimeError(f"carefeed serve did not start: {line!r}")
        self.port = int(match.group(1))
        # Drain stdout so the server never blocks writing to it.
        threading.Thread(target=lambda: [None for _ in self.process.stdout], daemon=True).start()

    def rss_kilobytes(self):
        status = Path(f"/proc/{self.process.pid}/status").read_text()
        return int(re.search(r"VmRSS:\s+(\d+)", status).group(1))

    def kill(self):
        self.process.kill()
        self.process.wait()

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            return self.process.wait(timeout=15)
        return self.process.returncode


class Session:
    """A participant's browser: a session cookie and the form token of its pages."""

    def __init__(self, port, pages=("/onboarding/1",)):
        """Takes the form token from the first of `pages` that has a form."""
        self.port = port
        self.cookie = None
        self.token = None
        for page in pages:
            status, body, headers = self.request("GET", page)
            self.cookie = self.cookie or headers.get("set-cookie", "").split(";")[0] or None
            match = re.search(r'name="csrf" value="([^"]+)"', body)
            if match:
                self.token = match.group(1)
                return
        raise RuntimeError(f"no form on {pages}")

    def request(self, method, path, fields=None, timeout=10):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        headers = {"Host": f"localhost:{self.port}"}
        body = None
        if self.cookie:
            headers["Cookie"] = self.cookie
        if fields is not None:
            body = urllib.parse.urlencode([("csrf", self.token), *fields])
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            return response.status, response.read().decode(), {k.lower(): v for k, v in response.getheaders()}
        finally:
            connection.close()

    def post(self, path, fields=()):
        return self.request("POST", path, list(fields))[0]

    def onboard(self):
        for step in (1, 2):
            assert self.post(f"/onboarding/{step}") == 303
        assert self.post("/onboarding/3", [("printedName", "Rel Iable"), ("typedSignature", "yes")]) == 303
        _, review, _ = self.request("GET", "/onboarding/3/review")
        sha = re.search(r'name="sha256" value="([0-9a-f]{64})"', review).group(1)
        assert self.post("/onboarding/3/review", [("sha256", sha)]) == 303
        assert self.post("/onboarding/4", [("grant", "shareHealthData")]) == 303
        assert self.post("/onboarding/5") == 303


def stored_outcomes(store):
    """(task, occurrence, values, deleted) of every outcome, and the integrity check."""
    connection = sqlite3.connect(f"file:{store}?mode=ro", uri=True)
    try:
        integrity = connection.execute("PRAGMA integrity_check").fetchone()[0]
        rows = connection.execute("""
            SELECT o.id, o.task_id, o.occurrence, o.deleted_at IS NOT NULL, v.kind, v.value
            FROM outcomes o LEFT JOIN outcome_values v ON v.outcome_id = o.id ORDER BY o.id, v.position""").fetchall()
        audited = connection.execute("SELECT count(*) FROM audit_log WHERE action = 'outcome.add'").fetchone()[0]
    finally:
        connection.close()
    outcomes = {}
    for identifier, task, occurrence, deleted, kind, value in rows:
        entry = outcomes.setdefault(identifier, {"task": task, "occurrence": occurrence, "deleted": bool(deleted), "values": {}})
        if kind is not None:
            entry["values"][kind] = value
    return integrity, list(outcomes.values()), audited


def crash_loop(rounds, clients=3, seed=1):
    """Answers from several clients while the server is SIGKILLed at a random
    moment, round after round, each round a new day; after each, the store
    must be intact and hold every answer that got its 303, exactly once."""
    rng = random.Random(seed)
    folder = Path(tempfile.mkdtemp(prefix="carefeed-crash-"))
    store = folder / "care.sqlite"
    server = Server(store, ENROLLED)
    Session(server.port).onboard()
    server.stop()
    acknowledged, failures = [], []
    for round_number in range(1, rounds + 1):
        # The check-in runs six weeks: rounds cycle through its days, and the
        # pain value tells apart rounds that share a day.
        occurrence = round_number % 42
        today = day(occurrence)
        server = Server(store, today)
        sessions = [Session(server.port, (f"/tasks/checkIn/{occurrence}", f"/feed/{today}")) for _ in range(clients)]
        lock = threading.Lock()

        def client(index, session):
            for sequence in range(80):
                sleep_value = (index * 80 + sequence) / 10
                fields = [("pain", str(round_number % 11)), ("sleep", f"{sleep_value:g}")]
                try:
                    status = session.post(f"/tasks/checkIn/{occurrence}", fields)
                    if status == 303:
                        with lock:
                            acknowledged.append((occurrence, round_number % 11, sleep_value))
                    session.post(f"/tasks/checkIn/{occurrence}/delete")
                except (OSError, http.client.HTTPException):
                    return

        threads = [threading.Thread(target=client, args=(index, session)) for index, session in enumerate(sessions)]
        for thread in threads:
            thread.start()
        time.sleep(rng.uniform(0.05, 0.6))
        server.kill()
        for thread in threads:
            thread.join()
        integrity, outcomes, audited = stored_outcomes(store)
        if integrity != "ok":
            failures.append(f"round {round_number}: integrity_check says {integrity}")
        half = [o for o in outcomes if o["task"] == "checkIn" and len(o["values"]) != 2]
        if half:
            failures.append(f"round {round_number}: {len(half)} outcomes without all their values")
        if audited != len(outcomes):
            failures.append(f"round {round_number}: {len(outcomes)} outcomes but {audited} audit rows")
    found = {}
    for outcome in outcomes:
        if outcome["task"] == "checkIn":
            key = (outcome["occurrence"], outcome["values"]["pain"], float(outcome["values"]["sleep"]))
            found[key] = found.get(key, 0) + 1
    lost = [key for key in acknowledged if found.get((key[0], key[1], float(key[2])), 0) == 0]
    duplicates = [key for key, count in found.items() if count > 1]
    return {"rounds": rounds, "acknowledged": len(acknowledged), "lost": len(lost), "duplicates": len(duplicates),
            "stored": len(outcomes), "failures": failures}


def malformed_requests(count, seed=2):
    """Random and malformed requests: no 5xx, nothing stored, memory flat."""
    rng = random.Random(seed)
    folder = Path(tempfile.mkdtemp(prefix="carefeed-abuse-"))
    store = folder / "care.sqlite"
    server = Server(store, ENROLLED)
    session = Session(server.port)
    session.onboard()
    before = stored_outcomes(store)[1]
    methods = ["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "CONNECT", "BREW", "get", "G ET", ""]
    paths = ["/", "/feed/2026-11-01", "/feed/9999-99-99", "/tasks/checkIn/0", "/tasks/checkIn/-1", "/tasks/x/0/delete",
             "/onboarding/0", "/onboarding/99/review", "/assets/../../etc/passwd", "/assets/%2e%2e/Package.swift",
             "/%00", "/%ff%fe", "/" + "a" * 5000, "/consent/..", "/_live/x", "//", "/feed/%"]
    statuses = {}
    server_errors = []
    rss_start = None
    for index in range(count):
        kind = rng.randrange(6)
        method = rng.choice(methods)
        path = rng.choice(paths)
        headers = f"Host: localhost:{server.port}\r\n"
        body = b""
        if kind == 0:
            body = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 300)))
        elif kind == 1:
            body = f"csrf=forged{index}&pain=3&sleep=7".encode()
        elif kind == 2:
            body = b"csrf=" + session.token.encode() + b"&pain=%zz&sleep=%ff%fe%00"
        elif kind == 3:
            headers += "X-Big: " + "x" * rng.choice([100, 5000, 40000]) + "\r\n"
        elif kind == 4:
            headers = rng.choice(["Host: evil.example\r\n", "Host: \r\n", "", "Host: localhost:1\r\nHost: evil\r\n"])
        if body:
            headers += f"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {len(body)}\r\n"
        if session.cookie and rng.random() < 0.5:
            headers += f"Cookie: {session.cookie}\r\n"
        raw = f"{method} {path} HTTP/1.1\r\n{headers}Connection: close\r\n\r\n".encode() + body
        status = raw_exchange(server.port, raw)
        statuses[status] = statuses.get(status, 0) + 1
        if status is not None and status >= 500:
            server_errors.append((method, path, kind, status))
        if index == min(500, count // 10):
            rss_start = server.rss_kilobytes()
    rss_end = server.rss_kilobytes()
    after = stored_outcomes(store)[1]
    exit_status = server.stop()
    return {"requests": count, "statuses": dict(sorted((str(k), v) for k, v in statuses.items())),
            "server_errors": server_errors, "stored_before": len(before), "stored_after": len(after),
            "rss_start_kb": rss_start, "rss_end_kb": rss_end, "exit_status": exit_status}


def raw_exchange(port, raw, timeout=10):
    """Sends raw bytes; the status code of the answer, or None when the server closed without one."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as connection:
        try:
            connection.sendall(raw)
        except OSError:
            pass
        data = b""
        try:
            while True:
                chunk = connection.recv(65536)
                if not chunk:
                    break
                data += chunk
        except OSError:
            pass
    match = re.match(rb"HTTP/1\.[01] (\d{3})", data)
    return int(match.group(1)) if match else None


def slow_clients(sockets, seconds, gap=3.0):
    """Sockets that trickle a request one byte every `gap` seconds while a
    normal client keeps asking for pages: its latencies, and how many slow
    sockets are still open at the end."""
    folder = Path(tempfile.mkdtemp(prefix="carefeed-slow-"))
    server = Server(folder / "care.sqlite", ENROLLED)
    request = f"GET /onboarding/1 HTTP/1.1\r\nHost: localhost:{server.port}\r\nX-Slow: {'s' * 200}\r\n\r\n".encode()
    slow = []
    for _ in range(sockets):
        connection = socket.create_connection(("127.0.0.1", server.port), timeout=5)
        slow.append(connection)
    stop = threading.Event()

    def trickle():
        position = 0
        while not stop.is_set() and position < len(request):
            for connection in slow:
                try:
                    connection.send(request[position:position + 1])
                except OSError:
                    pass
            position += 1
            stop.wait(gap)

    trickler = threading.Thread(target=trickle, daemon=True)
    trickler.start()
    latencies, errors = [], 0
    session = Session(server.port)
    deadline = time.time() + seconds
    while time.time() < deadline:
        started = time.time()
        try:
            status, _, _ = session.request("GET", "/onboarding/1", timeout=5)
            errors += status != 200
        except OSError:
            errors += 1
        latencies.append(time.time() - started)
        time.sleep(0.02)
    stop.set()
    open_sockets = 0
    for connection in slow:
        connection.setblocking(False)
        try:
            open_sockets += connection.recv(1, socket.MSG_PEEK) != b""
        except BlockingIOError:
            open_sockets += 1
        except OSError:
            pass
        connection.close()
    server.stop()
    return {"slow_sockets": sockets, "requests": len(latencies), "errors": errors,
            "p50_ms": round(percentile(latencies, 50) * 1000, 1), "p99_ms": round(percentile(latencies, 99) * 1000, 1),
            "still_open": open_sockets}


def load(clients, seconds, seed=3):
    """Concurrent clients mixing page views and answers; zero errors, the store consistent."""
    rng = random.Random(seed)
    folder = Path(tempfile.mkdtemp(prefix="carefeed-load-"))
    store = folder / "care.sqlite"
    server = Server(store, ENROLLED)
    Session(server.port).onboard()
    sessions = [Session(server.port, ("/tasks/checkIn/0", f"/feed/{ENROLLED}")) for _ in range(clients)]
    latencies, statuses, lock = [], {}, threading.Lock()
    deadline = time.time() + seconds

    def client(session, seed):
        local = random.Random(seed)
        while time.time() < deadline:
            action = local.random()
            started = time.time()
            try:
                if action < 0.6:
                    status = session.request("GET", local.choice([f"/feed/{ENROLLED}", "/insights", "/education/meniscus",
                                                                  "/consent", "/assets/css/carefeed.css"]))[0]
                elif action < 0.85:
                    status = session.post("/tasks/checkIn/0", [("pain", str(local.randrange(11))), ("sleep", "7")])
                else:
                    status = session.post("/tasks/checkIn/0/delete")
            except OSError:
                status = "connection error"
            with lock:
                latencies.append(time.time() - started)
                statuses[status] = statuses.get(status, 0) + 1

    threads = [threading.Thread(target=client, args=(session, rng.random())) for session in sessions]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    exit_status = server.stop()
    integrity, outcomes, audited = stored_outcomes(store)
    live = [o for o in outcomes if o["task"] == "checkIn" and not o["deleted"]]
    errors = sum(count for status, count in statuses.items() if not isinstance(status, int) or status >= 500)
    return {"clients": clients, "seconds": seconds, "requests": len(latencies), "errors": errors,
            "statuses": dict(sorted((str(k), v) for k, v in statuses.items())),
            "p50_ms": round(percentile(latencies, 50) * 1000, 1), "p99_ms": round(percentile(latencies, 99) * 1000, 1),
            "integrity": integrity, "live_check_ins": len(live), "outcomes": len(outcomes), "audit_rows": audited,
            "exit_status": exit_status}


def percentile(values, p):
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def disk_trouble():
    """A store on a small file system that fills up: the participant gets 503
    "Not saved", never a success, and once space returns the same server
    saves again without a restart."""
    folder = Path(tempfile.mkdtemp(prefix="carefeed-disk-"))
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=3m", "tmpfs", str(folder)], capture_output=True)
    if mounted.returncode != 0:
        return {"run": False, "reason": mounted.stderr.decode().strip() or "cannot mount a small file system here"}
    server = None
    try:
        store = folder / "care.sqlite"
        server = Server(store, ENROLLED)
        session = Session(server.port)
        session.onboard()
        session = Session(server.port, ("/tasks/checkIn/0",))
        filler = folder / "filler"
        subprocess.run(["dd", "if=/dev/zero", f"of={filler}", "bs=64k"], capture_output=True)
        full = session.post("/tasks/checkIn/0", [("pain", "4"), ("sleep", "7")])
        full_page = session.request("GET", f"/feed/{ENROLLED}")[0]
        filler.unlink()
        recovered = session.post("/tasks/checkIn/0", [("pain", "4"), ("sleep", "7")])
        subprocess.run(["dd", "if=/dev/zero", f"of={filler}", "bs=64k"], capture_output=True)
        full_again = session.post("/tasks/checkIn/0/delete")
        filler.unlink()
        writable = session.post("/tasks/checkIn/0/delete")
        exit_status = server.stop()
        server = None
        integrity, outcomes, audited = stored_outcomes(store)
        check_ins = [o for o in outcomes if o["task"] == "checkIn"]
        return {"run": True, "full": full, "page_while_full": full_page, "after_space_returned": recovered,
                "delete_while_full": full_again, "after_space_returned_again": writable, "integrity": integrity,
                "check_ins": len(check_ins), "deleted": sum(o["deleted"] for o in check_ins), "exit_status": exit_status}
    finally:
        if server:
            server.kill()
        subprocess.run(["umount", "-l", str(folder)], capture_output=True)


def read_only_store():
    """A store whose file is read-only: pages still show, an answer gets 503
    "Not saved", never a success, and once the file is writable again the
    same server saves without a restart. Root writes to any file, so as root
    the server runs without the capabilities that override file modes."""
    prefix = ()
    if os.geteuid() == 0:
        prefix = ("setpriv", "--bounding-set=-dac_override,-dac_read_search,-fowner", "--")
        probe = subprocess.run([*prefix, "true"], capture_output=True)
        if probe.returncode != 0:
            return {"run": False, "reason": f"cannot drop root's file capabilities: {probe.stderr.decode().strip()}"}
    folder = Path(tempfile.mkdtemp(prefix="carefeed-readonly-"))
    store = folder / "care.sqlite"
    server = Server(store, ENROLLED)
    try:
        Session(server.port).onboard()
        server.stop()

        def set_mode(mode):
            for path in folder.glob("care.sqlite*"):
                path.chmod(mode)
        set_mode(0o444)
        server = Server(store, ENROLLED, prefix=prefix)
        session = Session(server.port, ("/tasks/checkIn/0",))
        page = session.request("GET", f"/feed/{ENROLLED}")[0]
        status, body, _ = session.request("POST", "/tasks/checkIn/0", [("pain", "4"), ("sleep", "7")])
        said_read_only = "read-only" in body
        set_mode(0o644)
        writable = session.post("/tasks/checkIn/0", [("pain", "4"), ("sleep", "7")])
        exit_status = server.stop()
        server = None
        integrity, outcomes, _ = stored_outcomes(store)
        return {"run": True, "page_while_read_only": page, "read_only": status, "said_read_only": said_read_only,
                "after_made_writable": writable, "integrity": integrity,
                "check_ins": len([o for o in outcomes if o["task"] == "checkIn"]), "exit_status": exit_status}
    finally:
        if server:
            server.kill()
        shutil.rmtree(folder, ignore_errors=True)


def bad_content(limit=None):
    """Malformed content files, each in an otherwise good study: every one is
    refused with a message naming the file, and none crashes or hangs."""
    cases = bad_content_cases()[:limit]
    results = []
    for name, relative, text in cases:
        folder = Path(tempfile.mkdtemp(prefix="carefeed-bad-"))
        subprocess.run(["cp", "-r", str(ROOT / "content"), str(folder / "content")], check=True)
        target = folder / "content" / relative
        target.write_bytes(text if isinstance(text, bytes) else text.encode())
        started = time.time()
        try:
            run = subprocess.run([CAREFEED, "check", "--content", str(folder / "content"), "--public", str(ROOT / "Public")],
                                 capture_output=True, text=True, errors="replace", timeout=20)
            status, errors = run.returncode, run.stderr
        except subprocess.TimeoutExpired:
            status, errors = "hang", ""
        elapsed = time.time() - started
        located = re.search(re.escape(str(target)) + r"(:\d+(:\d+)?)?: error: ", errors) is not None
        results.append({"case": name, "file": relative, "status": status, "located": located,
                        "seconds": round(elapsed, 2), "message": next((line for line in errors.splitlines() if str(target) in line), "")})
        subprocess.run(["rm", "-rf", str(folder)])
    return results


def bad_content_cases():
    """(name, file under content/, bytes or text) for each malformed file."""
    task = (ROOT / "content/tasks/checkIn.md").read_text()
    note = (ROOT / "content/education/meniscus.md").read_text()
    consent = (ROOT / "content/consent/recover.md").read_text()
    study = (ROOT / "content/study.yaml").read_text()
    onboarding = (ROOT / "content/tasks/onboarding.md").read_text()
    range_task = (ROOT / "content/tasks/rangeOfMotion.md").read_text()
    originals = {"tasks/checkIn.md": task, "education/meniscus.md": note, "consent/recover.md": consent,
                 "tasks/onboarding.md": onboarding, "tasks/rangeOfMotion.md": range_task}
    cases = []
    for relative, text in originals.items():
        head, _, body = text[4:].partition("\n---\n")
        lines = head.splitlines()
        mutations = {
            "unclosed quote": head.replace(": ", ': "', 1),
            "tab indentation": head.replace("\n  ", "\n\t", 1),
            "bad indentation": "\n".join(lines[:2] + ["   " + lines[2]] + lines[3:]),
            "unclosed flow sequence": head + "\nextra: [1, 2",
            "duplicate key": head + "\n" + lines[0],
            "unknown key": head + "\nnotAKey: 1",
            "anchor and alias": head + "\nfirst: &a x\nsecond: *a",
            "a second YAML document": head + "\n...\nmore: 1",
            "a list at the top": "- " + head.replace("\n", "\n  "),
            "a scalar at the top": "just words",
            "deep nesting": head + "\nextra: " + "[" * 5000 + "]" * 5000,
            "first key emptied": re.sub(r"^(\w+):.*$", r"\1:", head, count=1, flags=re.M),
            "first key a mapping": re.sub(r"^(\w+):.*$", r"\1: {a: 1}", head, count=1, flags=re.M),
        }
        for mutation, changed in mutations.items():
            cases.append((f"{relative}: {mutation}", relative, "---\n" + changed + "\n---\n" + body))
        cases.append((f"{relative}: no front matter", relative, body))
        cases.append((f"{relative}: front matter never closed", relative, "---\n" + head + "\n" + body))
        cases.append((f"{relative}: not UTF-8", relative, ("---\n" + head + "\n---\n").encode() + b"\xff\xfe\xc3\x28 body"))
        cases.append((f"{relative}: a NUL byte", relative, ("---\n" + head).encode() + b"\x00\n---\n"))
        cases.append((f"{relative}: empty", relative, ""))
        cases.append((f"{relative}: 2 MB of text", relative, "---\n" + head + "\n---\n" + "x" * (2 << 20)))
    task_mutations = {
        "date that does not exist": ("start: enrollment", "start: 2026-02-30"),
        "time that does not exist": ('at: "08:00"', 'at: "25:61"'),
        "zero interval": ("every: 1 day", "every: 0 days"),
        "interval in months": ("every: 1 day", "every: 1 month"),
        "negative duration": ("duration: 1 hour", "duration: -1 hours"),
        "huge day count": ("start: enrollment", "start: enrollment + 9999999999999999 days"),
        "scale step that does not divide": ("step: 1", "step: 3"),
        "min above max": ("min: 0\n            max: 10", "min: 10\n            max: 0"),
        "yes for a boolean": ("required: true", "required: yes"),
        "unknown answer format": ("scale:", "slider:"),
        "two answer formats": ("          scale:", "          boolean: {}\n          scale:"),
        "number as text": ("max: 24", 'max: "24"'),
        "huge number": ("max: 24", "max: 1e400"),
        "id not matching the file": ("id: checkIn", "id: checkin"),
        "id with a slash": ("id: checkIn", "id: check/In"),
        "duplicate item id": ("id: sleep", "id: pain"),
        "unknown step type": ("type: completion", "type: celebration"),
        "all-day and a time": ('at: "08:00"', 'at: "08:00"\n    allDay: true'),
        "no time and not all day": ('    at: "08:00"\n', ""),
        "schedule not a list": ("schedule:\n", "schedule: daily\nignored:\n"),
    }
    for mutation, (old, new) in task_mutations.items():
        assert old in task, mutation
        cases.append((f"tasks/checkIn.md: {mutation}", "tasks/checkIn.md", task.replace(old, new, 1)))
    other = {
        "study.yaml: zone that does not exist": ("study.yaml", study.replace("America/New_York", "Mars/Olympus")),
        "study.yaml: featured note missing": ("study.yaml", study.replace("featured: meniscus", "featured: menisci")),
        "study.yaml: chart type": ("study.yaml", study.replace("type: bar", "type: pie")),
        "study.yaml: series value missing": ("study.yaml", study.replace("value: sleep", "value: slept")),
        "study.yaml: colour": ("study.yaml", study.replace('"#ff7660"', "red")),
        "study.yaml: not YAML": ("study.yaml", "title: [unclosed"),
        "study.yaml: missing title": ("study.yaml", study.replace("title: Recover\n", "")),
        "onboarding: consent document missing": ("tasks/onboarding.md", onboarding.replace("document: recover", "document: recovery")),
        "onboarding: signature not drawn": ("tasks/onboarding.md", onboarding.replace("signature: drawn", "signature: stamped")),
        "onboarding: permission kind": ("tasks/onboarding.md", onboarding.replace("kind: motion", "kind: location")),
        "onboarding: icon missing": ("tasks/onboarding.md", onboarding.replace("icon: lock.fill", "icon: lock.open.fill")),
        "meniscus: model file missing": ("education/meniscus.md", note.replace("src: models/knee.glb", "src: models/ankle.glb")),
        "meniscus: poster missing": ("education/meniscus.md", note.replace("poster: images/knee-front.svg", "poster: images/none.svg")),
        "meniscus: model format": ("education/meniscus.md", note.replace("format: glb", "format: fbx")),
        "meniscus: highlight unnamed": ("education/meniscus.md", note.replace("highlight: [medial_meniscus,", "highlight: [acl,")),
        "meniscus: position of two numbers": ("education/meniscus.md", note.replace("position: [0.22, 0.02, 0.188]", "position: [0.22, 0.02]")),
        "meniscus: camera elevation": ("education/meniscus.md", note.replace("elevation: 15", "elevation: 135")),
        "meniscus: image on another host": ("education/meniscus.md", note + "\n![x](https://example.org/x.png)\n"),
        "range of motion: end before start": ("tasks/rangeOfMotion.md", range_task.replace("end: enrollment + 28 days", "end: enrollment + 3 days")),
        "consent: missing version": ("consent/recover.md", re.sub(r"^version:.*\n", "", consent, count=1, flags=re.M)),
    }
    for name, (relative, text) in other.items():
        cases.append((name, relative, text))
    return cases
