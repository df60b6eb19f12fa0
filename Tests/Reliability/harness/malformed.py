"""Random and malformed requests, sent as raw bytes."""
import random
import re
import socket
import tempfile
from pathlib import Path

from .server import ENROLLED, Server, Session
from .store import stored_outcomes


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
