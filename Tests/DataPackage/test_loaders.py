"""load.py (pandas) and load.R (base R), written into every data package: each loads the demo's package
with no warning, and their figures equal the JSON export's: each task's answered events, the mean
morning pain, the knee function scores and the days of surgery; and a choice's words with quotes,
commas, a line break, a formula and right-to-left text come back as the study wrote them."""
import json
import statistics
import subprocess
import sys

from test_data_package import TODAY, carefeed, folder, package, write_study  # noqa: F401 (fixture)

RECOVER_FIGURES = """
k <- carefeed$kneeFunction
cat(nrow(k), nrow(carefeed$checkIn), sprintf("%.10f", mean(carefeed$checkIn$pain, na.rm = TRUE)),
    sprintf("%.10f", sum(k$kneeScore, na.rm = TRUE)), sum(k$painNight_missing == "prefer not to answer", na.rm = TRUE),
    paste(format(sort(carefeed$participants$surgery_date)), collapse = ","), sep = "\\n")
cat("\\n")
"""

PANDAS_FIGURES = """
from load import tables
t = tables()
k = t["kneeFunction"]
print(len(k), len(t["checkIn"]), "%.10f" % t["checkIn"]["pain"].mean(), "%.10f" % k["kneeScore"].sum(),
      int((k["painNight_missing"] == "prefer not to answer").sum()),
      ",".join(str(d.date()) for d in sorted(t["participants"]["surgery_date"].dropna())), sep="\\n")
"""


def r(out, code):
    done = subprocess.run(["Rscript", "-e", "options(warn = 2); source('load.R')", "-e", code], cwd=out,
                          capture_output=True, text=True)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    return done.stdout.split("\n")


def pandas(out, code):
    done = subprocess.run([sys.executable, "-W", "error", "-c", code], cwd=out, capture_output=True, text=True)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    return done.stdout.split("\n")


def test_both_loaders_read_the_demo_package_as_the_json_export_has_it(folder):
    store = folder / "care.sqlite"
    carefeed("demo", "--store", str(store), "--participants", "10", "--days", "40", "--today", TODAY)
    out = package(folder, store)
    for run in (["Rscript", "load.R"], [sys.executable, "-W", "error", "load.py"]):
        done = subprocess.run(run, cwd=out, capture_output=True, text=True)
        assert done.returncode == 0 and done.stderr == "" and "kneeFunction: " in done.stdout, done.stderr
    exported = json.loads(carefeed("export", "--store", str(store), "--format", "json"))
    live = [outcome for outcome in exported["outcomes"] if outcome["deleted"] is None]
    knee = [outcome for outcome in live if outcome["task"] == "kneeFunction"]
    pain = [value["value"] for outcome in live if outcome["task"] == "checkIn"
            for value in outcome["values"] if value["kind"] == "pain"]
    scores = [score["value"] for outcome in knee for score in outcome.get("scores", []) if score["id"] == "kneeScore"]
    declined = sum(1 for outcome in knee for value in outcome["values"]
                   if value["kind"] == "painNight" and value["type"] == "preferNotToAnswer")
    header, *rows = (out / "participants.csv").read_text().splitlines()
    column = header.split(",").index("surgery_date")
    surgeries = sorted(row.split(",")[column] for row in rows if row.split(",")[column])
    expected = [str(len(knee)), str(sum(1 for outcome in live if outcome["task"] == "checkIn")),
                "%.10f" % statistics.fmean(pain), "%.10f" % sum(scores), str(declined), ",".join(surgeries)]
    assert r(out, RECOVER_FIGURES)[:6] == expected
    assert pandas(out, PANDAS_FIGURES)[:6] == expected
    assert len(knee) > 0 and len(surgeries) > 0


WORDS = ['He said "yes", then no', "=SUM(A1) and more", "two\\nlines", "نعم، أحيانًا"]

LABEL_STUDY = {
    "study.yaml": "title: Words\ninstitution: Example Clinic\ncontact: words@example.org\ntimezone: Europe/Madrid\n",
    "tasks/daily.md": """---
id: daily
title: Daily
schedule:
  - { start: enrollment, every: 1 day, allDay: true }
survey:
  - type: form
    items:
      - id: answer
        text: Which is it?
        required: true
        answer:
          choice:
            options:
""" + "".join(f"              - {{ value: \"{index}\", text: \"{word.replace(chr(34), chr(92) + chr(34))}\" }}\n"
          for index, word in enumerate(WORDS)) + """---
""",
}


def test_a_choices_words_come_back_as_the_study_wrote_them(folder):
    content = write_study(folder, LABEL_STUDY)
    store = folder / "care.sqlite"
    carefeed("demo", "--content", str(content), "--store", str(store), "--participants", "3", "--days", "20",
             "--today", TODAY)
    out = package(folder, store, content=content)
    written = [word.replace("\\n", "\n") for word in WORDS]
    from_r = r(out, 'cat(levels(carefeed$daily$answer_label), sep = "\\x1f")')[0:]
    assert "\n".join(from_r).split("\x1f") == written
    from_pandas = pandas(out, 'from load import tables\nprint("\\x1f".join(tables()["daily"]["answer_label"].cat.categories), end="")')
    assert "\n".join(from_pandas).split("\x1f") == written
    # The answers themselves: each row's words are its code's.
    codes = r(out, 'd <- carefeed$daily; cat(all(as.character(d$answer_label) == c(' + ", ".join(
        f'"{w.replace(chr(34), chr(92) + chr(34))}"' for w in WORDS) + ')[d$answer + 1]))')
    assert codes[0] == "TRUE"
