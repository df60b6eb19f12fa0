"""Slow clients: sockets that trickle a request while a normal client is served."""
import socket
import tempfile
import threading
import time
from pathlib import Path

from .latency import percentile
from .server import ENROLLED, Server, Session


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
