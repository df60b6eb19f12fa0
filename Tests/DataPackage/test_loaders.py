"""load.py (pandas) and load.R (base R), written into every data package: each loads the demo's package
with no warning, and their figures equal the JSON export's: each task's answered events, the mean
morning pain, the knee function scores and the days of surgery; and a choice's words with quotes,
commas, a line break, a formula and right-to-left text come back as the study wrote them; and what they work
out from the package (the change in knee function, weekly pain, adherence) is what the overview shows."""
import html
import json
import re
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


# Recover's primary analysis and its follow-up, as a statistician would work them out from the package: the
# change in knee function from the visit before surgery, paired by participant; each study week's median of
# the participants' own mean pain; and each week's median adherence, from events.csv.
OVERVIEW_R = """
k <- carefeed$kneeFunction
k <- k[!is.na(k$kneeScore) & !is.na(k$visit), ]
base <- k[k$visit == "Before surgery", c("study_id", "kneeScore")]
for (v in c("Week 2", "Week 6")) {
  both <- merge(base, k[k$visit == v, c("study_id", "kneeScore")], by = "study_id")
  if (nrow(both) > 0) cat("change", v, nrow(both), sprintf("%.10f", median(both$kneeScore.y - both$kneeScore.x)), sep = "|")
  if (nrow(both) > 0) cat("\\n")
}
p <- carefeed$checkIn
p <- p[p$study_week >= 1 & !is.na(p$pain), ]
means <- aggregate(pain ~ study_id + study_week, data = p, FUN = mean)
for (w in sort(unique(means$study_week))) {
  x <- means$pain[means$study_week == w]
  cat("pain", w, length(x), sprintf("%.10f", median(x)), sep = "|"); cat("\\n")
}
e <- carefeed$events
e <- e[e$counts_in_adherence & e$status %in% c("done", "done late", "missed") & e$study_week >= 1, ]
e$answered <- e$status != "missed"
a <- aggregate(answered ~ study_id + study_week, data = e, FUN = mean)
for (w in sort(unique(a$study_week))) {
  x <- a$answered[a$study_week == w]
  cat("adherence", w, length(x), sprintf("%.10f", median(x)), sep = "|"); cat("\\n")
}
"""

OVERVIEW_PANDAS = """
from load import tables
t = tables()
k = t["kneeFunction"].dropna(subset=["kneeScore", "visit"])
base = k[k["visit"] == "Before surgery"][["study_id", "kneeScore"]]
for v in ["Week 2", "Week 6"]:
    both = base.merge(k[k["visit"] == v][["study_id", "kneeScore"]], on="study_id")
    if len(both):
        print("change", v, len(both), "%.10f" % (both["kneeScore_y"] - both["kneeScore_x"]).median(), sep="|")
p = t["checkIn"]
p = p[(p["study_week"] >= 1) & p["pain"].notna()]
means = p.groupby(["study_id", "study_week"], observed=True)["pain"].mean().reset_index()
for w, x in means.groupby("study_week")["pain"]:
    print("pain", w, len(x), "%.10f" % x.median(), sep="|")
e = t["events"]
e = e[e["counts_in_adherence"].astype(bool) & e["status"].isin(["done", "done late", "missed"]) & (e["study_week"] >= 1)]
e = e.assign(answered=(e["status"] != "missed").astype(float))
a = e.groupby(["study_id", "study_week"], observed=True)["answered"].mean().reset_index()
for w, x in a.groupby("study_week")["answered"]:
    print("adherence", w, len(x), "%.10f" % x.median(), sep="|")
"""


def overview_tables(page):
    """Each table of the overview by its caption: its rows of cells, without markup."""
    found = {}
    for caption, body in re.findall(r"<caption[^>]*>(.*?)</caption>(.*?)</tbody>", page, flags=re.S):
        rows = re.findall(r"<tr>(.*?)</tr>", body.split("<tbody>")[-1], flags=re.S)
        found[html.unescape(caption)] = [[html.unescape(re.sub(r"<[^>]+>", "", cell)).strip()
                                         for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, flags=re.S)]
                                        for row in rows]
    return found


def shown(cell):
    """The first number of an overview cell: "63.9 (60.1 to 67.7)" gives 63.9, "86%" gives 86."""
    return float(re.match(r"-?[\d.]+", cell.replace("−", "-")).group(0))


def test_the_loaders_work_out_the_overviews_figures(folder):
    store = folder / "care.sqlite"
    carefeed("demo", "--store", str(store), "--participants", "30", "--days", "60", "--today", TODAY)
    out = folder / "package"
    carefeed("export", "--store", str(store), "--format", "datapackage", "--out", str(out), "--today", TODAY)
    site = folder / "Site"
    carefeed("build", "--store", str(store), "--out", str(site), "--today", TODAY)
    tables = overview_tables((site / "overview.html").read_text())
    expected = []
    for row in tables["Knee function (0-100) at each visit"]:
        if row[0] != "Before surgery" and row[3] not in ("", "0"):
            expected.append(("change", row[0], int(row[3]), shown(row[4]), 0.05))
    for caption, kind, unit in [("Pain (0-10), by study week", "pain", 0.05), ("Adherence, by study week", "adherence", 0.005)]:
        for row in tables[caption]:
            if row[1] != "0":
                figure = shown(row[2]) / (100 if kind == "adherence" else 1)
                expected.append((kind, re.sub(r"\D", "", row[0]), int(row[1]), figure, unit))
    assert any(kind == "change" and visit == "Week 6" for kind, visit, *_ in expected), "someone has both visits"
    for name, figures in [("R", r(out, OVERVIEW_R)), ("pandas", pandas(out, OVERVIEW_PANDAS))]:
        worked = [line.split("|") for line in figures if line]
        assert [(kind, visit, int(n)) for kind, visit, n, _ in worked] == [(kind, key, n) for kind, key, n, *_ in expected], name
        for (kind, key, n, median, unit), (_, _, _, value) in zip(expected, worked):
            # The overview rounds to a tenth (a percent for adherence): the loaders' figure rounds to it.
            assert abs(float(value) - median) <= unit + 1e-9, (name, kind, key, value, median)
