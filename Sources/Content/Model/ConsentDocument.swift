/// A consent document, rendered; a signature keeps `html` and its hash.
public struct ConsentDocument: Hashable, Sendable {
    public var id: String
    public var title: String
    public var version: String
    public var summary: String?
    /// The body rendered by cmark: exactly what a participant signs.
    public var html: String
    /// Lowercase hex SHA-256 of `html`'s UTF-8 bytes.
    public var sha256: String
    public var file: String
}

/// An education note, with the 3D model it may show.
public struct EducationNote: Hashable, Sendable {
    public var slug: String
    public var title: String
    public var summary: String
    public var order: Int?
    public var image: String?
    public var model: ModelMetadata?
    public var html: String
    public var file: String
}

/// How to show a 3D model: file, camera, highlighted parts and annotations.
public struct ModelMetadata: Hashable, Sendable {
    public enum Format: String, Hashable, Sendable, CaseIterable {
        case glb
        case gltf
        case usdz
        case obj
    }

    /// Path under the public folder.
    public var src: String
    public var format: Format
    public var alt: String
    /// Path under the public folder of the image shown where the model cannot be.
    public var poster: String?
    public var camera: Camera?
    /// Node names to highlight.
    public var highlight: [String]
    public var annotations: [Annotation]

    public struct Camera: Hashable, Sendable {
        /// Degrees around the vertical axis, from the front.
        public var azimuth: Double
        /// Degrees above the horizon.
        public var elevation: Double
        public var distance: Double
    }

    public struct Annotation: Hashable, Sendable {
        public var id: String
        public var label: String
        public var text: String
        public var position: [Double]
    }
}
