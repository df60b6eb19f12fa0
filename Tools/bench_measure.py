"""Measuring for `make bench`: where runs write, how a command is timed, and
how a figure is summed up (the median, with the minimum and maximum)."""
import os
import re
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CAREFEED = str(ROOT / os.environ.get("CAREFEED", ".build/release/carefeed"))
RUNS = int(os.environ.get("BENCH_RUNS", "5"))
WORK = ROOT / ".build/bench"
TODAY = "2026-11-30"


def measure(command, cwd=None):
    """Wall seconds until one command's output is on disk, its peak resident
    kilobytes, and what it printed. Whatever earlier runs left to write is
    flushed before the clock starts, and this run's writes before it stops:
    each tool pays for its own writes, and only its own."""
    os.sync()
    # What it says on stderr goes to a file: read from a pipe after stdout, a
    # command that warns ten thousand times would fill the pipe and wait forever.
    with tempfile.TemporaryFile() as said:
        started = time.perf_counter()
        process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.PIPE, stderr=said)
        # wait4 gives this child's own peak memory, not the largest of all children.
        output = process.stdout.read().decode()
        _, status, usage = os.wait4(process.pid, 0)
        said.seek(0)
        errors = said.read().decode()
    os.sync()
    seconds = time.perf_counter() - started
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise RuntimeError(f"{' '.join(map(str, command))} failed ({process.returncode}):\n{output}{errors}")
    return {"seconds": seconds, "kilobytes": usage.ru_maxrss, "output": output, "errors": errors,
            "user": usage.ru_utime, "system": usage.ru_stime}


def spread(values, unit="", digits=2):
    """`1.23 s (1.20–1.31)`: median, then minimum and maximum."""
    values = list(values)
    fmt = f"{{:,.{digits}f}}"
    middle = fmt.format(statistics.median(values))
    return f"{middle}{unit} ({fmt.format(min(values))}–{fmt.format(max(values))})"


def median(values):
    return statistics.median(list(values))


def megabytes(kilobytes):
    return kilobytes / 1024


def folder_bytes(path):
    return sum(entry.stat().st_size for entry in Path(path).rglob("*") if entry.is_file())


_outputs = iter(range(1_000_000))


def memory_folder(name="memory", size="4g"):
    """A tmpfs for the rows run without the disk: inputs and outputs in
    memory. None when no tmpfs can be mounted here."""
    folder = WORK / name
    folder.mkdir(parents=True, exist_ok=True)
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)], capture_output=True)
    return folder if mounted.returncode == 0 else None


def copy_tree(source, root=None):
    """`cp -r` of a finished output into a new folder, timed as a build is:
    the floor a build that writes the same files is held to."""
    return measure(["cp", "-r", str(source), str(new_folder("copy", root))])["seconds"]


def new_folder(name, root=None):
    """A folder no run has used: outputs are kept until the end rather than
    deleted between runs. ext4 without a journal passes over inodes freed in
    the last minute when it makes a file, so a build just after deleting the
    previous one's 20,000 files spends most of its time in that search."""
    folder = (root or WORK / "out") / f"{name}-{next(_outputs)}"
    assert not folder.exists(), f"{folder} was used before"
    return folder


def fresh(path):
    shutil.rmtree(path, ignore_errors=True)
    return path


def carefeed_build(content, store, out, today=TODAY, public=ROOT / "Public", language=None, timings=False):
    """With `timings`, the result's `steps` are each step's milliseconds, as `build --timings` says them."""
    result = measure([CAREFEED, "build", "--content", str(content), "--public", str(public), "--store", str(store),
                      "--out", str(out), "--today", today, *(["--language", language] if language else []),
                      *(["--timings"] if timings else [])])
    result["steps"] = {step: float(ms) for step, ms in re.findall(r"^timing: (.+): ([\d.]+) ms$", result["errors"], re.M)}
    match = re.search(r"^([\d,]+) pages in .*\(([\d,]+) files written, ([\d,]+) unchanged", result["output"], re.M)
    result["pages"] = int(match.group(1).replace(",", ""))
    result["written"] = int(match.group(2).replace(",", ""))
    return result
