#!/usr/bin/env python3
"""Build a simple 3D model of a right knee and write it as a glTF 2.0 binary (.glb).

The model is a right knee seen from the front: Y is up, the viewer looks from
+Z (the front), and the medial side (towards the body's midline) is on +X, the
viewer's right; the lateral side is on -X. The top of the tibial plateau is at
y = 0.

It is made from simple shapes: the lower end of the femur (shaft, flare and
two condyles), the patella, the tibia (plateau, taper and shaft) and the two
menisci (C-shaped swept wedges lying on the plateau).

The scene has one root node "knee" with the children "femur", "tibia",
"patella", "medial_meniscus" and "lateral_meniscus", each with its own mesh
and material. The output is deterministic (same bytes on every run).

Uses the Python 3 standard library only. Run from the repository root:

    python3 Tools/make-knee-model.py            # writes Public/models/knee.glb
    python3 Tools/make-knee-model.py out.glb    # writes to another path
"""

import os
import sys

from gltf_writer import build_gltf, write_glb
from knee_geometry import (LATERAL_X, MEDIAL_X, build_femur, build_menisci, build_patella, build_tibia,
                           meniscus_front_edge)

GENERATOR = "CareFeed make-knee-model.py"

# Colours as sRGB hex; converted to linear baseColorFactor values on output.
BONE_FEMUR = "#e8dcc4"
BONE_TIBIA = "#e2d5ba"
BONE_PATELLA = "#ede3ce"
MEDIAL_COLOUR = "#ff7660"   # coral
LATERAL_COLOUR = "#0a84ff"  # blue


def main(argv):
    if len(argv) > 1 and argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 0
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if len(argv) > 1:
        path = argv[1]
    else:
        path = os.path.join(root, "Public", "models", "knee.glb")

    medial, lateral = build_menisci()
    parts = [
        ("femur", build_femur(), BONE_FEMUR, None),
        ("tibia", build_tibia(), BONE_TIBIA, None),
        ("patella", build_patella(), BONE_PATELLA, None),
        ("medial_meniscus", medial, MEDIAL_COLOUR,
         {"frontEdge": meniscus_front_edge(MEDIAL_X)}),
        ("lateral_meniscus", lateral, LATERAL_COLOUR,
         {"frontEdge": meniscus_front_edge(LATERAL_X)}),
    ]
    gltf, blob = build_gltf(parts, GENERATOR)
    size = write_glb(path, gltf, blob)
    print("wrote %s (%d bytes)" % (path, size))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
