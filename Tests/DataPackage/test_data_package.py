"""The Frictionless Data Package of `carefeed export --format datapackage`,
validated by the `frictionless` package from PyPI: for the demo study, for
a study with conditions and scores, and for a study no one has seen before;
one task's CSV read back with its schema, each value as the JSON export
has it."""
import json
import re
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from frictionless import Package, validate

ROOT = Path(__file__).resolve().parents[2]
CAREFEED = str(ROOT / os.environ.get("CAREFEED", ".build/debug/carefeed"))
TODAY = "2026-11-30"
REASONS = ["not shared", "not chosen yet", "prefer not to answer", "not shown", "not in this version", "too few answers"]


def carefeed(*arguments, cwd=ROOT):
    return subprocess.run([CAREFEED, *arguments], cwd=cwd, check=True, capture_output=True, text=True).stdout


@pytest.fixture
def folder():
    path = Path(tempfile.mkdtemp(prefix="carefeed-datapackage-"))
    yield path
    shutil.rmtree(path, ignore_errors=True)


def package(folder, store, content="content", names=False):
    out = folder / "package"
    carefeed("export", "--content", str(content), "--store", str(store), "--format", "datapackage", "--out", str(out),
             *(["--names"] if names else []))
    return out


def write_study(folder, files):
    """A study's content folder in `folder`, from its files by path; returns the folder."""
    content = folder / "content"
    for path, text in files.items():
        (content / path).parent.mkdir(parents=True, exist_ok=True)
        (content / path).write_text(text)
    return content


def assert_valid(out):
    report = validate(str(out / "datapackage.json"))
    errors = [f"{task.name}: {error.message}" for task in report.tasks for error in task.errors]
    assert report.valid, "\n".join(errors[:20])


def test_the_demo_study_is_a_valid_package_whose_values_round_trip(folder):
    store = folder / "care.sqlite"
    carefeed("demo", "--store", str(store), "--participants", "8", "--days", "30", "--today", TODAY)
    out = package(folder, store)
    assert_valid(out)
    descriptor = json.loads((out / "datapackage.json").read_text())
    names = [resource["name"] for resource in descriptor["resources"]]
    assert names[:7] == ["participants", "dictionary", "consents", "grants", "withdrawals", "task-versions", "events"]
    assert "check-in" in names and "knee-function" in names
    for resource in descriptor["resources"]:
        schema = resource["schema"]
        assert schema["primaryKey"], resource["name"]
        for field in schema["fields"]:
            assert field["description"], f"{resource['name']}.{field['name']} says what it holds"
        if resource["name"] not in ("participants", "dictionary", "task-versions"):
            assert schema["foreignKeys"] == [{"fields": "study_id", "reference": {"resource": "participants", "fields": "study_id"}}]
    check_in = next(r for r in descriptor["resources"] if r["name"] == "check-in")
    assert check_in["schema"]["missingValues"] == [""]
    pain = next(f for f in check_in["schema"]["fields"] if f["name"] == "pain")
    assert pain["type"] == "integer" and pain["constraints"] == {"minimum": 0, "maximum": 10}
    # Each reason a value is missing has its own code and label, in the columns it can be missing from.
    assert [entry["value"] for entry in pain["missingValues"]] == ["", "not shared", "not chosen yet"]
    assert all(entry["label"] for entry in pain["missingValues"])
    for resource in descriptor["resources"]:
        for field in resource["schema"]["fields"]:
            codes = [entry["value"] for entry in field.get("missingValues", [])]
            assert set(codes) <= set([""] + REASONS), f"{resource['name']}.{field['name']}"
            if field["type"] == "string":
                assert codes in ([], [""]), f"a text column holds no code a participant could type: {field['name']}"

    # Nobody's name leaves the store unless asked.
    participants = (out / "participants.csv").read_text()
    assert "name" not in participants.splitlines()[0].split(",")

    # checkIn.csv read with its schema: each answer as the JSON export has it, typed.
    exported = json.loads(carefeed("export", "--store", str(store), "--format", "json"))
    answers = {}
    for outcome in exported["outcomes"]:
        if outcome["task"] == "checkIn" and outcome["deleted"] is None:
            answers[(outcome["participant"], outcome["occurrence"])] = {v["kind"]: v["value"] for v in outcome["values"]}
    rows = Package(str(out / "datapackage.json")).get_resource("check-in").read_rows()
    assert len(rows) == len(answers) > 0
    for row in rows:
        given = answers[(row["study_id"], row["occurrence"])]
        for kind, value in given.items():
            if kind in row:
                assert row[kind] == value, (row["study_id"], row["occurrence"], kind)
        assert isinstance(row["pain"], int) or row["pain"] is None


def test_a_study_with_conditions_and_scores_says_what_was_not_shown_and_the_scores(folder):
    store = folder / "care.sqlite"
    carefeed("demo", "--store", str(store), "--participants", "6", "--days", "40", "--today", TODAY)
    out = package(folder, store, names=True)
    assert_valid(out)
    resource = Package(str(out / "datapackage.json")).get_resource("knee-function")
    fields = {field.name: field for field in resource.schema.fields}
    assert fields["kneeScore"].type == "number"
    assert fields["kneeScore"].constraints == {"minimum": 0, "maximum": 100}
    rows = resource.read_rows()
    assert rows and any(row["kneeScore"] is not None for row in rows)
    for row in rows:
        if row["kneeScore"] is not None:
            assert 0 <= row["kneeScore"] <= 100
    # The column beside a text tells a question left out by a condition from one not answered; read, both are missing.
    assert all(row["lockingOften"] is None for row in rows if row["locking"] is False)
    reasons = [row["lockingOften_missing"] for row in rows]
    assert "not shown" in reasons
    for row, reason in zip(rows, reasons):
        if row["locking"] is False:
            assert reason == "not shown", "asked only after locking"
        if row["lockingOften"] is not None:
            assert reason is None, "an answer has no reason beside it"
    assert (out / "participants.csv").read_text().splitlines()[0].split(",")[1] == "name", "asked for, names are there"


def test_a_study_no_one_has_seen_before_is_a_valid_package(folder):
    subprocess.run([CAREFEED, "init", str(folder / "study")], check=True, capture_output=True)
    study = folder / "study"
    store = study / "care.sqlite"
    carefeed("demo", "--content", "content", "--store", str(store), "--participants", "3", "--days", "10",
             "--today", TODAY, cwd=study)
    out = study / "package"
    carefeed("export", "--store", str(store), "--format", "datapackage", "--out", str(out), cwd=study)
    assert_valid(out)
    descriptor = json.loads((out / "datapackage.json").read_text())
    assert [r["path"] for r in descriptor["resources"]] == [
        "participants.csv", "dictionary.csv", "consents.csv", "grants.csv", "withdrawals.csv", "task_versions.csv",
        "events.csv", "dailyCheckIn.csv"]
    # The package is as of a day: its moment is `created` alone, and nothing else in the descriptor tells the time.
    descriptor_text = (out / "datapackage.json").read_text()
    assert "on the day of the export, " in descriptor_text
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", descriptor["created"])
    assert len(re.findall(r"\d{4}-\d\d-\d\dT\d\d:\d\d", descriptor_text)) == 1
    # The same store and the same day give the same bytes.
    pinned, again = study / "pinned", study / "again"
    for copy in (pinned, again):
        carefeed("export", "--store", str(store), "--format", "datapackage", "--out", str(copy), "--today", TODAY,
                 cwd=study)
    assert f"their own today on {TODAY}" in (pinned / "datapackage.json").read_text()
    for path in pinned.iterdir():
        assert path.read_bytes() == (again / path.name).read_bytes(), path.name


HAND_STUDY = {
    "study.yaml": """\
title: Hand Therapy Pilot
institution: Example Hand Clinic
contact: hands@example.org
timezone: Europe/Madrid
""",
    "consent/pilot.md": """\
---
title: Taking part in the hand therapy pilot
version: "1"
---
You will answer a short questionnaire each week for four weeks.
""",
    "tasks/onboarding.md": """\
---
id: onboarding
title: Join the pilot
impactsAdherence: false
schedule:
  - { start: enrollment, every: 1 day, allDay: true }
survey:
  - type: consent
    document: pilot
    signature: drawn
  - type: completion
    title: Thank you
    text: You have joined.
---
""",
    "tasks/weekly.md": """\
---
id: weekly
title: Weekly hand check
schedule:
  - { start: enrollment, end: enrollment + 4 weeks, every: 1 week, allDay: true, window: 3 days }
survey:
  - type: form
    items:
      - { id: grip, text: How strong is your grip?, required: true, answer: { scale: { min: 0, max: 10, step: 1 } } }
      - { id: grams, text: How much did you lift?, required: true, answer: { numeric: { min: 0, max: 50, decimals: 1, unit: kg } } }
      - { id: numb, text: Any numbness?, required: true, answer: boolean }
      - id: where
        text: Where is it numb?
        required: true
        showIf: { item: numb, equals: true }
        answer: { choice: { options: [Thumb, Index, Little finger], multiple: true } }
      - id: stiff
        text: How stiff is your hand?
        required: true
        answer:
          choice:
            options:
              - { value: "-1", text: Less than before }
              - { value: "0", text: As before }
              - { value: "1", text: More than before }
      - id: mood
        text: How do you feel?
        required: false
        preferNotToAnswer: true
        answer: { choice: { options: [Good, Fair, Poor] } }
      - { id: notes, text: Anything else?, required: false, answer: { text: { maxLength: 200 } } }
      - { id: seen, text: When did you last see your therapist?, required: false, answer: { date: {} } }
      - { id: woke, text: When did you wake up?, required: false, answer: timeOfDay }
scores:
  - { id: handScore, label: Hand score, items: [grip, stiff], method: sum }
---
"""}


def test_a_study_the_test_writes_with_every_answer_format_is_a_valid_package(folder):
    content = write_study(folder, HAND_STUDY)
    store = folder / "care.sqlite"
    carefeed("check", "--content", str(content), "--public", str(folder))
    carefeed("demo", "--content", str(content), "--store", str(store), "--participants", "5", "--days", "28", "--today", TODAY)
    out = package(folder, store, content=content)
    assert_valid(out)
    resource = Package(str(out / "datapackage.json")).get_resource("weekly")
    fields = {field.name: field for field in resource.schema.fields}
    assert [fields[name].type for name in ("grip", "grams", "numb", "where_Thumb", "stiff", "mood", "notes", "seen", "woke",
                                           "handScore")] == [
        "integer", "number", "boolean", "boolean", "integer", "string", "string", "date", "time", "number"]
    assert fields["grams"].constraints == {"minimum": 0, "maximum": 50}
    assert fields["stiff"].constraints == {"minimum": -1, "maximum": 1}, "a code below 0 is a number, not quoted text"
    assert fields["mood"].constraints == {"enum": ["Good", "Fair", "Poor"]}
    assert "in kg" in fields["grams"].description
    rows = resource.read_rows()
    assert rows
    for row in rows:
        assert 0 <= row["grip"] <= 10
        if row["numb"] is False:
            assert row["where_Thumb"] is None, "not shown when there is no numbness"
        if row["handScore"] is not None:
            assert row["handScore"] == row["grip"] + row["stiff"]
    # Every answered event is an answered event of the schedule.
    events = {(row["study_id"], row["task"], row["occurrence"]): row["status"]
              for row in Package(str(out / "datapackage.json")).get_resource("events").read_rows()}
    for row in rows:
        assert events[(row["study_id"], "weekly", row["occurrence"])] in {"done", "done late"}
    assert set(events.values()) <= {"done", "done late", "missed", "open", "before joining", "after withdrawal"}
    # The study's overview follows its score, from the same store.
    site = folder / "Site"
    carefeed("build", "--content", str(content), "--public", str(folder), "--store", str(store), "--out", str(site),
             "--today", TODAY)
    overview = (site / "overview.html").read_text()
    assert "<h2>Hand score</h2>" in overview and "<caption>Hand score, by study week</caption>" in overview
    assert "<tr><th scope=\"row\">Enrolled</th><td>5</td></tr>" in overview
