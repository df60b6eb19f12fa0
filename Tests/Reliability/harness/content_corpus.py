"""The bad content corpus: malformed content files, each in an otherwise good
study, run through `carefeed check`."""
import re
import subprocess
import tempfile
import time
from pathlib import Path

from .server import CAREFEED, ROOT


def bad_content(limit=None):
    """Malformed content files, each in an otherwise good study: every one is
    refused with a message naming the file, and none crashes or hangs."""
    cases = bad_content_cases()[:limit]
    results = []
    for name, relative, text in cases:
        folder = Path(tempfile.mkdtemp(prefix="carefeed-bad-"))
        subprocess.run(["cp", "-r", str(ROOT / "content"), str(folder / "content")], check=True)
        target = folder / "content" / relative
        target.write_bytes(text if isinstance(text, bytes) else text.encode())
        started = time.time()
        try:
            run = subprocess.run([CAREFEED, "check", "--content", str(folder / "content"), "--public", str(ROOT / "Public")],
                                 capture_output=True, text=True, errors="replace", timeout=20)
            status, errors = run.returncode, run.stderr
        except subprocess.TimeoutExpired:
            status, errors = "hang", ""
        elapsed = time.time() - started
        located = re.search(re.escape(str(target)) + r"(:\d+(:\d+)?)?: error: ", errors) is not None
        results.append({"case": name, "file": relative, "status": status, "located": located,
                        "seconds": round(elapsed, 2), "message": next((line for line in errors.splitlines() if str(target) in line), "")})
        subprocess.run(["rm", "-rf", str(folder)])
    return results


def bad_content_cases():
    """(name, file under content/, bytes or text) for each malformed file."""
    task = (ROOT / "content/tasks/checkIn.md").read_text()
    note = (ROOT / "content/education/meniscus.md").read_text()
    consent = (ROOT / "content/consent/recover.md").read_text()
    study = (ROOT / "content/study.yaml").read_text()
    onboarding = (ROOT / "content/tasks/onboarding.md").read_text()
    range_task = (ROOT / "content/tasks/rangeOfMotion.md").read_text()
    originals = {"tasks/checkIn.md": task, "education/meniscus.md": note, "consent/recover.md": consent,
                 "tasks/onboarding.md": onboarding, "tasks/rangeOfMotion.md": range_task}
    cases = []
    for relative, text in originals.items():
        head, _, body = text[4:].partition("\n---\n")
        lines = head.splitlines()
        mutations = {
            "unclosed quote": head.replace(": ", ': "', 1),
            "tab indentation": head.replace("\n  ", "\n\t", 1),
            "bad indentation": "\n".join(lines[:2] + ["   " + lines[2]] + lines[3:]),
            "unclosed flow sequence": head + "\nextra: [1, 2",
            "duplicate key": head + "\n" + lines[0],
            "unknown key": head + "\nnotAKey: 1",
            "anchor and alias": head + "\nfirst: &a x\nsecond: *a",
            "a second YAML document": head + "\n...\nmore: 1",
            "a list at the top": "- " + head.replace("\n", "\n  "),
            "a scalar at the top": "just words",
            "deep nesting": head + "\nextra: " + "[" * 5000 + "]" * 5000,
            "first key emptied": re.sub(r"^(\w+):.*$", r"\1:", head, count=1, flags=re.M),
            "first key a mapping": re.sub(r"^(\w+):.*$", r"\1: {a: 1}", head, count=1, flags=re.M),
        }
        for mutation, changed in mutations.items():
            cases.append((f"{relative}: {mutation}", relative, "---\n" + changed + "\n---\n" + body))
        cases.append((f"{relative}: no front matter", relative, body))
        cases.append((f"{relative}: front matter never closed", relative, "---\n" + head + "\n" + body))
        cases.append((f"{relative}: not UTF-8", relative, ("---\n" + head + "\n---\n").encode() + b"\xff\xfe\xc3\x28 body"))
        cases.append((f"{relative}: a NUL byte", relative, ("---\n" + head).encode() + b"\x00\n---\n"))
        cases.append((f"{relative}: empty", relative, ""))
        cases.append((f"{relative}: 2 MB of text", relative, "---\n" + head + "\n---\n" + "x" * (2 << 20)))
    task_mutations = {
        "date that does not exist": ("start: enrollment", "start: 2026-02-30"),
        "time that does not exist": ('at: "08:00"', 'at: "25:61"'),
        "zero interval": ("every: 1 day", "every: 0 days"),
        "interval in fortnights": ("every: 1 day", "every: 1 fortnight"),
        "negative duration": ("duration: 1 hour", "duration: -1 hours"),
        "huge day count": ("start: enrollment", "start: enrollment + 9999999999999999 days"),
        "scale step that does not divide": ("step: 1", "step: 3"),
        "min above max": ("min: 0\n            max: 10", "min: 10\n            max: 0"),
        "yes for a boolean": ("required: true", "required: yes"),
        "unknown answer format": ("scale:", "slider:"),
        "two answer formats": ("          scale:", "          boolean: {}\n          scale:"),
        "number as text": ("max: 24", 'max: "24"'),
        "huge number": ("max: 24", "max: 1e400"),
        "id not matching the file": ("id: checkIn", "id: checkin"),
        "id with a slash": ("id: checkIn", "id: check/In"),
        "duplicate item id": ("id: sleep", "id: pain"),
        "unknown step type": ("type: completion", "type: celebration"),
        "all-day and a time": ('at: "08:00"', 'at: "08:00"\n    allDay: true'),
        "no time and not all day": ('    at: "08:00"\n', ""),
        "schedule not a list": ("schedule:\n", "schedule: daily\nignored:\n"),
    }
    for mutation, (old, new) in task_mutations.items():
        assert old in task, mutation
        cases.append((f"tasks/checkIn.md: {mutation}", "tasks/checkIn.md", task.replace(old, new, 1)))
    other = {
        "study.yaml: zone that does not exist": ("study.yaml", study.replace("America/New_York", "Mars/Olympus")),
        "study.yaml: featured note missing": ("study.yaml", study.replace("featured: meniscus", "featured: menisci")),
        "study.yaml: chart type": ("study.yaml", study.replace("type: bar", "type: pie")),
        "study.yaml: series value missing": ("study.yaml", study.replace("value: sleep", "value: slept")),
        "study.yaml: colour": ("study.yaml", study.replace('"#d9472b"', "red")),
        "study.yaml: not YAML": ("study.yaml", "title: [unclosed"),
        "study.yaml: missing title": ("study.yaml", study.replace("title: Recover\n", "")),
        "onboarding: consent document missing": ("tasks/onboarding.md", onboarding.replace("document: recover", "document: recovery")),
        "onboarding: signature not drawn": ("tasks/onboarding.md", onboarding.replace("signature: drawn", "signature: stamped")),
        "onboarding: permission kind": ("tasks/onboarding.md", onboarding.replace("kind: health", "kind: location")),
        "onboarding: icon missing": ("tasks/onboarding.md", onboarding.replace("icon: lock.fill", "icon: lock.open.fill")),
        "meniscus: model file missing": ("education/meniscus.md", note.replace("src: models/knee.glb", "src: models/ankle.glb")),
        "meniscus: poster missing": ("education/meniscus.md", note.replace("poster: images/knee-front.svg", "poster: images/none.svg")),
        "meniscus: model format": ("education/meniscus.md", note.replace("format: glb", "format: fbx")),
        "meniscus: highlight unnamed": ("education/meniscus.md", note.replace("highlight: [medial_meniscus,", "highlight: [acl,")),
        "meniscus: position of two numbers": ("education/meniscus.md", note.replace("position: [0.21, 0.055, 0.21]", "position: [0.21, 0.055]")),
        "meniscus: camera elevation": ("education/meniscus.md", note.replace("elevation: 32", "elevation: 135")),
        "meniscus: image on another host": ("education/meniscus.md", note + "\n![x](https://example.org/x.png)\n"),
        "range of motion: end before start": ("tasks/rangeOfMotion.md", range_task.replace("end: enrollment + 28 days", "end: enrollment + 3 days")),
        "consent: missing version": ("consent/recover.md", re.sub(r"^version:.*\n", "", consent, count=1, flags=re.M)),
    }
    unchanged = {**originals, "study.yaml": study}
    for name, (relative, text) in other.items():
        # A case whose text no longer occurs in the file would test a valid file.
        if text == unchanged.get(relative):
            raise ValueError(f"{name}: the text it changes is no longer in content/{relative}")
        cases.append((name, relative, text))
    return cases
