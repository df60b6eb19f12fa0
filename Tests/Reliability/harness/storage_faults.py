"""Storage that refuses writes: a full file system, and a read-only store file."""
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from .server import ENROLLED, Server, Session
from .store import stored_outcomes


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
