"""The geometry of the knee model: small vector helpers, an indexed triangle
mesh, the simple shapes it is built from (ellipsoid, lathe, swept meniscus)
and the parts of a right knee seen from the front.

Y is up, the viewer looks from +Z (the front), and the medial side is on +X;
the top of the tibial plateau is at y = 0.
"""

import math

# Side convention: a right knee seen from the front, so the medial meniscus
# sits on the viewer's right (x = MEDIAL_X > 0) and the lateral one on the
# viewer's left (x = LATERAL_X < 0).
MEDIAL_X = 0.22
LATERAL_X = -MEDIAL_X

# Meniscus shape: ring centre height, major radius, cross-section half-width
# (radial), top height and bottom depth of the wedge-like cross-section.
MEN_Y = 0.02
MEN_R = 0.15
MEN_HALF_WIDTH = 0.038
MEN_TOP = 0.05
MEN_BOTTOM = 0.016


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

def ellipsoid(mesh, centre, radii, nu=36, nv=18):
    cx, cy, cz = centre
    rx, ry, rz = radii

    def surface(i, j):
        u = 2.0 * math.pi * i / nu
        v = -0.5 * math.pi + math.pi * j / nv
        x = rx * math.cos(v) * math.cos(u)
        y = ry * math.sin(v)
        z = rz * math.cos(v) * math.sin(u)
        if j == 0 or j == nv:
            x = z = 0.0
        n = (x / (rx * rx), y / (ry * ry), z / (rz * rz))
        return (cx + x, cy + y, cz + z), n

    mesh.grid(nu, nv, surface)


def lathe(mesh, rings, segments=48, centre=(0.0, 0.0), cap_top=True,
          cap_bottom=True):
    """Elliptical lathe through rings [(y, rx, rz), ...] ordered top to bottom.

    Normals are smooth along the profile (central differences between rings);
    the flat end caps get their own vertices.
    """
    cx, cz = centre
    count = len(rings)

    def slope(k):
        lo = max(k - 1, 0)
        hi = min(k + 1, count - 1)
        dy = rings[hi][0] - rings[lo][0]
        drx = rings[hi][1] - rings[lo][1]
        drz = rings[hi][2] - rings[lo][2]
        return dy, drx, drz

    def surface(i, k):
        u = 2.0 * math.pi * i / segments
        y, rx, rz = rings[k]
        dy, drx, drz = slope(k)
        cu, su = math.cos(u), math.sin(u)
        p = (cx + rx * cu, y, cz + rz * su)
        pu = (-rx * su, 0.0, rz * cu)
        pt = (drx * cu, dy, drz * su)
        n = cross(pu, pt)
        if dot(n, (cu * rz, 0.0, su * rx)) < 0:
            n = scale(n, -1.0)
        return p, n

    mesh.grid(segments, count - 1, surface)

    def ring_points(k):
        y, rx, rz = rings[k]
        return [(cx + rx * math.cos(2.0 * math.pi * i / segments), y,
                 cz + rz * math.sin(2.0 * math.pi * i / segments))
                for i in range(segments)]

    if cap_top:
        mesh.fan((cx, rings[0][0], cz), ring_points(0), (0.0, 1.0, 0.0))
    if cap_bottom:
        mesh.fan((cx, rings[-1][0], cz), ring_points(count - 1),
                 (0.0, -1.0, 0.0))


def meniscus(mesh, cx, open_towards, arc_degrees, arc_steps=60,
             profile_steps=18):
    """A C-shaped wedge: a wedge cross-section swept round a partial ring.

    open_towards is the direction (degrees in the x-z plane, 0 = +X,
    90 = +Z/front) that the opening of the C faces. The horns taper at the
    ends; the bottom stays flat on the plateau.
    """
    gap = math.radians(360.0 - arc_degrees)
    start = math.radians(open_towards) + gap / 2.0
    arc = math.radians(arc_degrees)

    def taper(s):
        t = min(s, 1.0 - s) / 0.12
        if t >= 1.0:
            return 1.0
        t = t * t * (3.0 - 2.0 * t)
        return 0.35 + 0.65 * t

    def point(s, phi):
        f = taper(s)
        ang = start + s * arc
        radial = (math.cos(ang), 0.0, math.sin(ang))
        rho = MEN_HALF_WIDTH * f * math.cos(phi)
        sp = math.sin(phi)
        if sp >= 0.0:
            # Thick outer rim, thin inner edge.
            h = MEN_TOP * f * sp * (0.55 + 0.45 * math.cos(phi))
        else:
            h = MEN_BOTTOM * sp
        return (cx + (MEN_R + rho) * radial[0], MEN_Y + h,
                (MEN_R + rho) * radial[2])

    eps = 1e-4

    def surface(i, j):
        s = i / arc_steps
        phi = 2.0 * math.pi * j / profile_steps
        p = point(s, phi)
        s0, s1 = max(s - eps, 0.0), min(s + eps, 1.0)
        ps = sub(point(s1, phi), point(s0, phi))
        pphi = sub(point(s, phi + eps), point(s, phi - eps))
        n = cross(ps, pphi)
        ang = start + s * arc
        guess = (math.cos(phi) * math.cos(ang), math.sin(phi),
                 math.cos(phi) * math.sin(ang))
        if dot(n, guess) < 0:
            n = scale(n, -1.0)
        return p, n

    mesh.grid(arc_steps, profile_steps, surface)

    for s, sign in ((0.0, -1.0), (1.0, 1.0)):
        ang = start + s * arc
        tangent = (-math.sin(ang) * sign, 0.0, math.cos(ang) * sign)
        ring = [point(s, 2.0 * math.pi * j / profile_steps)
                for j in range(profile_steps)]
        centre = (cx + MEN_R * math.cos(ang), MEN_Y, MEN_R * math.sin(ang))
        mesh.fan(centre, ring, tangent)


def meniscus_front_edge(cx):
    """Outer surface point at the front (+Z) of a meniscus, mid-height."""
    return [cx, MEN_Y, MEN_R + MEN_HALF_WIDTH]


# ------------------------------------------------------------------ model ---

def build_femur():
    m = Mesh()
    # Shaft flaring smoothly into the wide lower end above the condyles.
    lathe(m, [(1.0, 0.175, 0.165), (0.6, 0.18, 0.17), (0.46, 0.2, 0.18),
              (0.38, 0.26, 0.205), (0.32, 0.32, 0.228), (0.26, 0.34, 0.235),
              (0.21, 0.33, 0.23), (0.17, 0.29, 0.21)],
          segments=48)
    # Medial and lateral condyles, longer front-to-back than wide.
    ellipsoid(m, (MEDIAL_X, 0.16, -0.03), (0.155, 0.11, 0.22))
    ellipsoid(m, (LATERAL_X, 0.16, -0.03), (0.155, 0.11, 0.22))
    return m


def build_tibia():
    m = Mesh()
    # Plateau: a wide elliptical disk with a small bevel at the top edge.
    lathe(m, [(0.0, 0.41, 0.30), (-0.012, 0.42, 0.31), (-0.12, 0.41, 0.30)],
          segments=64)
    # Taper from the plateau into the shaft, down to y = -1.
    lathe(m, [(-0.12, 0.38, 0.27), (-0.2, 0.30, 0.225), (-0.3, 0.21, 0.18),
              (-0.42, 0.155, 0.145), (-0.7, 0.135, 0.125),
              (-1.0, 0.13, 0.12)],
          segments=48)
    # Tibial tuberosity, a small bump on the front.
    ellipsoid(m, (0.0, -0.26, 0.17), (0.07, 0.09, 0.055), nu=24, nv=12)
    return m


def build_patella():
    m = Mesh()
    ellipsoid(m, (0.0, 0.25, 0.3), (0.13, 0.16, 0.06))
    return m


def build_menisci():
    medial = Mesh()
    lateral = Mesh()
    # Each C opens towards the other meniscus (the centre of the knee).
    medial_open = 0.0 if MEDIAL_X < 0 else 180.0
    meniscus(medial, MEDIAL_X, medial_open, 300.0)
    meniscus(lateral, LATERAL_X, 180.0 - medial_open, 330.0)
    return medial, lateral
