import Foundation

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

    /// The model as a script that registers its bytes, so the viewer can read
    /// it from `file://`, where browsers refuse to fetch files: `knee.model.js`.
    public var scriptName: String { Self.scriptName(forModel: src) }

    public static func scriptName(forModel src: String) -> String {
        ((src as NSString).lastPathComponent as NSString).deletingPathExtension + ".model.js"
    }

    public struct Camera: Hashable, Sendable {
        /// Degrees around the vertical axis, from the front.
        public var azimuth: Double
        /// Degrees above the horizon.
        public var elevation: Double
        public var distance: Double

        public init(azimuth: Double, elevation: Double, distance: Double) {
            self.azimuth = azimuth
            self.elevation = elevation
            self.distance = distance
        }
    }

    public struct Annotation: Hashable, Sendable {
        public var id: String
        public var label: String
        public var text: String
        /// `[x, y, z]` in the model's space. Given without one, the centre
        /// of the model's node named `id`, once the model file is read; nil
        /// while it is not.
        public var position: [Double]?

        public init(id: String, label: String, text: String, position: [Double]?) {
            self.id = id
            self.label = label
            self.text = text
            self.position = position
        }
    }

    public init(src: String, format: Format, alt: String, poster: String?, camera: Camera?, highlight: [String],
                annotations: [Annotation]) {
        self.src = src
        self.format = format
        self.alt = alt
        self.poster = poster
        self.camera = camera
        self.highlight = highlight
        self.annotations = annotations
    }
}
