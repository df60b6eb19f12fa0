import Markup

/// An education note, with the 3D model it may show.
public struct EducationNote: Hashable, Sendable {
    public var slug: String
    public var title: String
    public var summary: String
    public var order: Int?
    public var image: String?
    public var model: ModelMetadata?
    public var html: HTML
    public var file: String
}
