import Foundation
import StudyModel
import Support

/// Reads a glTF model's nodes: their names, to check highlight ids against,
/// and the centre of each, to pin an annotation that gives no position.
enum ModelFile {
    /// The named nodes of one model file.
    struct Nodes: Sendable {
        /// Name → centre `[x, y, z]` in the model's (its scene's) space. Of
        /// two nodes with one name, the first in the file.
        var centres: [String: [Double]]

        var names: Set<String> { Set(centres.keys) }
    }

    /// Each file's nodes, read once per load, by whichever thread asks first.
    final class Cache: Sendable {
        private let read = Locked<[String: Nodes?]>([:])

        func nodes(path: String, format: ModelMetadata.Format) -> Nodes? {
            let key = path + " " + format.rawValue
            return read.value(for: key) { ModelFile.nodes(path: path, format: format) }
        }
    }

    /// Nil when the file is missing, not glTF, or in a format not read here.
    static func nodes(path: String, format: ModelMetadata.Format) -> Nodes? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let json: Data
        switch format {
        case .gltf:
            json = data
        case .glb:
            // Header: magic "glTF", version, length; then the JSON chunk: length, type "JSON", bytes.
            guard data.count >= 20, data.prefix(4) == Data("glTF".utf8) else { return nil }
            let chunkLength = data.subdata(in: 12..<16).withUnsafeBytes { Int(UInt32(littleEndian: $0.loadUnaligned(as: UInt32.self))) }
            guard data.subdata(in: 16..<20) == Data("JSON".utf8), data.count >= 20 + chunkLength else { return nil }
            json = data.subdata(in: 20..<(20 + chunkLength))
        case .usdz, .obj:
            return nil
        }
        guard let object = try? JSONSerialization.jsonObject(with: json) as? [String: Any],
              let nodes = object["nodes"] as? [[String: Any]] else { return nil }
        return Nodes(centres: centres(nodes: nodes, meshes: object["meshes"] as? [[String: Any]] ?? [],
                                      accessors: object["accessors"] as? [[String: Any]] ?? []))
    }

    /// The centre of each named node, as three.js's `Box3.setFromObject`
    /// finds it: the middle of the box, in scene space, around the node's
    /// mesh and its descendants' meshes. A mesh's box is its POSITION
    /// accessors' `min` and `max` (which glTF requires), its eight corners
    /// moved by the node's transform (`matrix`, or translation, rotation and
    /// scale) and its parents'. A node with no mesh below it is its origin.
    /// Skins and morph targets, which move vertices at run time, are not
    /// taken into account.
    static func centres(nodes: [[String: Any]], meshes: [[String: Any]], accessors: [[String: Any]]) -> [String: [Double]] {
        let children = nodes.map { ($0["children"] as? [Int] ?? []).filter(nodes.indices.contains) }
        let childIndices = Set(children.joined())
        var world = [Matrix?](repeating: nil, count: nodes.count)
        var order: [Int] = []
        // Parents before children; a node reached twice, or in a cycle, keeps its first place.
        var stack = nodes.indices.filter { !childIndices.contains($0) }.reversed().map { ($0, Matrix.identity) }
        while let (index, parent) = stack.popLast() {
            guard world[index] == nil else { continue }
            let matrix = parent * Matrix(node: nodes[index])
            world[index] = matrix
            order.append(index)
            stack += children[index].reversed().map { ($0, matrix) }
        }
        var boxes = [Box?](repeating: nil, count: nodes.count)
        for index in order.reversed() {
            guard let matrix = world[index] else { continue }
            var box = (nodes[index]["mesh"] as? Int).flatMap { meshes.indices.contains($0) ? meshes[$0] : nil }
                .flatMap { Box(mesh: $0, accessors: accessors) }.map { $0.transformed(by: matrix) }
            for child in children[index] {
                if let childBox = boxes[child] { box = box.map { $0.union(childBox) } ?? childBox }
            }
            boxes[index] = box
        }
        var centres: [String: [Double]] = [:]
        for index in order {
            guard let name = nodes[index]["name"] as? String, centres[name] == nil, let matrix = world[index] else { continue }
            centres[name] = boxes[index]?.centre ?? matrix.apply([0, 0, 0])
        }
        return centres
    }
}

/// A 4×4 affine transform, column-major as glTF writes it.
struct Matrix: Equatable {
    var m: [Double]

    static let identity = Matrix(m: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])

    init(m: [Double]) {
        self.m = m
    }

    /// A node's local transform: its `matrix`, or translation × rotation × scale.
    init(node: [String: Any]) {
        if let matrix = Self.numbers(node["matrix"], count: 16) {
            self.init(m: matrix)
            return
        }
        let t = Self.numbers(node["translation"], count: 3) ?? [0, 0, 0]
        let q = Self.numbers(node["rotation"], count: 4) ?? [0, 0, 0, 1]
        let s = Self.numbers(node["scale"], count: 3) ?? [1, 1, 1]
        let (x, y, z, w) = (q[0], q[1], q[2], q[3])
        let rotation: [[Double]] = [
            [1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
            [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
            [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)],
        ]
        var m = [Double](repeating: 0, count: 16)
        for column in 0..<3 {
            for row in 0..<3 { m[column * 4 + row] = rotation[row][column] * s[column] }
        }
        m[12] = t[0]
        m[13] = t[1]
        m[14] = t[2]
        m[15] = 1
        self.init(m: m)
    }

    static func * (a: Matrix, b: Matrix) -> Matrix {
        var m = [Double](repeating: 0, count: 16)
        for column in 0..<4 {
            for row in 0..<4 {
                m[column * 4 + row] = (0..<4).reduce(0) { $0 + a.m[$1 * 4 + row] * b.m[column * 4 + $1] }
            }
        }
        return Matrix(m: m)
    }

    func apply(_ point: [Double]) -> [Double] {
        (0..<3).map { row in m[row] * point[0] + m[4 + row] * point[1] + m[8 + row] * point[2] + m[12 + row] }
    }

    static func numbers(_ value: Any?, count: Int) -> [Double]? {
        guard let values = value as? [Any], values.count == count else { return nil }
        let numbers = values.compactMap { value -> Double? in
            if let number = value as? Double { return number }
            if let number = value as? Int { return Double(number) }
            return (value as? NSNumber)?.doubleValue
        }
        return numbers.count == count && numbers.allSatisfy(\.isFinite) ? numbers : nil
    }
}

/// An axis-aligned box.
struct Box {
    var min: [Double]
    var max: [Double]

    /// Around every primitive's POSITION accessor bounds; nil without any.
    init?(mesh: [String: Any], accessors: [[String: Any]]) {
        var box: Box?
        for primitive in mesh["primitives"] as? [[String: Any]] ?? [] {
            guard let index = (primitive["attributes"] as? [String: Any])?["POSITION"] as? Int,
                  accessors.indices.contains(index),
                  let low = Matrix.numbers(accessors[index]["min"], count: 3),
                  let high = Matrix.numbers(accessors[index]["max"], count: 3) else { continue }
            let primitiveBox = Box(min: low, max: high)
            box = box.map { $0.union(primitiveBox) } ?? primitiveBox
        }
        guard let box else { return nil }
        self = box
    }

    init(min: [Double], max: [Double]) {
        self.min = min
        self.max = max
    }

    var centre: [Double] {
        (0..<3).map { (min[$0] + max[$0]) / 2 }
    }

    func union(_ other: Box) -> Box {
        Box(min: (0..<3).map { Swift.min(min[$0], other.min[$0]) }, max: (0..<3).map { Swift.max(max[$0], other.max[$0]) })
    }

    /// The box around this one's eight corners once moved.
    func transformed(by matrix: Matrix) -> Box {
        let corners = (0..<8).map { corner in
            matrix.apply((0..<3).map { axis in corner >> axis & 1 == 0 ? min[axis] : max[axis] })
        }
        return Box(min: (0..<3).map { axis in corners.map { $0[axis] }.min()! },
                   max: (0..<3).map { axis in corners.map { $0[axis] }.max()! })
    }
}
