"""The knee model's poster: the same meshes drawn as an SVG from the camera
the education note gives the viewer, so the picture shown where the model
cannot be (no WebGL, no script, printing) is the model itself.

Triangles facing the camera are shaded with a light from the sky and a key
light beside the camera, as the viewer lights the model, and painted far to
near. The output is deterministic: rounded coordinates, a stable sort.
"""

import math

from knee_geometry import cross, dot, normalize, scale, sub

FIELD_OF_VIEW = 50.0      # degrees, vertical, as the viewer's camera
BACKGROUND = "#f3f1ec"    # the viewer's background
SKY, GROUND = (1.0, 1.0, 1.0), (0.7254, 0.6706, 0.5725)  # its hemisphere light, 0xffffff over 0xb9ab92


class Camera:
    """Looks at the model's bounding-box centre from azimuth (around Y, from
    the front towards +X), elevation and distance, as model-viewer.js does."""

    def __init__(self, meshes, azimuth, elevation, distance, width, height):
        points = [p for mesh in meshes for p in mesh.positions]
        centre = tuple((min(p[k] for p in points) + max(p[k] for p in points)) / 2.0 for k in range(3))
        a, e = math.radians(azimuth), math.radians(elevation)
        offset = (math.sin(a) * math.cos(e), math.sin(e), math.cos(a) * math.cos(e))
        self.eye = tuple(centre[k] + distance * offset[k] for k in range(3))
        self.forward = normalize(sub(centre, self.eye))
        self.right = normalize(cross(self.forward, (0.0, 1.0, 0.0)))
        self.up = cross(self.right, self.forward)
        self.width, self.height = width, height
        self.focal = height / 2.0 / math.tan(math.radians(FIELD_OF_VIEW) / 2.0)
        # The key light rides with the camera at (1, 1.5, 2) in its own frame.
        key = [self.eye[k] + self.right[k] + 1.5 * self.up[k] - 2.0 * self.forward[k] for k in range(3)]
        self.key = normalize(tuple(key))

    def project(self, p):
        """(x, y) on the poster, and the depth along the view."""
        d = sub(p, self.eye)
        depth = dot(d, self.forward)
        x = self.width / 2.0 + self.focal * dot(d, self.right) / depth
        y = self.height / 2.0 - self.focal * dot(d, self.up) / depth
        return x, y, depth


def linear(hex_colour):
    srgb = [int(hex_colour.lstrip("#")[i:i + 2], 16) / 255.0 for i in (0, 2, 4)]
    return [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in srgb]


def to_hex(colour):
    def channel(c):
        c = max(0.0, min(1.0, c))
        c = c * 12.92 if c <= 0.0031308 else 1.055 * c ** (1.0 / 2.4) - 0.055
        return int(round(c * 255.0))
    return "#%02x%02x%02x" % tuple(channel(c) for c in colour)


def shade(base, normal, camera):
    """Lambert under the sky light and the key light, in linear light."""
    up = 0.5 * normal[1] + 0.5
    sky = [0.9 * (GROUND[k] + (SKY[k] - GROUND[k]) * up) for k in range(3)]
    key = 0.75 * max(0.0, dot(normal, camera.key))
    # Colour in steps of 1/32, so neighbouring triangles share one.
    return [round(base[k] * (sky[k] * 0.7 + key) * 32.0) / 32.0 for k in range(3)]


def triangles(parts, camera):
    """(layer, depth, points, colour) of every triangle that faces the camera,
    in the order they are painted: layer by layer, far to near in each."""
    found = []
    for layer, (name, mesh, colour) in enumerate(parts):
        base = linear(colour)
        for t in range(0, len(mesh.indices), 3):
            a, b, c = (mesh.positions[i] for i in mesh.indices[t:t + 3])
            face = cross(sub(b, a), sub(c, a))
            centroid = scale((a[0] + b[0] + c[0], a[1] + b[1] + c[1], a[2] + b[2] + c[2]), 1.0 / 3.0)
            if dot(face, sub(camera.eye, centroid)) <= 0.0:
                continue
            normal = normalize(tuple(sum(mesh.normals[i][k] for i in mesh.indices[t:t + 3]) for k in range(3)))
            points = [camera.project(p) for p in (a, b, c)]
            depth = dot(sub(centroid, camera.eye), camera.forward)
            found.append((layer, -depth, t, points, to_hex(shade(base, normal, camera))))
    found.sort(key=lambda item: (item[0], item[1], item[2]))
    return found


def visible(painted, camera):
    """The painted triangles that show in at least one pixel: each pixel's
    centre belongs to the last triangle painted over it. A triangle smaller
    than a pixel is kept, as it may show between the pixels' centres."""
    owner = [-1] * (camera.width * camera.height)
    small = set()
    for index, (_, _, _, points, _) in enumerate(painted):
        (x0, y0, _), (x1, y1, _), (x2, y2, _) = points
        area = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0)
        if abs(area) < 2.0:
            small.add(index)
            continue
        left, right = max(0, int(min(x0, x1, x2))), min(camera.width - 1, int(max(x0, x1, x2)))
        top, bottom = max(0, int(min(y0, y1, y2))), min(camera.height - 1, int(max(y0, y1, y2)))
        for py in range(top, bottom + 1):
            cy = py + 0.5
            row = py * camera.width
            for px in range(left, right + 1):
                cx = px + 0.5
                a = (x1 - x0) * (cy - y0) - (cx - x0) * (y1 - y0)
                b = (x2 - x1) * (cy - y1) - (cx - x1) * (y2 - y1)
                c = (x0 - x2) * (cy - y2) - (cx - x2) * (y0 - y2)
                if (a >= 0 and b >= 0 and c >= 0) or (a <= 0 and b <= 0 and c <= 0):
                    owner[row + px] = index
    shown = set(owner) | small
    return [(points, colour) for index, (_, _, _, points, colour) in enumerate(painted) if index in shown]


def number(value):
    text = "%.1f" % value
    return text[:-2] if text.endswith(".0") else text


def svg(parts, camera, title, description):
    """parts: [(name, Mesh, colour hex)] in layers painted one over the other:
    sorting by depth alone would paint a large triangle of the plateau over
    the small ones of a meniscus lying on it. Triangles of one colour that
    are painted one after another share a path."""
    runs = []
    for points, colour in visible(triangles(parts, camera), camera):
        (x0, y0), (x1, y1), (x2, y2) = [(round(x, 1), round(y, 1)) for x, y, _ in points]
        d = "M%s %s" % (number(x0), number(y0)) + "".join(
            "l%s %s" % (number(dx), number(dy)) for dx, dy in ((x1 - x0, y1 - y0), (x2 - x1, y2 - y1))) + "z"
        if runs and runs[-1][0] == colour:
            runs[-1][1].append(d)
        else:
            runs.append((colour, [d]))
    w, h = camera.width, camera.height
    lines = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" height="%d" role="img" '
             'aria-labelledby="knee-title knee-desc">' % (w, h, w, h),
             '<title id="knee-title">%s</title>' % title,
             '<desc id="knee-desc">%s</desc>' % description,
             '<rect width="%d" height="%d" fill="%s"/>' % (w, h, BACKGROUND),
             # Each path's outline in its own colour covers the hairline seams
             # that antialiasing leaves between triangles.
             '<g fill="currentColor" stroke="currentColor" stroke-width="0.7" stroke-linejoin="round">']
    for colour, paths in runs:
        lines.append('<path color="%s" d="%s"/>' % (colour, "".join(paths)))
    lines += ["</g>", "</svg>", ""]
    return "\n".join(lines)
