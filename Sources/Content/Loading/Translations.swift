import Foundation
import Markup
import StudyModel
import Support
import Words

/// The study's translations, named as Hugo names them: `study.de-DE.yaml`,
/// `tasks/checkIn.de-DE.md`, `consent/recover.de-DE.md`,
/// `education/meniscus.de-DE.md`. Each is laid over its original
/// (`TranslationMerge`) and read by the original's own readers, so a
/// translated study has the same ids, schedules and values in other words.
/// A consent document must be translated into every language of the study;
/// anything else falls back to the study's own language, with a warning.
struct Translations {
    /// The front matter of each original file, by id.
    struct Originals {
        var header: YAMLNode?
        var documents: [String: YAMLNode] = [:]
        var notes: [String: YAMLNode] = [:]
        var tasks: [String: YAMLNode] = [:]
    }

    struct Translated {
        var studies: [LanguageTag: Study] = [:]
        var diagnostics: [Diagnostic] = []
        var fileCount = 0
        var digests: [String] = []
    }

    let root: String
    let links: LinkRewriter
    let originals: Originals
    /// Every translation file of the three folders, by the path
    /// `translationPath` gives it: listed once, where asking the file system
    /// for each note in each language took longer than reading the notes.
    private let present: Set<String>

    init(root: String, links: LinkRewriter, originals: Originals) {
        self.root = root
        self.links = links
        self.originals = originals
        present = Set(["consent", "education", "tasks"].flatMap { folder in
            Self.files(in: root + "/" + folder).map { Self.absolute($0.0) }
        })
    }

    /// `checkIn.de-DE` → (`checkIn`, de-DE); nil for a name with no language.
    static func split(_ name: String) -> (id: String, tag: LanguageTag)? {
        guard let dot = name.firstIndex(of: "."), let tag = LanguageTag(name[name.index(after: dot)...]) else { return nil }
        let id = String(name[..<dot])
        return Identifier.isValid(id) ? (id, tag) : nil
    }

    func translate(_ study: Study) -> Translated {
        var outcome = Translated()
        let own = study.ownLanguage.tag
        let others = study.languages.map(\.tag).filter { $0 != own }
        for folder in ["consent", "education", "tasks"] {
            for (path, id, tag) in Self.files(in: root + "/" + folder) {
                let known = switch folder {
                case "consent": originals.documents[id] != nil
                case "education": originals.notes[id] != nil
                default: originals.tasks[id] != nil
                }
                if !known {
                    outcome.diagnostics.append(Diagnostic(file: path, line: nil, column: nil,
                        message: "a translation of \(folder)/\(id).md, which the study does not have; name it after its original"))
                } else if !others.contains(tag) {
                    outcome.diagnostics.append(Diagnostic(file: path, line: nil, column: nil, severity: .warning,
                        message: "ignored: \(tag) is not one of the study's languages in study.yaml"))
                }
            }
        }
        for tag in others {
            outcome.studies[tag] = translate(study, to: tag, into: &outcome)
        }
        return outcome
    }

    /// The title of each consent document in each of the study's languages, given to the study and to each
    /// translation: what a participant signed in one language is titled in it on a page in another.
    static func withConsentTitles(_ study: Study) -> Study {
        var titles: [String: [LanguageTag: String]] = [:]
        for (tag, written) in [(study.ownLanguage.tag, study)] + study.translations.map({ ($0.key, $0.value) }) {
            for document in written.consentDocuments { titles[document.id, default: [:]][tag] = document.title }
        }
        var study = study
        study.consentTitles = titles
        for tag in study.translations.keys { study.translations[tag]?.consentTitles = titles }
        return study
    }

    private func translate(_ study: Study, to tag: LanguageTag, into outcome: inout Translated) -> Study {
        var translated = study
        translated.translations = [:]
        var untranslated: Set<String> = []
        func missing(_ file: String, _ severity: Diagnostic.Severity, _ message: String) {
            untranslated.insert(file)
            outcome.diagnostics.append(Diagnostic(file: file, line: nil, column: nil, severity: severity, message: message))
        }
        func fallbackWarning(_ original: String) -> String {
            Self.fallbackWarning(original, tag)
        }

        let headerPath = root + "/study.\(tag).yaml"
        if let node = originals.header, FileManager.default.fileExists(atPath: headerPath) {
            let reader = FieldReader(file: headerPath, lineOffset: 0)
            if let text = ContentLoader.read(headerPath, into: &outcome.diagnostics, digests: &outcome.digests),
               let translation = ContentLoader.parse(text, reader: reader),
               let header = reader.studyHeader(TranslationMerge(reader: reader).merge(node, translation)) {
                translated.title = header.title
                translated.institution = header.institution
                translated.insights = header.insights.map(\.chart)
                translated.flags = header.flags.map(\.flag)
                translated.contacts = header.contacts
                translated.dates = header.dates
            }
            outcome.fileCount += 1
            outcome.diagnostics += reader.diagnostics
        } else {
            missing(root + "/study.yaml", .warning, fallbackWarning(root + "/study.yaml"))
        }

        translated.consentDocuments = study.consentDocuments.map { document in
            guard let node = originals.documents[document.id],
                  let (reader, merged, body, bodyLine) = load(document.file, tag, node, into: &outcome) else {
                missing(document.file, .error, "a consent document must be translated into every language of the study: "
                        + "write \(Self.translationName(document.file, tag)) beside it")
                return document
            }
            defer { outcome.diagnostics += reader.diagnostics }
            guard let header = reader.consentHeader(merged) else { return document }
            // A consent whose text is not translated cannot be signed in that language.
            guard !Self.isBlank(body) || document.html.isEmpty else {
                reader.error("the translation has no text: translate the whole document below its front matter", line: nil)
                return document
            }
            let html = render(body, reader: reader, bodyLine: bodyLine)
            var copy = document
            copy.title = header.title
            copy.summary = header.summary
            copy.html = html
            copy.blocks = MarkdownBlocks.blocks(body)
            copy.markdown = body
            copy.sha256 = SHA256.hex(html.markup)
            copy.file = reader.file
            copy.language = tag.identifier
            return copy
        }

        // Notes are many and each is its own: translated on every core, then taken in the study's order.
        let notes = concurrentMap(study.notes) { note in translate(note, to: tag) }
        translated.notes = notes.map { note, found in
            outcome.fileCount += found.fileCount
            outcome.diagnostics += found.diagnostics
            outcome.digests += found.digests
            if found.untranslated { untranslated.insert(note.file) }
            return note
        }

        translated.tasks = study.tasks.map { task in
            guard let node = originals.tasks[task.id],
                  let (reader, merged, body, bodyLine) = load(task.file, tag, node, into: &outcome) else {
                missing(task.file, .warning, fallbackWarning(task.file))
                return task
            }
            defer { outcome.diagnostics += reader.diagnostics }
            let instructions = Self.isBlank(body) ? task.instructions : render(body, reader: reader, bodyLine: bodyLine)
            guard var copy = reader.task(merged, fileID: task.id, instructions: instructions) else { return task }
            // The original's file stays the task's name: versions compare the original's definition.
            copy.file = task.file
            return copy
        }
        // Notes are listed by order, then title: the translated titles' order.
        translated.notes.sort { ($0.order ?? .max, $0.title, $0.slug) < ($1.order ?? .max, $1.title, $1.slug) }
        translated.untranslatedFiles = untranslated
        return translated
    }

    /// What translating one note found besides the note: its diagnostics and
    /// digests, and whether it has no translation, so the original stands in.
    private struct NoteFound: Sendable {
        var fileCount = 0
        var diagnostics: [Diagnostic] = []
        var digests: [String] = []
        var untranslated = false
    }

    /// `note` in `tag`'s words, or as it is, with a warning, where it has no translation.
    private func translate(_ note: EducationNote, to tag: LanguageTag) -> (EducationNote, NoteFound) {
        var outcome = Translated()
        var untranslated = false
        let translated = translate(note, to: tag, into: &outcome, untranslated: &untranslated)
        return (translated, NoteFound(fileCount: outcome.fileCount, diagnostics: outcome.diagnostics, digests: outcome.digests,
                                      untranslated: untranslated))
    }

    private func translate(_ note: EducationNote, to tag: LanguageTag, into outcome: inout Translated,
                           untranslated: inout Bool) -> EducationNote {
        guard let node = originals.notes[note.slug],
              let (reader, merged, body, bodyLine) = load(note.file, tag, node, into: &outcome) else {
            untranslated = true
            outcome.diagnostics.append(Diagnostic(file: note.file, line: nil, column: nil, severity: .warning,
                                                  message: Self.fallbackWarning(note.file, tag)))
            return note
        }
        defer { outcome.diagnostics += reader.diagnostics }
        guard let header = reader.noteHeader(merged) else { return note }
        var copy = note
        copy.title = header.title
        copy.summary = header.summary
        copy.model = header.model.map { model in
            var translatedModel = note.model ?? model
            translatedModel.alt = model.alt
            translatedModel.annotations = model.annotations
            return translatedModel
        }
        if Self.isBlank(body) && !note.html.isEmpty {
            reader.warning(line: nil, "the translation has no text yet; the note's own text is shown in its place")
        } else {
            copy.html = render(body, reader: reader, bodyLine: bodyLine)
        }
        copy.file = reader.file
        return copy
    }

    static func isBlank(_ body: String) -> Bool {
        body.allSatisfy(\.isWhitespace)
    }

    /// The warning for a file with no translation into `tag`.
    static func fallbackWarning(_ original: String, _ tag: LanguageTag) -> String {
        "no translation into \(tag) (\(translationName(original, tag)) beside it); the study's own language is shown in its place"
    }

    /// `…/tasks/checkIn.md` → `…/tasks/checkIn.de-DE.md`.
    static func translationPath(_ original: String, _ tag: LanguageTag) -> String {
        let path = absolute(original)
        // By byte: "/" and "." are ASCII, so their indices are the string's own.
        let name = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path.index(after: $0) } ?? path.startIndex
        guard let dot = path.utf8[name...].lastIndex(of: UInt8(ascii: ".")), dot > name else { return path + ".\(tag)." }
        return path[..<dot] + ".\(tag)" + path[dot...]
    }

    /// As a file URL's path would give it, absolute, without making one for each of ten thousand notes.
    private static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }

    /// `checkIn.de-DE.md`: the translation's file name, as a message names it.
    static func translationName(_ original: String, _ tag: LanguageTag) -> String {
        let path = translationPath(original, tag)
        return String(path[(path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex)...])
    }

    /// The translation of `original` into `tag`, merged over the original's front matter; nil without one.
    private func load(_ original: String, _ tag: LanguageTag, _ node: YAMLNode, into outcome: inout Translated)
        -> (FieldReader, YAMLNode, String, Int)? {
        let path = Self.translationPath(original, tag)
        guard present.contains(path) else { return nil }
        outcome.fileCount += 1
        guard let (reader, translation, body, bodyLine) = ContentLoader.frontMatter(path, into: &outcome.diagnostics,
                                                                                  digests: &outcome.digests) else {
            // A translation that cannot be read is reported; the original stands in until it is fixed.
            return nil
        }
        return (reader, TranslationMerge(reader: reader).merge(node, translation), body, bodyLine)
    }

    private func render(_ body: String, reader: FieldReader, bodyLine: Int) -> HTML {
        Markdown.html(body) { links.rewrite($0, reader: reader, bodyLine: bodyLine) }
    }

    /// The translation files of a folder: `<id>.<tag>.md`.
    private static func files(in folder: String) -> [(String, String, LanguageTag)] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        return names.sorted().compactMap { name in
            guard name.hasSuffix(".md"), let (id, tag) = split(String(name.dropLast(3))) else { return nil }
            return (folder + "/" + name, id, tag)
        }
    }
}
