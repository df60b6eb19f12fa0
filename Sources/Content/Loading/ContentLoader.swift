import CareModel
import Foundation
import Markup
import Support
import Words
import StudyModel

/// Loads a study's content folder into a checked `Study`, collecting every
/// problem in one pass rather than stopping at the first.
public enum ContentLoader {
    public struct Result: Sendable {
        /// Nil when any error was found.
        public var study: Study?
        /// Errors and warnings, by file and line.
        public var diagnostics: [Diagnostic]
        /// How many content files were read.
        public var fileCount: Int
        /// The consent documents that loaded, even when other files have errors.
        public var consentDocuments: [ConsentDocument] = []

        public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
    }

    /// - Parameters:
    ///   - directory: the content folder, as given on the command line.
    ///   - publicDirectory: the public folder, to check that referenced
    ///     files exist; nil to skip those checks.
    public static func load(directory: String, publicDirectory: String?) -> Result {
        var diagnostics: [Diagnostic] = []
        var files = 0
        var digests: [String] = []
        let root = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
            let diagnostic = Diagnostic(file: root, line: nil, column: nil,
                                        message: "no content folder here; pass --content DIR with study.yaml, tasks/, consent/ and education/")
            return Result(study: nil, diagnostics: [diagnostic], fileCount: 0)
        }

        // study.yaml
        let studyPath = root + "/study.yaml"
        var header: FieldReader.StudyHeader?
        var headerNode: YAMLNode?
        let headerReader = FieldReader(file: studyPath, lineOffset: 0)
        if let text = read(studyPath, into: &diagnostics, digests: &digests) {
            files += 1
            headerNode = parse(text, reader: headerReader)
            header = headerNode.flatMap(headerReader.studyHeader)
        }

        // The study's own words, by language.
        var catalogs: [LanguageTag: Catalog] = [:]
        for (path, tag) in wordFiles(root + "/i18n", into: &diagnostics) {
            files += 1
            let reader = FieldReader(file: path, lineOffset: 0)
            if let text = read(path, into: &diagnostics, digests: &digests), let node = parse(text, reader: reader),
               let catalog = reader.catalog(node) {
                catalogs[tag] = catalog
            }
            diagnostics += reader.diagnostics
        }
        if let header {
            for tag in header.languages {
                let missing = Words.missing(in: tag, studyCatalogs: catalogs)
                guard !missing.isEmpty else { continue }
                let names = missing.prefix(8).map(\.rawValue).joined(separator: ", ") + (missing.count > 8 ? ", …" : "")
                let message = "CareFeed has no words for \(tag) and content/i18n/\(tag).yaml does not give "
                    + "\(missing.count) of them (\(names)); write them there, or copy a shipped catalog and translate it"
                if let node = header.languagesNode {
                    headerReader.error(message, at: node)
                } else {
                    headerReader.error(message, line: nil)
                }
            }
        }

        // Consent documents and notes first: tasks refer to them.
        var documents: [ConsentDocument] = []
        // Links to headings, by linking file, with the file's own page.
        var anchors: [(file: String, anchors: [LinkRewriter.Anchor], own: HTML)] = []
        var originals = Translations.Originals()
        let consentFiles = markdownFiles(root + "/consent", into: &diagnostics)
        let noteFiles = markdownFiles(root + "/education", into: &diagnostics)
        let taskFiles = markdownFiles(root + "/tasks", into: &diagnostics)
        let links = LinkRewriter(publicDirectory: publicDirectory, contentDirectory: root,
                                 pages: ["consent": Set(consentFiles.map(\.1)), "education": Set(noteFiles.map(\.1))],
                                 tasks: Set(taskFiles.map(\.1)))
        for (path, id) in consentFiles {
            files += 1
            guard let (reader, node, body, bodyLine) = frontMatter(path, into: &diagnostics, digests: &digests) else { continue }
            defer { diagnostics += reader.diagnostics }
            guard let consent = reader.consentHeader(node) else { continue }
            originals.documents[id] = node
            let html = Markdown.html(body) { links.rewrite($0, reader: reader, bodyLine: bodyLine) }
            anchors.append((path, reader.anchors, html))
            var document = ConsentDocument(id: id, title: consent.title, version: consent.version,
                                           summary: consent.summary, html: html, sha256: SHA256.hex(html.markup), file: path,
                                           versionLine: CrossReferences.value("version", in: node).map { $0.line + reader.lineOffset })
            document.blocks = MarkdownBlocks.blocks(body)
            document.markdown = body
            documents.append(document)
        }
        // Notes are many and independent: parse and render them on every core,
        // then take the results in file order.
        let loadedNotes = concurrentMap(noteFiles) { path, slug -> NoteLoad in
            var load = NoteLoad()
            guard let (reader, node, body, bodyLine) = frontMatter(path, into: &load.diagnostics, digests: &load.digests) else {
                return load
            }
            guard let note = reader.noteHeader(node) else {
                load.diagnostics += reader.diagnostics
                return load
            }
            let html = Markdown.html(body) { links.rewrite($0, reader: reader, bodyLine: bodyLine) }
            load.loaded = (EducationNote(slug: slug, title: note.title, summary: note.summary, order: note.order,
                                         image: note.image?.path, model: note.model, html: html, file: path),
                           reader, note)
            load.node = node
            return load
        }
        var notes: [(note: EducationNote, reader: FieldReader, header: FieldReader.NoteHeader)] = []
        for load in loadedNotes {
            files += 1
            diagnostics += load.diagnostics
            digests += load.digests
            if let loaded = load.loaded {
                notes.append(loaded)
                anchors.append((loaded.note.file, loaded.reader.anchors, loaded.note.html))
                originals.notes[loaded.note.slug] = load.node
            }
        }

        var tasks: [(task: StudyTask, reader: FieldReader, node: YAMLNode)] = []
        for (path, id) in taskFiles {
            files += 1
            guard let (reader, node, body, bodyLine) = frontMatter(path, into: &diagnostics, digests: &digests) else { continue }
            let instructions = Markdown.html(body) { links.rewrite($0, reader: reader, bodyLine: bodyLine) }
            anchors.append((path, reader.anchors, instructions))
            if let task = reader.task(node, fileID: id, instructions: instructions) {
                tasks.append((task, reader, node))
            } else {
                diagnostics += reader.diagnostics
            }
        }

        // Cross-references, reported in the file where the reference stands.
        // Files that failed, or loaded with errors of their own, are not
        // cross-checked again: their own messages say what to fix.
        let cleanTasks = tasks.filter { !$0.reader.hasErrors }.map(\.task)
        let cleanNotes = notes.filter { !$0.reader.hasErrors }.map(\.note)
        let check = CrossReferences(
            documents: documents, notes: cleanNotes, tasks: cleanTasks, publicDirectory: publicDirectory,
            unloadedDocuments: Set(consentFiles.map(\.1)).subtracting(documents.map(\.id)),
            unloadedNotes: Set(noteFiles.map(\.1)).subtracting(cleanNotes.map(\.slug)),
            unloadedTasks: Set(taskFiles.map(\.1)).subtracting(cleanTasks.map(\.id)),
            dates: header.map { Set($0.dates.map(\.id)) })
        for (task, reader, node) in tasks {
            check.task(task, node: node, reader: reader)
            check.timing(task, node: node, reader: reader)
            check.alerts(task, node: node, reader: reader)
            diagnostics += reader.diagnostics
        }
        // On every core, as the notes were read: each note's reader is its own.
        nonisolated(unsafe) let loaded = notes
        let checked = concurrentMap(Array(loaded.indices)) { index in
            check.note(loaded[index].note, header: loaded[index].header, reader: loaded[index].reader)
        }
        for index in notes.indices {
            notes[index].note = checked[index]
            diagnostics += notes[index].reader.diagnostics
        }
        if let header {
            check.study(header, reader: headerReader)
        }
        diagnostics += headerReader.diagnostics
        if tasks.filter({ $0.task.isOnboarding }).count > 1 {
            for (task, reader, node) in tasks where task.isOnboarding {
                reader.error("only one task may hold a consent step (the onboarding task); \(task.id) is one of several",
                             at: node)
                diagnostics += reader.diagnostics.suffix(1)
            }
        }

        let pages = Dictionary(documents.map { ("consent/" + $0.id, $0.html) } + notes.map { ("education/" + $0.note.slug, $0.note.html) },
                               uniquingKeysWith: { first, _ in first })
        for (file, fileAnchors, own) in anchors {
            diagnostics += LinkRewriter.anchorDiagnostics(fileAnchors, file: file, own: own) { pages[$0] }
        }
        if let publicDirectory {
            diagnostics += SymbolicLinks.publicFolderDiagnostics(publicDirectory)
        }
        for (task, _, node) in tasks { originals.tasks[task.id] = node }
        originals.header = headerNode
        diagnostics = inFileOrder(diagnostics)
        guard let header, !diagnostics.contains(where: { $0.severity == .error }) else {
            return Result(study: nil, diagnostics: diagnostics, fileCount: files, consentDocuments: documents)
        }
        let orderedNotes = notes.map(\.note).sorted {
            ($0.order ?? .max, $0.title, $0.slug) < ($1.order ?? .max, $1.title, $1.slug)
        }
        var study = Study(title: header.title, institution: header.institution, contact: header.contact,
                          timeZone: header.timeZone, featured: header.featured?.slug, safety: header.safety?.slug,
                          insights: header.insights.map(\.chart), protocolApproval: header.protocolApproval,
                          flags: header.flags.map(\.flag), tasks: tasks.map(\.task).sorted { $0.id < $1.id },
                          consentDocuments: documents, notes: orderedNotes,
                          sourceDigest: SHA256.hex(digests.sorted().joined(separator: "\n")), contacts: header.contacts,
                          languages: header.languages.map { Language($0, studyCatalogs: catalogs) })
        study.dates = header.dates
        study.emergency = header.emergency
        let translated = Translations(root: root, links: links, originals: originals).translate(study)
        // What only the checks needed is let go later on another thread: ten thousand notes' parsed front matter and readers.
        releaseElsewhere((originals, loadedNotes, loaded, notes, check, anchors))
        diagnostics = inFileOrder(diagnostics + translated.diagnostics)
        files += translated.fileCount
        guard !translated.diagnostics.contains(where: { $0.severity == .error }) else {
            return Result(study: nil, diagnostics: diagnostics, fileCount: files, consentDocuments: documents)
        }
        if !translated.digests.isEmpty {
            study.sourceDigest = SHA256.hex(([study.sourceDigest] + translated.digests.sorted()).joined(separator: "\n"))
        }
        study.translations = translated.studies.mapValues { translation in
            var translation = translation
            translation.sourceDigest = study.sourceDigest
            return translation
        }
        study = Translations.withConsentTitles(study)
        return Result(study: study, diagnostics: diagnostics, fileCount: files, consentDocuments: documents)
    }

    /// Without duplicates, by file, line, column and message.
    static func inFileOrder(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        Array(Set(diagnostics)).sorted {
            ($0.file, $0.line ?? 0, $0.column ?? 0, $0.message) < ($1.file, $1.line ?? 0, $1.column ?? 0, $1.message)
        }
    }

    /// What loading one note gave.
    private struct NoteLoad {
        var diagnostics: [Diagnostic] = []
        var digests: [String] = []
        var loaded: (note: EducationNote, reader: FieldReader, header: FieldReader.NoteHeader)?
        var node: YAMLNode?
    }

    /// A content folder's entries by name, sorted, without those whose names
    /// start with a dot; none for a missing folder, and an error for a link.
    private static func entries(of folder: String, into diagnostics: inout [Diagnostic]) -> [(name: String, path: String)] {
        if SymbolicLinks.isLink(folder) {
            diagnostics.append(SymbolicLinks.contentDiagnostic(folder))
            return []
        }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        return names.sorted().filter { !$0.hasPrefix(".") }.map { ($0, folder + "/" + $0) }
    }

    /// The `.md` files of a folder with their ids (file names without `.md`),
    /// sorted; a missing folder is an empty list.
    private static func markdownFiles(_ folder: String, into diagnostics: inout [Diagnostic]) -> [(String, String)] {
        var files: [(String, String)] = []
        for (name, path) in entries(of: folder, into: &diagnostics) {
            guard name.hasSuffix(".md") else {
                diagnostics.append(Diagnostic(file: path, line: nil, column: nil, severity: .warning,
                                              message: "ignored: only .md files are read here"))
                continue
            }
            let id = String(name.dropLast(3))
            // `checkIn.de-DE.md` is a translation, read with its original.
            if Translations.split(id) != nil { continue }
            guard Identifier.isValid(id) else {
                diagnostics.append(Diagnostic(file: path, line: nil, column: nil,
                    message: "the file name must start with a letter and hold only letters, digits, '-' and '_', as it becomes a URL"))
                continue
            }
            files.append((path, id))
        }
        return files
    }

    /// The `<tag>.yaml` files of `content/i18n/`, each with its language.
    private static func wordFiles(_ folder: String, into diagnostics: inout [Diagnostic]) -> [(String, LanguageTag)] {
        var files: [(String, LanguageTag)] = []
        for (name, path) in entries(of: folder, into: &diagnostics) {
            guard name.hasSuffix(".yaml"), let tag = LanguageTag(name.dropLast(5)) else {
                diagnostics.append(Diagnostic(file: path, line: nil, column: nil, severity: .warning,
                                              message: "ignored: a words file is named by its language, such as de-CH.yaml"))
                continue
            }
            files.append((path, tag))
        }
        return files
    }

    /// The file's text; its path and SHA-256 are added to `digests`.
    static func read(_ path: String, into diagnostics: inout [Diagnostic], digests: inout [String]) -> String? {
        if SymbolicLinks.isLink(path) {
            diagnostics.append(SymbolicLinks.contentDiagnostic(path))
            return nil
        }
        guard let data = SymbolicLinks.contents(path) else {
            diagnostics.append(Diagnostic(file: path, line: nil, column: nil, message: "cannot read this file"))
            return nil
        }
        guard data.count <= maximumFileSize else {
            diagnostics.append(Diagnostic(file: path, line: nil, column: nil,
                                          message: "the file is \(data.count / 1024) KB; content files may be at most \(maximumFileSize / 1024) KB"))
            return nil
        }
        guard let text = String(data: data, encoding: .utf8) else {
            diagnostics.append(Diagnostic(file: path, line: nil, column: nil,
                                          message: "the file is not valid UTF-8 text; save it as UTF-8"))
            return nil
        }
        digests.append(path + " " + SHA256.hex(text))
        return text
    }

    /// Content files are prose: anything larger is a mistake, not a note.
    static let maximumFileSize = 1 << 20

    static func parse(_ text: String, reader: FieldReader) -> YAMLNode? {
        do {
            return try YAMLNode.parse(text)
        } catch {
            let explained = YAMLSyntaxExplanation(text: text, lineOffset: reader.lineOffset).explain(error)
            reader.enter(.howFilesAreWritten)
            reader.error(explained.message, line: explained.line + reader.lineOffset, column: explained.column)
            reader.leave()
            return nil
        }
    }

    static func frontMatter(_ path: String, into diagnostics: inout [Diagnostic], digests: inout [String])
        -> (FieldReader, YAMLNode, String, Int)? {
        guard let text = read(path, into: &diagnostics, digests: &digests) else { return nil }
        switch FrontMatter.split(text) {
        case .failure(let error):
            diagnostics.append(Diagnostic(file: path, line: error.line, column: 1, message: error.message,
                                          section: .howFilesAreWritten))
            return nil
        case .success(let parts):
            let reader = FieldReader(file: path, lineOffset: parts.yamlFirstLine - 1)
            guard let node = parse(parts.yaml, reader: reader) else {
                diagnostics += reader.diagnostics
                return nil
            }
            return (reader, node, parts.body, parts.bodyFirstLine)
        }
    }
}
