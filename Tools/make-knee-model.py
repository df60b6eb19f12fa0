#!/usr/bin/env python3
"""Build the 3D model of a right knee (glTF 2.0 binary, .glb) and its poster
(SVG), both from the same geometry.

The model is a right knee seen from the front: Y is up, the viewer looks from
+Z (the front), and the medial side (towards the body's midline) is on +X, the
viewer's right; the lateral side is on -X. The top of the tibial plateau is at
y = 0.

The scene has one root node "knee" with the children "femur", "tibia",
"fibula", "patella", "medial_meniscus" and "lateral_meniscus", each with its
own mesh and material; the education note's annotations name them. The
poster is drawn from the camera of the note that shows the model
(content/education/meniscus.md, `model.camera`). Both files are the same
bytes on every run.

Uses the Python 3 standard library only. Run from the repository root:

    python3 Tools/make-knee-model.py          # writes Public/models/knee.glb and Public/images/knee-front.svg
    python3 Tools/make-knee-model.py --check  # exit status 1 if either file differs from what this builds
"""

import os
import re
import sys

import knee_poster
from gltf_writer import build_gltf, glb_bytes
from knee_geometry import build_femur, build_fibula, build_patella, build_tibia
from knee_menisci import LATERAL, MEDIAL, build_menisci, front_edge

GENERATOR = "CareFeed make-knee-model.py"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODEL = os.path.join(ROOT, "Public", "models", "knee.glb")
POSTER = os.path.join(ROOT, "Public", "images", "knee-front.svg")
NOTE = os.path.join(ROOT, "content", "education", "meniscus.md")
POSTER_SIZE = (600, 800)   # 3:4, the shape of the viewer on a phone
POSTER_DETAIL = 0.4        # fewer segments: the picture is as clear, the file much smaller

# Colours as sRGB hex; converted to linear baseColorFactor values on output.
COLOURS = {
    "femur": "#e8dcc4",
    "tibia": "#e2d5ba",
    "fibula": "#e2d5ba",
    "patella": "#ede3ce",
    "medial_meniscus": "#ff7660",   # coral
    "lateral_meniscus": "#0a84ff",  # blue
}

TITLE = "Right knee seen from the front"
DESCRIPTION = ("The lower end of the femur lifted a little above the tibia, so that the two menisci lying on "
               "the tibial plateau can be seen: the medial meniscus (coral, on the viewer's right) is a large, "
               "open C; the lateral meniscus (blue, on the left) is smaller and almost a closed ring. Each is a "
               "wedge, thick at its outer rim and thin at its inner edge. The patella sits in front of the femur, "
               "above the joint; the fibula is beside the tibia on the outer side.")


def parts(detail=1.0):
    medial, lateral = build_menisci(steps=int(64 * detail))
    return [("femur", build_femur(detail)), ("tibia", build_tibia(detail)), ("fibula", build_fibula(detail)),
            ("patella", build_patella(detail)), ("medial_meniscus", medial), ("lateral_meniscus", lateral)]


def note_camera():
    """azimuth, elevation, distance from the note's `camera: { … }` line."""
    with open(NOTE, encoding="utf-8") as handle:
        text = handle.read()
    match = re.search(r"camera:\s*\{([^}]*)\}", text)
    values = dict(re.findall(r"(\w+):\s*(-?[0-9.]+)", match.group(1)))
    return float(values["azimuth"]), float(values["elevation"]), float(values["distance"])


def model_bytes():
    extras = {"medial_meniscus": {"frontEdge": front_edge(MEDIAL)},
              "lateral_meniscus": {"frontEdge": front_edge(LATERAL)}}
    gltf, blob = build_gltf([(name, mesh, COLOURS[name], extras.get(name)) for name, mesh in parts()], GENERATOR)
    return glb_bytes(gltf, blob)


def poster_bytes():
    # Painted bottom up, which is also back to front for a camera above the
    # plateau: the lower leg, the menisci on it, then the femur and kneecap.
    order = ["fibula", "tibia", "medial_meniscus", "lateral_meniscus", "femur", "patella"]
    coloured = sorted(((name, mesh, COLOURS[name]) for name, mesh in parts(POSTER_DETAIL)),
                      key=lambda part: order.index(part[0]))
    # The camera aims at the full model's centre, as the viewer's does.
    camera = knee_poster.Camera([mesh for _, mesh in parts()], *note_camera(), *POSTER_SIZE)
    return knee_poster.svg(coloured, camera, TITLE, DESCRIPTION).encode("utf-8")


def main(argv):
    if len(argv) > 1 and argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 0
    built = [(MODEL, model_bytes()), (POSTER, poster_bytes())]
    if len(argv) > 1 and argv[1] == "--check":
        stale = [path for path, data in built if not os.path.exists(path) or open(path, "rb").read() != data]
        for path in stale:
            print("%s is not what Tools/make-knee-model.py builds: run it and commit the result"
                  % os.path.relpath(path, ROOT), file=sys.stderr)
        return 1 if stale else 0
    for path, data in built:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as handle:
            handle.write(data)
        print("wrote %s (%d bytes)" % (os.path.relpath(path, ROOT), len(data)))
    print("front edges for annotations: medial %s, lateral %s" % (front_edge(MEDIAL), front_edge(LATERAL)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
