"""glTF 2.0 binary (.glb) writing: meshes with one material each, as nodes
under one root node, packed into a JSON chunk and a binary chunk. The output
is deterministic (same bytes for the same parts)."""

import json
import struct


def hex_colour(text):
    text = text.lstrip("#")
    srgb = [int(text[i:i + 2], 16) / 255.0 for i in (0, 2, 4)]

    # glTF base colours are linear; convert from sRGB so the hex colour is
    # what the viewer shows under neutral light.
    def lin(c):
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    return [round(lin(c), 4) for c in srgb] + [1.0]


def pad(data, boundary=4, fill=b"\x00"):
    extra = (-len(data)) % boundary
    return data + fill * extra


def build_gltf(parts, generator):
    """parts: list of (node name, Mesh, colour hex, extras or None);
    generator: the program named in the asset block."""
    gltf = {
        "asset": {"version": "2.0", "generator": generator},
        "scene": 0,
        "scenes": [{"name": "knee", "nodes": [0]}],
        "nodes": [{"name": "knee",
                   "children": list(range(1, len(parts) + 1))}],
        "meshes": [],
        "materials": [],
        "accessors": [],
        "bufferViews": [],
        "buffers": [],
    }
    blob = bytearray()

    def add_view(data, target):
        offset = len(blob)
        blob.extend(pad(data))
        gltf["bufferViews"].append({"buffer": 0, "byteOffset": offset,
                                    "byteLength": len(data),
                                    "target": target})
        return len(gltf["bufferViews"]) - 1

    def add_accessor(view, component, count, kind, extra=None):
        acc = {"bufferView": view, "byteOffset": 0, "componentType": component,
               "count": count, "type": kind}
        if extra:
            acc.update(extra)
        gltf["accessors"].append(acc)
        return len(gltf["accessors"]) - 1

    for index, (name, mesh, colour, extras) in enumerate(parts):
        flat_pos = [c for p in mesh.positions for c in p]
        flat_nrm = [c for n in mesh.normals for c in n]
        pos_bytes = struct.pack("<%df" % len(flat_pos), *flat_pos)
        nrm_bytes = struct.pack("<%df" % len(flat_nrm), *flat_nrm)
        # min/max from the stored float32 values, so they match exactly.
        stored = struct.unpack("<%df" % len(flat_pos), pos_bytes)
        lo = [min(stored[k::3]) for k in range(3)]
        hi = [max(stored[k::3]) for k in range(3)]
        count = len(mesh.positions)
        if count <= 65535:
            idx_bytes = struct.pack("<%dH" % len(mesh.indices), *mesh.indices)
            idx_type = 5123  # UNSIGNED_SHORT
        else:
            idx_bytes = struct.pack("<%dI" % len(mesh.indices), *mesh.indices)
            idx_type = 5125  # UNSIGNED_INT

        pos_acc = add_accessor(add_view(pos_bytes, 34962), 5126, count,
                               "VEC3", {"min": lo, "max": hi})
        nrm_acc = add_accessor(add_view(nrm_bytes, 34962), 5126, count, "VEC3")
        idx_acc = add_accessor(add_view(idx_bytes, 34963), idx_type,
                               len(mesh.indices), "SCALAR")

        gltf["materials"].append({
            "name": name + "_material",
            "pbrMetallicRoughness": {
                "baseColorFactor": hex_colour(colour),
                "metallicFactor": 0.0,
                "roughnessFactor": 0.6,
            },
        })
        gltf["meshes"].append({
            "name": name,
            "primitives": [{
                "attributes": {"POSITION": pos_acc, "NORMAL": nrm_acc},
                "indices": idx_acc,
                "material": index,
                "mode": 4,
            }],
        })
        node = {"name": name, "mesh": index}
        if extras:
            node["extras"] = extras
        gltf["nodes"].append(node)

    gltf["buffers"].append({"byteLength": len(blob)})
    return gltf, bytes(blob)


def glb_bytes(gltf, blob):
    """The .glb file: header, JSON chunk, binary chunk."""
    json_bytes = pad(json.dumps(gltf, separators=(",", ":")).encode("utf-8"),
                     fill=b" ")
    bin_bytes = pad(blob)
    total = 12 + 8 + len(json_bytes) + 8 + len(bin_bytes)
    out = bytearray()
    out += struct.pack("<4sII", b"glTF", 2, total)
    out += struct.pack("<II", len(json_bytes), 0x4E4F534A)  # "JSON"
    out += json_bytes
    out += struct.pack("<II", len(bin_bytes), 0x004E4942)   # "BIN\0"
    out += bin_bytes
    return bytes(out)
