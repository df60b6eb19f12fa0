/// A section of the editors' reference (`docs/content.md`, served at
/// `/docs`) that a diagnostic cites, by the id its heading is given there.
public enum ReferenceSection: String, CaseIterable, Sendable {
    case studyFolder = "the-study-folder"
    case howFilesAreWritten = "how-the-files-are-written"
    case studyFile = "study-yaml"
    case charts
    case safetyNote = "safety-note"
    case protocolApproval = "protocol"
    case flags
    case careTeam = "care-team"
    case consentDocuments = "consent-documents"
    case notes = "education-notes-and-3d-models"
    case models = "3d-models"
    case tasks
    case schedules
    case surveys
    case consentStep = "consent"
    case questions = "questions-and-answers"
    case conditions = "questions-that-follow-earlier-answers"
    case scores
    case windows
    case links = "links-and-images-in-markdown"
    case languages
    case preview = "previewing-your-study"

    /// Where the preview server shows it: `/docs#schedules`.
    public var path: String { "/docs#" + rawValue }

    /// The section about the files of `path` (a file in the content folder).
    static func of(file path: String) -> ReferenceSection {
        // The last two parts of the path, found from its end by byte: each of ten thousand notes' messages asks.
        let slash = UInt8(ascii: "/")
        func lastPart(of path: Substring) -> (part: Substring, before: Substring) {
            var path = path
            while path.utf8.last == slash { path = path.dropLast() }
            let start = path.utf8.lastIndex(of: slash).map { path.index(after: $0) } ?? path.startIndex
            return (path[start...], path[..<start])
        }
        let (last, before) = lastPart(of: path[...])
        let name = last.isEmpty ? path : String(last)
        let folder = String(lastPart(of: before).part)
        if name.hasSuffix(".md"), Translations.split(String(name.dropLast(3))) != nil { return .languages }
        if name.hasPrefix("study."), name.hasSuffix(".yaml"), name != "study.yaml" { return .languages }
        switch folder {
        case "tasks": return .tasks
        case "consent": return .consentDocuments
        case "education": return .notes
        case "i18n": return .languages
        default: return name == "study.yaml" ? .studyFile : .studyFolder
        }
    }
}
