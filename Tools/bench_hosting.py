"""A hosted study for `make bench`: 10,000 participants enrolled, 1,000 of
them signed in; their own day feeds under wrk (a Lua script rotating the
sessions' cookies) against nginx serving the same pages as files; then 200
participants answering at once, every acknowledged answer looked for in the
store."""
import hashlib
import http.client
import os
import re
import secrets
import shutil
import sqlite3
import subprocess
import tempfile
import threading
import time
import urllib.parse

from bench_measure import CAREFEED, ROOT, RUNS, TODAY, WORK, fresh
from bench_server import NGINX_CONF, wrk

SIGNED_IN = 1000
ENROLLED = 10_000
ANSWERING = 200

ROTATE = """
local lines = {}
for line in io.lines("%s") do lines[#lines + 1] = line end
local next_line = 0
request = function()
  next_line = next_line %% #lines + 1
  local path, cookie = lines[next_line]:match("^(%%S+) ?(%%S*)$")
  local headers = {["Host"] = "localhost"}
  if cookie ~= "" then headers["Cookie"] = cookie end
  return wrk.format("GET", path, headers)
end
"""


def sha256(text):
    return hashlib.sha256(text.encode()).hexdigest()


def hosted_store():
    """The demo's 1,000 participants with their answers, 9,000 more just enrolled, and a session for each of the first 1,000."""
    folder = fresh(WORK / "hosted")
    folder.mkdir(parents=True)
    store = folder / "study.sqlite"
    subprocess.run([CAREFEED, "demo", "--store", str(store), "--participants", str(SIGNED_IN), "--days", "60",
                    "--seed", "2", "--today", TODAY], check=True, capture_output=True, cwd=ROOT)
    now = time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime())
    tokens = {}
    with sqlite3.connect(store) as database:
        ids = [row[0] for row in database.execute("SELECT id FROM participants ORDER BY id")]
        zone, = database.execute("SELECT time_zone FROM participants LIMIT 1").fetchone()
        database.executemany("INSERT INTO participants (id, name, time_zone, enrolled_on) VALUES (?, '', ?, ?)",
                             [(f"h{index:05d}", zone, TODAY) for index in range(ENROLLED - len(ids))])
        for participant in ids[:SIGNED_IN]:
            token = secrets.token_hex(32)
            tokens[participant] = token
            database.execute("INSERT INTO device_sessions (token_sha256, calendar_sha256, participant_id, created_at, "
                             "last_used_at) VALUES (?, ?, ?, ?, ?)",
                             (sha256(token), sha256(sha256("calendar:" + token)[:40]), participant, now, now))
    return store, tokens


class Hosted:
    def __init__(self, store):
        self.port = free_port()
        self.process = subprocess.Popen([CAREFEED, "host", "--store", str(store), "--port", str(self.port)],
                                        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        line = self.process.stdout.readline()
        if not line.startswith("Hosting "):
            raise RuntimeError(f"carefeed host did not start: {line!r}")
        threading.Thread(target=lambda: [None for _ in self.process.stdout], daemon=True).start()

    def request(self, method, path, cookie, body=None):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        headers = {"Host": "localhost", "Cookie": cookie}
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            return response.status, response.read().decode(), dict(response.getheaders())
        finally:
            connection.close()

    def peak_kilobytes(self):
        return int(re.search(r"VmHWM:\s+(\d+)", open(f"/proc/{self.process.pid}/status").read()).group(1))

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=30)


def free_port():
    import socket
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def hosting():
    store, tokens = hosted_store()
    host = Hosted(store)
    work = fresh(WORK / "hosted-nginx")
    (work / "root/p").mkdir(parents=True)
    nginx = None
    try:
        # Each signed-in participant's own today's feed, fetched once as they would: the page nginx serves as a file.
        lines, files, sizes = [], [], []
        for index, (participant, token) in enumerate(tokens.items()):
            cookie = f"carefeed_device={token}"
            status, _, headers = host.request("GET", "/", cookie)
            path = headers.get("Location", "/")
            status, page, _ = host.request("GET", path, cookie)
            if status != 200:
                raise RuntimeError(f"{participant}'s {path} answered {status}")
            (work / f"root/p/{index}.html").write_text(page)
            sizes.append(len(page.encode()))
            lines.append(f"{path} {cookie}")
            files.append(f"/p/{index}.html")
        (work / "carefeed.txt").write_text("\n".join(lines) + "\n")
        (work / "nginx.txt").write_text("\n".join(files) + "\n")
        for name in ("carefeed", "nginx"):
            (work / f"{name}.lua").write_text(ROTATE % (work / f"{name}.txt"))
        port = free_port()
        user = "user root;" if os.geteuid() == 0 else ""
        (work / "nginx.conf").write_text(NGINX_CONF.format(work=work, port=port, user=user))
        nginx = subprocess.Popen(["nginx", "-c", str(work / "nginx.conf"), "-p", str(work)],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(0.5)
        results = {"carefeed": [], "nginx": []}
        for _ in range(RUNS):
            results["carefeed"].append(wrk(f"http://localhost:{host.port}/", script=work / "carefeed.lua"))
            results["nginx"].append(wrk(f"http://localhost:{port}/", script=work / "nginx.lua"))
        peak = host.peak_kilobytes()
        answering = answer_at_once(host, store, tokens)
        return {"store": store, "results": results, "peak_kilobytes": peak, "median_bytes": sorted(sizes)[len(sizes) // 2],
                "answering": answering}
    finally:
        host.stop()
        if nginx:
            nginx.terminate()
            nginx.wait()


def answer_at_once(host, store, tokens):
    """The first ANSWERING participants with a check-in open today each open it and save a pain of 4, all at
    once; then the store is read."""
    forms = {}
    for participant, token in tokens.items():
        if len(forms) == ANSWERING:
            break
        cookie = f"carefeed_device={token}"
        _, _, headers = host.request("GET", "/", cookie)
        _, page, _ = host.request("GET", headers.get("Location", "/"), cookie)
        match = re.search(r'href="(/tasks/checkIn/\d+)"', page)
        if not match:
            continue
        _, form, _ = host.request("GET", match.group(1), cookie)
        csrf = re.search(r'name="csrf" value="([^"]+)"', form)
        if csrf:
            forms[participant] = (cookie, match.group(1), csrf.group(1))
    acknowledged = {}
    barrier = threading.Barrier(len(forms))
    started = time.perf_counter()

    def answer(participant, cookie, path, csrf):
        barrier.wait()
        body = urllib.parse.urlencode([("csrf", csrf), ("pain", "4"), ("sleep", "7")])
        status, _, _ = host.request("POST", path, cookie, body=body)
        if status == 303:
            acknowledged[participant] = int(path.rsplit("/", 1)[1])

    threads = [threading.Thread(target=answer, args=(participant, *form)) for participant, form in forms.items()]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    seconds = time.perf_counter() - started
    with sqlite3.connect(store) as database:
        found = sum(1 for participant, occurrence in acknowledged.items() if database.execute(
            "SELECT 1 FROM outcomes o JOIN outcome_values v ON v.outcome_id = o.id WHERE o.participant_id = ? AND "
            "o.task_id = 'checkIn' AND o.occurrence = ? AND o.deleted_at IS NULL AND v.kind = 'pain' AND v.value = 4",
            (participant, occurrence)).fetchone())
    return {"sent": len(forms), "acknowledged": len(acknowledged), "found": found, "seconds": seconds}
