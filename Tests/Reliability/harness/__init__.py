"""Reliability checks of `carefeed serve` and `carefeed check`, each a
function that returns its figures. The tests in this folder run short
versions in `make test`; `Tools/reliability.py` runs the full ones for
`make reliability` and writes RELIABILITY.md.

Each check lives in a module of its own; this package gathers them, with the
server and session they share, under the names callers import.
"""
from .concurrent_load import load
from .content_corpus import bad_content, bad_content_cases
from .crash import crash_loop
from .hostile import conflicting_framing, invented_sessions, large_bodies, open_streams, trickling_connections
from .latency import percentile
from .malformed import malformed_requests, raw_exchange
from .server import CAREFEED, ENROLLED, ROOT, Server, Session, day
from .slow_sockets import slow_clients
from .storage_faults import disk_trouble, read_only_store
from .store import stored_outcomes

__all__ = [
    "CAREFEED", "ENROLLED", "ROOT", "Server", "Session", "bad_content", "bad_content_cases", "conflicting_framing",
    "crash_loop", "day", "disk_trouble", "invented_sessions", "large_bodies", "load", "malformed_requests",
    "open_streams", "percentile", "raw_exchange", "read_only_store", "slow_clients", "stored_outcomes",
    "trickling_connections",
]
