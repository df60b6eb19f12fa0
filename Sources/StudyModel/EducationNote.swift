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

    public init(slug: String, title: String, summary: String, order: Int?, image: String?, model: ModelMetadata?,
                html: HTML, file: String) {
        self.slug = slug
        self.title = title
        self.summary = summary
        self.order = order
        self.image = image
        self.model = model
        self.html = html
        self.file = file
    }
}
