"""Hostile load on loopback: sockets that trickle their headers or hold
event streams open while a normal client is served, invented sessions, and
requests whose body is too large or framed two ways."""
import random
import re
import resource
import select
import socket
import tempfile
import threading
import time
from pathlib import Path

from .latency import percentile
from .server import ENROLLED, Server, Session

# A drawn signature as the pad writes it, 64 KB of strokes inside its box.
# A drawing as long as a signature may be, 64 KB, ending on a whole point, as a pad's path always does.
SIGNATURE = "M20 50" + "".join(f" L{20 + i % 260} {20 + (i * 7) % 60}" for i in range(9000))[: 64 * 1024 - 6]
SIGNATURE = SIGNATURE[: SIGNATURE.rfind(" L")]


def _enough_files(count):
    """This process needs a socket for each connection it holds."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < count + 256:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, count + 256), hard))


def _threads(server):
    status = Path(f"/proc/{server.process.pid}/status").read_text()
    return int(re.search(r"Threads:\s+(\d+)", status).group(1))


def _normal_requests(port, seconds):
    """A normal client's page requests for `seconds`, each on a new connection: latencies and failures."""
    session = Session.__new__(Session)
    session.port, session.cookie, session.token = port, None, None
    latencies, errors = [], 0
    deadline = time.time() + seconds
    while time.time() < deadline:
        started = time.time()
        try:
            status, _, _ = session.request("GET", "/onboarding/1", timeout=5)
            errors += status != 200
        except OSError:
            errors += 1
        latencies.append(time.time() - started)
        time.sleep(0.05)
    return {"requests": len(latencies), "errors": errors, "p50_ms": round(percentile(latencies, 50) * 1000, 1),
            "max_ms": round(max(latencies, default=0) * 1000, 1)}


def _connect_many(port, count, first_bytes=b""):
    """`count` sockets, each sent `first_bytes`; those that could not connect are counted."""
    sockets, failed = [], 0
    for _ in range(count):
        try:
            connection = socket.create_connection(("127.0.0.1", port), timeout=2)
            if first_bytes:
                connection.sendall(first_bytes)
            # Never waits from here on: a check of a thousand sockets must be quick.
            connection.setblocking(False)
            sockets.append(connection)
        except OSError:
            failed += 1
    return sockets, failed


def _closed(connection):
    """Whether the server has closed `connection`, without waiting."""
    try:
        return connection.recv(4096) == b""
    except BlockingIOError:
        return False
    except OSError:
        return True


def trickling_connections(connections, seconds, gap=1.5):
    """`connections` sockets each sending a header line every `gap` seconds, a
    header that would take minutes, while a normal client asks for pages:
    its latencies, and how long the longest trickler was kept open."""
    _enough_files(connections)
    folder = Path(tempfile.mkdtemp(prefix="carefeed-trickle-"))
    server = Server(folder / "care.sqlite", ENROLLED)
    lines = [f"GET /onboarding/1 HTTP/1.1\r\nHost: localhost:{server.port}\r\n".encode()]
    lines += [f"X-Slow-{index}: s\r\n".encode() for index in range(200)]
    opened = time.time()
    sockets, failed = _connect_many(server.port, connections, lines[0])
    open_since = {connection: opened for connection in sockets}
    closed_after = {}
    stop = threading.Event()

    def trickle():
        position = 1
        while not stop.is_set():
            for connection in sockets:
                if connection in closed_after:
                    continue
                if _closed(connection):
                    closed_after[connection] = time.time() - open_since[connection]
                    continue
                try:
                    connection.send(lines[position])
                except OSError:
                    closed_after[connection] = time.time() - open_since[connection]
            position += 1
            stop.wait(gap)

    trickler = threading.Thread(target=trickle, daemon=True)
    trickler.start()
    normal = _normal_requests(server.port, seconds)
    stop.set()
    trickler.join()
    now = time.time()
    still_open = [connection for connection in sockets if connection not in closed_after and not _closed(connection)]
    longest = max([*closed_after.values(), *(now - open_since[c] for c in still_open)], default=0)
    for connection in sockets:
        connection.close()
    server.stop()
    return {"tricklers": connections, "connect_failures": failed, **normal, "still_open": len(still_open),
            "longest_open_s": round(longest, 1)}


def open_streams(streams, seconds):
    """`streams` open `/_live` event streams while a normal client asks for
    pages: its latencies, how many streams are open and still sent to at the
    end, and the server's threads."""
    _enough_files(streams)
    folder = Path(tempfile.mkdtemp(prefix="carefeed-streams-"))
    server = Server(folder / "care.sqlite", ENROLLED)
    threads_before = _threads(server)
    request = f"GET /_live HTTP/1.1\r\nHost: localhost:{server.port}\r\n\r\n".encode()
    sockets, failed = _connect_many(server.port, streams, request)
    time.sleep(1)
    normal = _normal_requests(server.port, seconds)
    threads_during = _threads(server)
    for connection in sockets:
        # Drain what was sent so far, so the last second's data is fresh.
        try:
            while connection.recv(65536):
                pass
        except OSError:
            pass
    time.sleep(2.5)
    alive = 0
    for connection in _readable(sockets):
        try:
            alive += b": still here" in connection.recv(65536)
        except OSError:
            pass
    for connection in sockets:
        connection.close()
    stopped = time.time()
    exit_status = server.stop()
    return {"streams": streams, "connect_failures": failed, **normal, "streams_alive": alive,
            "threads_before": threads_before, "threads_during": threads_during,
            "stop_s": round(time.time() - stopped, 1), "exit_status": exit_status}


def _readable(sockets):
    poller = select.poll()
    by_descriptor = {connection.fileno(): connection for connection in sockets}
    for descriptor in by_descriptor:
        poller.register(descriptor, select.POLLIN)
    return [by_descriptor[descriptor] for descriptor, _ in poller.poll(0)]


def invented_sessions(count, workers=4, seed=5):
    """`count` clients, each with a session id it made up, entering a 64 KB
    signature on the consent step: the server's resident memory before and after."""
    folder = Path(tempfile.mkdtemp(prefix="carefeed-sessions-"))
    server = Server(folder / "care.sqlite", ENROLLED)
    Session(server.port)
    rss_start = server.rss_kilobytes()
    rng = random.Random(seed)
    invented = [f"{rng.getrandbits(128):032x}" for _ in range(count)]
    statuses, replaced, lock = {}, [0], threading.Lock()

    def client(ids):
        for session_id in ids:
            session = Session.__new__(Session)
            session.port, session.cookie, session.token = server.port, f"carefeed_session={session_id}", None
            try:
                _, page, headers = session.request("GET", "/onboarding/3")
                if "set-cookie" in headers:
                    session.cookie = headers["set-cookie"].split(";")[0]
                    with lock:
                        replaced[0] += 1
                session.token = re.search(r'name="csrf" value="([^"]+)"', page).group(1)
                status = session.post("/onboarding/3", [("printedName", "Mallory"), ("signature", SIGNATURE)])
            except (OSError, AttributeError):
                status = None
            with lock:
                statuses[status] = statuses.get(status, 0) + 1

    threads = [threading.Thread(target=client, args=(invented[index::workers],)) for index in range(workers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    rss_end = server.rss_kilobytes()
    exit_status = server.stop()
    return {"sessions": count, "statuses": dict(sorted(statuses.items(), key=lambda item: str(item[0]))),
            "cookies_replaced": replaced[0], "rss_start_mb": rss_start // 1024, "rss_end_mb": rss_end // 1024,
            "exit_status": exit_status}


def _answer(connection, timeout):
    """The status codes of every response read from `connection` until it closes or `timeout` passes."""
    connection.settimeout(timeout)
    data = b""
    try:
        while True:
            chunk = connection.recv(65536)
            if not chunk:
                break
            data += chunk
    except OSError:
        pass
    return [int(code) for code in re.findall(rb"HTTP/1\.[01] (\d{3})", data)]


def large_bodies(megabytes=4):
    """A form POST of `megabytes` MB, sent at once and with `Expect: 100-continue`:
    the first answer to each, how long it took and how much of the body was sent before it."""
    folder = Path(tempfile.mkdtemp(prefix="carefeed-large-"))
    server = Server(folder / "care.sqlite", ENROLLED)
    size = megabytes * 1024 * 1024
    results = {}
    for expect in (False, True):
        header = (f"POST /onboarding/1 HTTP/1.1\r\nHost: localhost:{server.port}\r\n"
                  "Content-Type: application/x-www-form-urlencoded\r\n"
                  f"Content-Length: {size}\r\n{'Expect: 100-continue' + chr(13) + chr(10) if expect else ''}\r\n").encode()
        started = time.time()
        connection = socket.create_connection(("127.0.0.1", server.port), timeout=10)
        connection.sendall(header)
        sent = 0
        if not expect:
            chunk = b"a" * 65536
            connection.setblocking(False)
            while sent < size and not select.select([connection], [], [], 0)[0]:
                try:
                    sent += connection.send(chunk[: size - sent])
                except BlockingIOError:
                    select.select([connection], [connection], [], 1)
                except OSError:
                    break
            connection.setblocking(True)
        statuses = _answer(connection, 5)
        connection.close()
        results["expect" if expect else "plain"] = {"statuses": statuses, "seconds": round(time.time() - started, 2),
                                                    "body_sent_kb": sent // 1024}
    server.stop()
    return results


FRAMING_CASES = {
    "Content-Length and Transfer-Encoding": "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n"
                                            "0\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: localhost\r\n\r\n",
    "two Content-Lengths": "Content-Length: 5\r\nContent-Length: 52\r\n\r\n"
                           "a=1&bGET /smuggled HTTP/1.1\r\nHost: localhost\r\n\r\n",
    "two Hosts": "Host: evil.example\r\nContent-Length: 3\r\n\r\na=1",
    "unknown Transfer-Encoding": "Transfer-Encoding: xchunked\r\n\r\n3\r\na=1\r\n0\r\n\r\n",
    "Transfer-Encoding list": "Transfer-Encoding: gzip, chunked\r\n\r\n3\r\na=1\r\n0\r\n\r\n",
}


def conflicting_framing():
    """Each request whose body could be read two ways, or with two Hosts:
    the status of every response the server sent back to it."""
    folder = Path(tempfile.mkdtemp(prefix="carefeed-framing-"))
    server = Server(folder / "care.sqlite", ENROLLED)
    results = {}
    for name, rest in FRAMING_CASES.items():
        raw = (f"POST /onboarding/1 HTTP/1.1\r\nHost: localhost:{server.port}\r\n"
               f"Content-Type: application/x-www-form-urlencoded\r\n{rest}").encode()
        with socket.create_connection(("127.0.0.1", server.port), timeout=5) as connection:
            connection.sendall(raw)
            results[name] = _answer(connection, 3)
    server.stop()
    return results
