"""The Markdown pipeline for `make bench`: 10,000 generated education notes
through `carefeed build` and through Hugo, and the floor, `cmark` on the
same files plus copying the output tree."""
import os
import random
import shutil
import subprocess
import time

from bench_measure import ROOT, RUNS, carefeed_build, folder_bytes, fresh, measure, new_folder

NOTES = 10_000

WORDS = ("knee meniscus cartilage swelling recovery exercise walking stairs ice rest brace physiotherapy "
         "bend straighten muscle quadriceps hamstring joint pain sleep range motion week day morning "
         "evening gently slowly carefully surgeon team follow appointment heel slide leg raise").split()


def sentence(rng, words=12):
    text = " ".join(rng.choice(WORDS) for _ in range(words))
    return text[0].upper() + text[1:] + "."


def note(index, rng):
    """An education note of about 4 KB: front matter with model metadata and
    two annotations, then headings, lists, emphasis and links."""
    title = f"Note {index}: {sentence(rng, 4)[:-1]}"
    front = f"""---
title: "{title}"
summary: >-
  {sentence(rng, 18)}
order: {index + 10}
model:
  src: models/knee.glb
  format: glb
  alt: Right knee seen from the front
  poster: images/knee-front.svg
  camera: {{ azimuth: {rng.randint(0, 90)}, elevation: 15, distance: 2.5 }}
  highlight: [medial_meniscus]
  annotations:
    - id: medial_meniscus
      label: Medial meniscus
      text: >-
        {sentence(rng, 14)}
      position: [0.22, 0.02, 0.188]
    - id: lateral_meniscus
      label: Lateral meniscus
      text: >-
        {sentence(rng, 14)}
      position: [-0.22, 0.02, 0.188]
---
"""
    body = []
    section = 0
    while sum(map(len, body)) + len(front) < 3900:
        section += 1
        body.append(f"## {sentence(rng, 3)[:-1]} {section}\n\n")
        body.append(f"{sentence(rng)} **{rng.choice(WORDS)} {rng.choice(WORDS)}** {sentence(rng, 10)} "
                    f"*{rng.choice(WORDS)}* {sentence(rng, 14)} See [the {rng.choice(WORDS)} guide]"
                    f"(https://example.org/{rng.choice(WORDS)}/{index}).\n\n")
        body.append("".join(f"- {sentence(rng, 7)}\n" for _ in range(rng.randint(2, 4))) + "\n")
        body.append(f"1. {sentence(rng, 6)}\n2. {sentence(rng, 8)}\n\n")
    return front + "".join(body)


HUGO_SINGLE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ .Title }}</title><link rel="stylesheet" href="../css/carefeed.css"></head>
<body><main><h1>{{ .Title }}</h1><p>{{ .Params.summary }}</p>
{{ with .Params.model }}<figure><img src="../{{ .poster }}" alt="{{ .alt }}">
<figcaption><ol>{{ range .annotations }}<li><strong>{{ .label }}</strong> {{ .text }}</li>{{ end }}</ol></figcaption></figure>{{ end }}
{{ .Content }}</main></body></html>
"""

HUGO_LIST = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title></head>
<body><main><h1>{{ .Title }}</h1><ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a> {{ .Params.summary }}</li>{{ end }}</ul></main></body></html>
"""


def make_corpus(root):
    """The same notes as a CareFeed study and as a Hugo site."""
    corpus = fresh(root / "notes")
    content = corpus / "content"
    shutil.copytree(ROOT / "content", content)
    rng = random.Random(7)
    for index in range(NOTES):
        (content / "education" / f"note-{index:05d}.md").write_text(note(index, rng))
    hugo = corpus / "hugo"
    (hugo / "layouts/_default").mkdir(parents=True)
    (hugo / "layouts/_default/single.html").write_text(HUGO_SINGLE)
    (hugo / "layouts/_default/list.html").write_text(HUGO_LIST)
    (hugo / "layouts/index.html").write_text(HUGO_LIST)
    (hugo / "config.yaml").write_text(
        "baseURL: http://localhost/\ntitle: Recover\nuglyURLs: true\nrelativeURLs: true\n"
        "disableKinds: [taxonomy, term, RSS, sitemap, robotsTXT, 404]\n")
    shutil.copytree(content / "education", hugo / "content/education")
    # The same assets CareFeed writes: its built-in files, then the study's public folder over them.
    shutil.copytree(ROOT / "Sources/BuiltInAssets/Files", hugo / "static")
    shutil.copytree(ROOT / "Public", hugo / "static", dirs_exist_ok=True)
    sources = sorted((content / "education").glob("*.md"))
    return {"root": root, "content": content, "hugo": hugo, "notes": len(sources), "sources": sources,
            "store": corpus / "empty.sqlite",
            "bytes": sum(path.stat().st_size for path in sources)}


def hugo_build(corpus, out):
    return measure(["hugo", "--quiet", "--source", str(corpus["hugo"]), "--destination", str(out),
                    "--cacheDir", str(new_folder("hugo-cache", corpus["root"]))])


def markdown_pipeline(corpus):
    """Both tools and the floor, each run into an empty folder of its own."""
    carefeed, hugo, cmark, copy = [], [], [], []
    outputs = {"carefeed": [], "hugo": []}
    for run in range(RUNS):
        out = new_folder("notes-carefeed", corpus["root"])
        carefeed.append(carefeed_build(corpus["content"], corpus["store"], out))
        hugo_out = new_folder("notes-hugo", corpus["root"])
        hugo.append(hugo_build(corpus, hugo_out))
        outputs["carefeed"].append(out)
        outputs["hugo"].append(hugo_out)
        with open(corpus["root"] / "cmark.html", "w") as sink:
            os.sync()
            started = time.perf_counter()
            subprocess.run(["cmark", *map(str, corpus["sources"])], stdout=sink, check=True)
            os.fsync(sink.fileno())
            cmark.append(time.perf_counter() - started)
        copy.append(measure(["cp", "-r", str(out), str(new_folder("notes-copy", corpus["root"]))])["seconds"])
    hugo_pages = sum(1 for _ in hugo_out.rglob("*.html"))
    return {"carefeed": carefeed, "hugo": hugo, "cmark": cmark, "copy": copy,
            "floor": [a + b for a, b in zip(cmark, copy)], "hugo_pages": hugo_pages, "outputs": outputs,
            "carefeed_bytes": folder_bytes(out), "hugo_bytes": folder_bytes(hugo_out)}


def after_deletion(corpus, outputs):
    """A rebuild after `rm -rf Site`: each run first deletes one of the tool's
    own earlier outputs (about 10,000 files), puts that on disk, and builds
    into an empty folder at once."""
    carefeed, hugo = [], []
    for run in range(min(RUNS, len(outputs["carefeed"]), len(outputs["hugo"]))):
        for tool, results, build in (("carefeed", carefeed, carefeed_build_notes), ("hugo", hugo, hugo_build)):
            fresh(outputs[tool][run])
            os.sync()
            out = new_folder(f"notes-{tool}-again", corpus["root"])
            results.append(build(corpus, out))
    return {"carefeed": carefeed, "hugo": hugo, "hugo_pages": sum(1 for _ in out.rglob("*.html"))}


def carefeed_build_notes(corpus, out):
    return carefeed_build(corpus["content"], corpus["store"], out)
