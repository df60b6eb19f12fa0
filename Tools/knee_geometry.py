"""The geometry of the knee model: small vector helpers, an indexed triangle
mesh, the shapes it is built from (ellipsoid, rounded-rectangle lathe) and
the bones of a right knee seen from the front. The menisci are in
knee_menisci.py.

Y is up, the viewer looks from +Z (the front), and the medial side is on +X;
the top of the tibial plateau is at y = 0. One unit is about 95 mm.
"""

import math

# Side convention: a right knee seen from the front, so the medial
# compartment is on the viewer's right (x = MEDIAL_X > 0) and the lateral one
# on the viewer's left (x = LATERAL_X < 0).
MEDIAL_X = 0.2
LATERAL_X = -MEDIAL_X

# The femur is lifted off the menisci a little, as in a textbook's opened
# joint, so the wedges can be seen between the bones.
CONDYLE_BOTTOM = 0.085


# ---------------------------------------------------------------- vectors ---

def sub(a, b):
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2])


def add(a, b):
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def scale(a, s):
    return (a[0] * s, a[1] * s, a[2] * s)


def dot(a, b):
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def cross(a, b):
    return (a[1] * b[2] - a[2] * b[1],
            a[2] * b[0] - a[0] * b[2],
            a[0] * b[1] - a[1] * b[0])


def normalize(a):
    length = math.sqrt(dot(a, a))
    if length == 0.0:
        return (0.0, 1.0, 0.0)
    return (a[0] / length, a[1] / length, a[2] / length)


# ------------------------------------------------------------------- mesh ---

class Mesh:
    """Indexed triangle mesh with smooth per-vertex normals."""

    def __init__(self):
        self.positions = []
        self.normals = []
        self.indices = []

    def vertex(self, p, n):
        self.positions.append(tuple(round(c, 6) for c in p))
        self.normals.append(tuple(round(c, 6) for c in normalize(n)))
        return len(self.positions) - 1

    def triangle(self, a, b, c):
        """Add a triangle, wound counter-clockwise as seen from outside.

        The winding is chosen so the face normal agrees with the (outward)
        vertex normals; degenerate triangles (at poles) are dropped.
        """
        pa, pb, pc = self.positions[a], self.positions[b], self.positions[c]
        face = cross(sub(pb, pa), sub(pc, pa))
        if dot(face, face) < 1e-18:
            return
        n = add(add(self.normals[a], self.normals[b]), self.normals[c])
        if dot(face, n) < 0:
            b, c = c, b
        self.indices.extend((a, b, c))

    def grid(self, nu, nv, surface):
        """Add a (nu+1) x (nv+1) grid of vertices from surface(i, j) -> (p, n)."""
        base = len(self.positions)
        for j in range(nv + 1):
            for i in range(nu + 1):
                p, n = surface(i, j)
                self.vertex(p, n)
        row = nu + 1
        for j in range(nv):
            for i in range(nu):
                a = base + j * row + i
                b = a + 1
                c = a + row + 1
                d = a + row
                self.triangle(a, b, c)
                self.triangle(a, c, d)

    def fan(self, centre, ring, normal):
        """Add a flat cap: a fan from centre to the closed ring of points."""
        c = self.vertex(centre, normal)
        ids = [self.vertex(p, normal) for p in ring]
        for k in range(len(ids)):
            self.triangle(c, ids[k], ids[(k + 1) % len(ids)])


# ----------------------------------------------------------------- shapes ---

def ellipsoid(mesh, centre, radii, nu=36, nv=18, taper=0.0):
    """taper narrows it towards the bottom (x shrinks by that share there),
    as a kneecap narrows to its lower point."""
    cx, cy, cz = centre
    rx, ry, rz = radii

    def surface(i, j):
        u = 2.0 * math.pi * i / nu
        v = -0.5 * math.pi + math.pi * j / nv
        x = rx * (1.0 - taper * (1.0 - math.sin(v)) / 2.0) * math.cos(v) * math.cos(u)
        y = ry * math.sin(v)
        z = rz * math.cos(v) * math.sin(u)
        if j == 0 or j == nv:
            x = z = 0.0
        n = (x / (rx * rx), y / (ry * ry), z / (rz * rz))
        return (cx + x, cy + y, cz + z), n

    mesh.grid(nu, nv, surface)


def superellipse(u, rx, rz, power):
    """A point of |x/rx|^p + |z/rz|^p = 1 at parameter angle u: a rounded
    rectangle for p > 2, an ellipse for p = 2."""
    c, s = math.cos(u), math.sin(u)
    e = 2.0 / power
    return (rx * math.copysign(abs(c) ** e, c), rz * math.copysign(abs(s) ** e, s))


def lathe(mesh, rings, segments=48, centre=(0.0, 0.0), power=2.0, cap_top=True, cap_bottom=True):
    """A tube through rings [(y, rx, rz), ...] ordered top to bottom, each a
    superellipse of `power`. Normals are smooth along the profile; the end
    caps are flat discs of their own, made of rings so that no triangle is
    large (the poster sorts triangles by depth)."""
    cx, cz = centre
    count = len(rings)

    def at(i, k):
        y, rx, rz = rings[k]
        x, z = superellipse(2.0 * math.pi * i / segments, rx, rz, power)
        return (cx + x, y, cz + z)

    def surface(i, k):
        p = at(i, k)
        along = sub(at(i + 0.01, k), at(i - 0.01, k))
        down = sub(at(i, min(k + 1, count - 1)), at(i, max(k - 1, 0)))
        n = cross(down, along)
        if dot(n, (p[0] - cx, 0.0, p[2] - cz)) < 0:
            n = scale(n, -1.0)
        return p, n

    mesh.grid(segments, count - 1, surface)
    for k, wanted, normal in ((0, cap_top, (0.0, 1.0, 0.0)), (count - 1, cap_bottom, (0.0, -1.0, 0.0))):
        if wanted:
            y, rx, rz = rings[k]
            disc(mesh, (cx, y, cz), rx, rz, power, segments, normal)


def disc(mesh, centre, rx, rz, power, segments, normal, steps=5):
    cx, y, cz = centre

    def surface(i, j):
        x, z = superellipse(2.0 * math.pi * i / segments, rx * j / steps, rz * j / steps, power)
        return (cx + x, y, cz + z), normal

    mesh.grid(segments, steps, surface)


# ------------------------------------------------------------------ bones ---
# detail scales every part's number of segments: 1 for the model, less for
# the poster, whose file grows with each triangle.

def steps(count, detail):
    return max(8, int(round(count * detail)))


def build_femur(detail=1.0):
    m = Mesh()
    # Shaft flaring into the wide lower end above the condyles.
    b = CONDYLE_BOTTOM
    lathe(m, [(0.75, 0.165, 0.155), (0.6, 0.17, 0.16), (0.46 + b, 0.19, 0.17),
              (0.36 + b, 0.25, 0.19), (0.29 + b, 0.31, 0.205), (0.23 + b, 0.335, 0.21),
              (0.18 + b, 0.32, 0.2), (0.14 + b, 0.27, 0.17)], segments=steps(48, detail), centre=(0.0, -0.02), power=2.4)
    # Medial and lateral condyles: longer front to back than wide, the
    # medial one a little larger, resting over the menisci.
    ellipsoid(m, (MEDIAL_X, b + 0.125, -0.03), (0.15, 0.125, 0.215), nu=steps(36, detail), nv=steps(18, detail))
    ellipsoid(m, (LATERAL_X, b + 0.125, -0.02), (0.14, 0.125, 0.2), nu=steps(36, detail), nv=steps(18, detail))
    return m


def build_tibia(detail=1.0):
    m = Mesh()
    # Plateau: a rounded rectangle, wider than deep, with a small bevel.
    lathe(m, [(0.0, 0.43, 0.29), (-0.015, 0.44, 0.3), (-0.11, 0.43, 0.29)], segments=steps(64, detail), power=2.8)
    # Taper from the plateau into the shaft.
    lathe(m, [(-0.11, 0.4, 0.27), (-0.2, 0.31, 0.22), (-0.3, 0.21, 0.175),
              (-0.42, 0.155, 0.145), (-0.6, 0.138, 0.128), (-0.75, 0.133, 0.123)], segments=steps(48, detail), power=2.2)
    # The two spines of the intercondylar eminence, between the menisci.
    ellipsoid(m, (0.04, 0.0, -0.01), (0.03, 0.03, 0.055), nu=steps(16, detail), nv=steps(8, detail))
    ellipsoid(m, (-0.04, 0.0, 0.0), (0.03, 0.025, 0.055), nu=steps(16, detail), nv=steps(8, detail))
    # Tibial tuberosity, where the kneecap's tendon pulls, on the front.
    ellipsoid(m, (0.0, -0.25, 0.17), (0.07, 0.09, 0.055), nu=steps(24, detail), nv=steps(12, detail))
    return m


def build_fibula(detail=1.0):
    m = Mesh()
    # Head just under the outer edge of the plateau, then a thin shaft.
    ellipsoid(m, (LATERAL_X - 0.17, -0.17, -0.1), (0.065, 0.06, 0.06), nu=steps(24, detail), nv=steps(12, detail))
    lathe(m, [(-0.18, 0.045, 0.045), (-0.5, 0.035, 0.035), (-0.75, 0.035, 0.035)],
          segments=steps(20, detail), centre=(LATERAL_X - 0.16, -0.11))
    return m


def build_patella(detail=1.0):
    # In front of the lower femur, above the joint line, so that it covers
    # neither meniscus from the front.
    m = Mesh()
    ellipsoid(m, (0.0, 0.43, 0.245), (0.16, 0.17, 0.05), nu=steps(36, detail), nv=steps(18, detail), taper=0.45)
    return m
