"""`carefeed serve` on a free port for one participant, and that
participant's browser: a session cookie and the form token of its pages."""
import http.client
import os
import re
import signal
import subprocess
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
CAREFEED = os.environ.get("CAREFEED", str(ROOT / ".build/debug/carefeed"))
ENROLLED = "2026-11-01"


def day(offset):
    """The date `offset` days after enrollment."""
    return time.strftime("%Y-%m-%d", time.gmtime(time.mktime(time.strptime(ENROLLED, "%Y-%m-%d")) + offset * 86400 + 43200))


class Server:
    """`carefeed serve` on a free port, for one participant: with `participant`
    None, the editor's preview participant; with `today` None, the real today."""

    def __init__(self, store, today, participant="reliable", extra=(), prefix=()):
        # What the server says on standard error is kept, to be shown if it fails.
        self.errors = tempfile.TemporaryFile(mode="w+")
        self.process = subprocess.Popen(
            [*prefix, CAREFEED, "serve", "--store", str(store), "--port", "0", *(["--today", today] if today else []),
             *(["--participant", participant] if participant else []), *extra],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=self.errors, text=True)
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

    def stderr(self, last=4000):
        """The end of what the server wrote to standard error."""
        self.errors.seek(0)
        return self.errors.read()[-last:]


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
