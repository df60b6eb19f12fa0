"""The two menisci of the knee model: C-shaped wedges seated on the tibial
plateau, as anatomy atlases draw them.

Each is a wedge swept along a C: its cross-section is a triangle with a
rounded top, thick at the outer rim and thin at the inner edge, on a flat
bottom lying on the plateau (y = 0). The medial meniscus is larger, longer
front to back, narrow in front and wide behind, and open: its horns are far
apart. The lateral one is smaller, rounder and nearly closed (an O), of even
width. Each C opens towards the middle of the knee, where the horns attach.
"""

import math

from knee_geometry import LATERAL_X, MEDIAL_X, Mesh, cross, dot, sub

SEAT = 0.002  # the bottom sits just on the plateau, so the two never flicker


class Meniscus:
    """centre: (x, z) of the C; radii: (x, z) of its outer rim; opens: the
    direction of its gap in degrees (0 = +X, 90 = front); gap: the gap's
    width in degrees; width(front): the wedge's width as a share of the rim's
    radius, front = how much the point faces forwards (-1 behind, 1 in front);
    height: of the outer rim."""

    def __init__(self, centre, radii, opens, gap, width, height):
        self.centre, self.radii, self.width, self.height = centre, radii, width, height
        self.start = math.radians(opens + gap / 2.0)
        self.arc = math.radians(360.0 - gap)

    def taper(self, t):
        """1 along the body, falling to 0.45 at the tips of the horns."""
        edge = min(t, 1.0 - t) / 0.14
        if edge >= 1.0:
            return 1.0
        edge = edge * edge * (3.0 - 2.0 * edge)
        return 0.45 + 0.55 * edge

    def rim_and_edge(self, t):
        """The outer rim's and the inner edge's (x, z) at t in [0, 1] along the C."""
        angle = self.start + t * self.arc
        cx, cz = self.centre
        dx, dz = self.radii[0] * math.cos(angle), self.radii[1] * math.sin(angle)
        share = self.width(math.sin(angle)) * (0.75 + 0.25 * self.taper(t))
        return (cx + dx, cz + dz), (cx + dx * (1.0 - share), cz + dz * (1.0 - share))

    def point(self, t, u, top):
        """u: 0 at the outer rim to 1 at the inner edge; top: on the upper
        surface (else the flat bottom)."""
        rim, edge = self.rim_and_edge(t)
        x = rim[0] + u * (edge[0] - rim[0])
        z = rim[1] + u * (edge[1] - rim[1])
        if not top:
            return (x, SEAT, z)
        return (x, SEAT + self.height * self.taper(t) * profile(u), z)


def profile(u):
    """The wedge's upper surface, as a share of the rim's height: a steep,
    rounded outer wall, then a concave slope down to a thin inner edge."""
    if u < 0.12:
        return 0.62 + 0.38 * math.sin(u / 0.12 * math.pi / 2.0)
    return 0.02 + 0.98 * ((1.0 - u) / 0.88) ** 1.6


# The outer wall starts at the bottom (u = 0 twice: at the plateau, then up).
WALL = [0.0, 0.0, 0.015, 0.035, 0.06, 0.09, 0.12, 0.18, 0.26, 0.35, 0.45, 0.55, 0.65, 0.75, 0.85, 0.93, 1.0]


def sweep(mesh, meniscus, steps):
    """The upper surface and outer wall as one smooth strip, the bottom as a
    flat one, and a cap on each horn."""
    def upper(t, k):
        if k == 0:
            return meniscus.point(t, 0.0, False)
        return meniscus.point(t, WALL[k], True)

    def inside(t):
        """A point well inside the cross-section at t."""
        top = meniscus.point(t, 0.4, True)
        return (top[0], SEAT + 0.3 * (top[1] - SEAT), top[2])

    def surface(i, k):
        t = i / steps
        p = upper(t, k)
        dt = 0.5 / steps
        along = sub(upper(min(t + dt, 1.0), k), upper(max(t - dt, 0.0), k))
        across = sub(upper(t, min(k + 1, len(WALL) - 1)), upper(t, max(k - 1, 0)))
        n = cross(along, across)
        # Outwards: away from the inside of the wedge.
        if dot(n, sub(p, inside(t))) < 0:
            n = (-n[0], -n[1], -n[2])
        return p, n

    mesh.grid(steps, len(WALL) - 1, surface)
    mesh.grid(steps, 6, lambda i, j: (meniscus.point(i / steps, j / 6.0, False), (0.0, -1.0, 0.0)))
    for t, sign in ((0.0, -1.0), (1.0, 1.0)):
        ahead = sub(meniscus.point(min(t + 0.01, 1.0), 0.5, False), meniscus.point(max(t - 0.01, 0.0), 0.5, False))
        normal = (ahead[0] * sign, 0.0, ahead[2] * sign)
        mesh.fan(inside(t), [upper(t, k) for k in range(len(WALL))], normal)


MEDIAL = Meniscus(centre=(MEDIAL_X + 0.01, -0.01), radii=(0.175, 0.225), opens=180.0 if MEDIAL_X > 0 else 0.0,
                  gap=110.0, width=lambda front: 0.5 - 0.12 * front, height=0.06)
LATERAL = Meniscus(centre=(LATERAL_X - 0.01, 0.0), radii=(0.16, 0.17), opens=0.0 if MEDIAL_X > 0 else 180.0,
                   gap=40.0, width=lambda front: 0.52, height=0.058)


def build_menisci(steps=64):
    medial, lateral = Mesh(), Mesh()
    sweep(medial, MEDIAL, steps)
    sweep(lateral, LATERAL, steps)
    return medial, lateral


def front_edge(meniscus):
    """The top of the outer rim where it faces straight ahead: a point that a
    label can be pinned to."""
    best = max((meniscus.rim_and_edge(i / 200.0)[0][1], i / 200.0) for i in range(201))
    return [round(c, 3) for c in meniscus.point(best[1], 0.06, True)]
