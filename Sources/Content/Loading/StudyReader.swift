import Foundation
import StudyModel
import Words

/// Reads `study.yaml`, and the front matter of consent documents and notes.
extension FieldReader {
    struct StudyHeader {
        var title: String
        var institution: String
        var contact: String
        var timeZone: TimeZone
        var featured: (slug: String, node: YAMLNode)?
        var safety: (slug: String, node: YAMLNode)?
        var insights: [(chart: InsightChart, nodes: [YAMLNode])]
        var protocolApproval: ProtocolApproval?
        var flags: [(flag: StudyFlag, node: YAMLNode)]
        var contacts: [Contact]
        /// The study's languages, its own first, and where they are listed.
        var languages: [LanguageTag]
        var languagesNode: YAMLNode?
        /// Each participant's own dates.
        var dates: [ParticipantDate] = []
        var emergency: String?
    }

    func studyHeader(_ node: YAMLNode) -> StudyHeader? {
        guard let fields = fields(node, in: "study.yaml",
                                  allowed: ["title", "institution", "contact", "timezone", "featured", "safety",
                                            "insights", "protocol", "flags", "contacts", "languages", "dates", "emergency"],
                                  required: ["title", "institution", "contact", "timezone"]) else { return nil }
        let title = text(fields["title"], "title")
        let institution = text(fields["institution"], "institution")
        let contact = text(fields["contact"], "contact")
        var zone: TimeZone?
        if let zoneNode = fields["timezone"], let name = text(zoneNode, "timezone") {
            zone = TimeZone(identifier: name)
            if zone == nil || !name.contains("/") && name != "UTC" {
                error("timezone must be an IANA time zone such as America/New_York, not '\(name)'", at: zoneNode)
                zone = nil
            }
        }
        let featured = fields["featured"].flatMap { featuredNode in
            identifier(featuredNode, "featured").map { (slug: $0, node: featuredNode) }
        }
        let safety = fields["safety"].flatMap { safetyNode in
            identifier(safetyNode, "safety").map { (slug: $0, node: safetyNode) }
        }
        let insights = fields["insights"].flatMap { list($0, "insights") }?.compactMap(chart) ?? []
        let approval = fields["protocol"].flatMap(protocolApproval)
        let flags = fields["flags"].flatMap(flags) ?? []
        let contacts = fields["contacts"].flatMap(contacts) ?? []
        let languages = languages(fields["languages"])
        let dates = fields["dates"].flatMap(participantDates) ?? []
        let emergency = fields["emergency"].flatMap(emergencyNumber)
        guard let title, let institution, let contact, let zone else { return nil }
        return StudyHeader(title: title, institution: institution, contact: contact, timeZone: zone,
                           featured: featured, safety: safety, insights: insights, protocolApproval: approval, flags: flags,
                           contacts: contacts, languages: languages, languagesNode: fields["languages"], dates: dates,
                           emergency: emergency)
    }

    /// `dates: [{ id: surgery, label: Day of surgery }]`: each id once, and
    /// none named `enrollment`, which every participant has.
    private func participantDates(_ node: YAMLNode) -> [ParticipantDate]? {
        guard let items = list(node, "dates") else { return nil }
        var dates: [ParticipantDate] = []
        for item in items {
            guard let fields = fields(item, in: "a participant's date", allowed: ["id", "label"], required: ["id", "label"]),
                  let id = identifier(fields["id"], "the date id"), let label = text(fields["label"], "label"),
                  let idNode = fields["id"] else { continue }
            if id == "enrollment" {
                error("'enrollment' is every participant's first day already; give this date another id", at: idNode)
            } else if dates.contains(where: { $0.id == id }) {
                error("the date id '\(id)' is declared twice", at: idNode)
            } else {
                dates.append(ParticipantDate(id: id, label: label))
            }
        }
        return dates
    }

    /// `emergency: "112"`: the number to call, as dialled, digits only.
    private func emergencyNumber(_ node: YAMLNode) -> String? {
        guard let number = text(node, "emergency") else { return nil }
        guard (1...6).contains(number.count), number.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            error("emergency is the number to call in an emergency where the study runs, digits only, such as \"112\" "
                  + "or \"911\"; quote it, not '\(number)'", at: node)
            return nil
        }
        return number
    }

    struct ConsentHeader {
        var title: String
        var version: String
        var summary: String?
    }

    func consentHeader(_ node: YAMLNode) -> ConsentHeader? {
        guard let fields = fields(node, in: "the consent document", allowed: ["title", "version", "summary"],
                                  required: ["title", "version"]),
              let title = text(fields["title"], "title"), let version = text(fields["version"], "version") else {
            return nil
        }
        return ConsentHeader(title: title, version: version, summary: fields["summary"].flatMap { text($0, "summary") })
    }

    struct NoteHeader {
        var title: String
        var summary: String
        var order: Int?
        var image: (path: String, node: YAMLNode)?
        var model: ModelMetadata?
        var modelNodes: [String: YAMLNode]
    }

    func noteHeader(_ node: YAMLNode) -> NoteHeader? {
        guard let fields = fields(node, in: "the education note", allowed: ["title", "summary", "order", "image", "model"],
                                  required: ["title", "summary"]) else { return nil }
        let title = text(fields["title"], "title")
        let summary = text(fields["summary"], "summary")
        let order = fields["order"].map { integer($0, "order") }
        let image = fields["image"].flatMap { imageNode in text(imageNode, "image").map { (path: $0, node: imageNode) } }
        var modelNodes: [String: YAMLNode] = [:]
        let model = fields["model"].flatMap { self.model($0, nodes: &modelNodes) }
        if fields["model"] != nil && model == nil { return nil }
        guard let title, let summary, order.map({ $0 != nil }) ?? true else { return nil }
        return NoteHeader(title: title, summary: summary, order: order ?? nil, image: image, model: model,
                          modelNodes: modelNodes)
    }

    private func model(_ node: YAMLNode, nodes: inout [String: YAMLNode]) -> ModelMetadata? {
        guard let fields = fields(node, in: "model",
                                  allowed: ["src", "format", "alt", "poster", "camera", "highlight", "annotations"],
                                  required: ["src", "format", "alt"]) else { return nil }
        nodes = fields.pairs.mapValues(\.value)
        let src = text(fields["src"], "src")
        var format: ModelMetadata.Format?
        if let formatNode = fields["format"], let value = text(formatNode, "format") {
            format = ModelMetadata.Format(rawValue: value)
            if format == nil {
                error("format must be glb, gltf, usdz or obj, not '\(value)'", at: formatNode)
            }
        }
        let alt = text(fields["alt"], "alt")
        let poster = fields["poster"].flatMap { text($0, "poster") }
        var camera: ModelMetadata.Camera?
        var valid = true
        if let cameraNode = fields["camera"] {
            if let cameraFields = self.fields(cameraNode, in: "camera", allowed: ["azimuth", "elevation", "distance"],
                                              required: ["azimuth", "elevation", "distance"]),
               let azimuth = number(cameraFields["azimuth"], "azimuth"),
               let elevation = number(cameraFields["elevation"], "elevation"),
               let distance = number(cameraFields["distance"], "distance") {
                if !(-90...90).contains(elevation), let elevationNode = cameraFields["elevation"] {
                    error("elevation must be from -90 to 90 degrees, not \(Self.format(elevation))", at: elevationNode)
                    valid = false
                } else if distance <= 0, let distanceNode = cameraFields["distance"] {
                    error("distance must be more than zero", at: distanceNode)
                    valid = false
                } else {
                    camera = ModelMetadata.Camera(azimuth: azimuth, elevation: elevation, distance: distance)
                }
            } else {
                valid = false
            }
        }
        let highlightNodes = fields["highlight"].flatMap { list($0, "highlight") } ?? []
        let highlight = highlightNodes.compactMap { identifier($0, "a highlight id") }
        var annotations: [ModelMetadata.Annotation] = []
        for annotationNode in fields["annotations"].flatMap({ list($0, "annotations") }) ?? [] {
            guard let annotationFields = self.fields(annotationNode, in: "an annotation",
                                                     allowed: ["id", "label", "text", "position"],
                                                     required: ["id", "label", "text"]),
                  let id = identifier(annotationFields["id"], "the annotation id"),
                  let label = text(annotationFields["label"], "label"),
                  let annotationText = text(annotationFields["text"], "text") else {
                valid = false
                continue
            }
            // Without a position, the annotation is pinned at the centre of
            // the node named `id`, found when the model file is checked.
            var position: [Double]?
            if let positionNode = annotationFields["position"] {
                guard let coordinates = list(positionNode, "position") else {
                    valid = false
                    continue
                }
                let numbers = coordinates.compactMap { number($0, "a coordinate") }
                guard numbers.count == 3, coordinates.count == 3 else {
                    if numbers.count == coordinates.count {
                        error("position must be three numbers [x, y, z]", at: positionNode)
                    }
                    valid = false
                    continue
                }
                position = numbers
            }
            if annotations.contains(where: { $0.id == id }), let idNode = annotationFields["id"] {
                error("annotation id '\(id)' is used twice", at: idNode)
                valid = false
            }
            annotations.append(ModelMetadata.Annotation(id: id, label: label, text: annotationText, position: position))
        }
        guard valid, let src, let format, let alt, highlight.count == highlightNodes.count else { return nil }
        return ModelMetadata(src: src, format: format, alt: alt, poster: poster, camera: camera, highlight: highlight,
                             annotations: annotations)
    }
}
