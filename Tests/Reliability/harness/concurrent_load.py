"""Load: concurrent clients mixing page views and answers."""
import random
import tempfile
import threading
import time
from pathlib import Path

from .latency import percentile
from .server import ENROLLED, Server, Session
from .store import stored_outcomes


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
