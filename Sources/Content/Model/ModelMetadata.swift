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
    }

    public struct Annotation: Hashable, Sendable {
        public var id: String
        public var label: String
        public var text: String
        /// `[x, y, z]` in the model's space. Given without one, the centre
        /// of the model's node named `id`, once the model file is read; nil
        /// while it is not.
        public var position: [Double]?
    }
}
