"""The crash loop: a server SIGKILLed while clients answer, round after round."""
import http.client
import random
import tempfile
import threading
import time
from pathlib import Path

from .server import ENROLLED, Server, Session, day
from .store import stored_outcomes


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
