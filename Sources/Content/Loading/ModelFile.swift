import Foundation

/// Reads the node names of a glTF model, to check highlight ids against it.
enum ModelFile {
    /// Each file's node names, read once per load.
    final class Cache {
        private var names: [String: Set<String>?] = [:]

        func nodeNames(path: String, format: ModelMetadata.Format) -> Set<String>? {
            if let known = names[path + " " + format.rawValue] { return known }
            let read = ModelFile.nodeNames(path: path, format: format)
            names[path + " " + format.rawValue] = read
            return read
        }
    }

    /// Nil when the file is missing, not glTF, or in a format not read here.
    static func nodeNames(path: String, format: ModelMetadata.Format) -> Set<String>? {
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
        return Set(nodes.compactMap { $0["name"] as? String })
    }
}
