import Foundation
import Markup

/// Rewrites relative links in Markdown so they resolve the same way from the
/// static site and the server, whose content pages both sit one folder deep
/// (`education/<slug>.html`, `consent/<id>.html`):
///
/// - `other-note.md` → `other-note.html`; `../consent/recover.md` → `../consent/recover.html`
/// - a path into the public folder (`images/knee.svg`) → `../assets/images/knee.svg`
/// - anchors, `mailto:`, `tel:` and absolute `http(s)` links are left alone; images
///   from other hosts are refused, since no page loads anything from elsewhere.
///
/// Links stay inside the study: a `.md` link may not leave the content
/// folder, a public path may not climb out with `..`, percent-encoded or
/// not, and absolute paths and other schemes (`file:`, `data:`) are refused.
struct LinkRewriter: Sendable {
    var publicDirectory: String?
    /// The content folder as given, which the files' paths start with.
    var contentDirectory: String
    /// The ids of the files a link may lead to, by folder: `education` and `consent`.
    var pages: [String: Set<String>] = [:]
    /// Task ids, to tell a link to a task, which has no page, from a link to nothing.
    var tasks: Set<String> = []

    /// A link to a heading, checked once every page is rendered: `page` is
    /// `education/<slug>` or `consent/<id>`, nil for the linking file's own.
    struct Anchor: Sendable {
        var page: String?
        var fragment: String
        var line: Int
        var column: Int
    }

    func rewrite(_ link: Markdown.Link, reader: FieldReader, bodyLine: Int) -> String {
        let url = link.url
        let line = bodyLine + link.line - 1
        func error(_ message: String) {
            reader.enter(.links)
            reader.error(message, line: line, column: link.column)
            reader.leave()
        }
        if url.hasPrefix("#") {
            if url.count > 1 {
                reader.anchors.append(Anchor(page: nil, fragment: String(url.dropFirst()), line: line, column: link.column))
            }
            return url
        }
        if url.isEmpty || url.hasPrefix("mailto:") || url.hasPrefix("tel:") {
            return url
        }
        if url.hasPrefix("http://") || url.hasPrefix("https://") || url.hasPrefix("//") {
            if link.isImage {
                error("the image \(url) is on another host; put it in the public folder and link to its path there")
            }
            return url
        }
        // Browsers read a backslash in a link as a slash.
        if url.hasPrefix("/") || url.hasPrefix("\\") {
            error("the link \(url) is absolute; use a relative path so that the site works from a folder")
            return url
        }
        if let colon = url.firstIndex(of: ":"), !url[..<colon].contains(where: { "/\\?#".contains($0) }) {
            error("the link \(url) is a \(url[..<colon]): link; only http, https, mailto and tel links "
                  + "may lead out of the study")
            return url
        }
        let (path, fragment) = split(url)
        if path.hasSuffix(".md") {
            guard let target = contentPath(path, from: reader.file) else {
                error("the link \(url) leads out of the content folder \(contentDirectory); "
                      + "link to a file inside it, such as ../education/meniscus.md")
                return url
            }
            if let problem = problem(linkingTo: target, as: path) {
                error(problem)
            } else if fragment.count > 1 {
                reader.anchors.append(Anchor(page: String(target.joined(separator: "/").dropLast(3)),
                                             fragment: String(fragment.dropFirst()), line: line, column: link.column))
            }
            return String(path.dropLast(3)) + ".html" + fragment
        }
        guard Self.staysInside(path) else {
            error("the link \(url) leads out of the public folder; link to a file inside it, such as images/knee.svg")
            return url
        }
        if let publicDirectory, !FileSystem.exists(publicDirectory + "/" + Self.decoded(path)) {
            error(Self.missing(path, publicDirectory: publicDirectory))
        }
        return "../assets/" + path + fragment
    }

    /// The message for a file the public folder does not have.
    static func missing(_ path: String, publicDirectory: String) -> String {
        FileSystem.exists(publicDirectory)
            ? "\(path) is not in the public folder \(publicDirectory); put the file there, or correct the path"
            : "\(path) cannot be found, as there is no public folder \(publicDirectory); make it and put the file there, "
              + "or name the folder with --public"
    }

    /// What is wrong with a link to the content file at `target` (its path
    /// in the content folder, by segment), written as `path`; nil when it is
    /// a note or a consent document.
    private func problem(linkingTo target: [String], as path: String) -> String? {
        guard let name = target.last else { return "the link \(path) names no file" }
        let folder = target.count == 2 ? target[0] : ""
        let id = String(name.dropLast(3))
        if let ids = pages[folder] {
            if ids.contains(id) { return nil }
            let kind = folder == "education" ? "note" : "consent document"
            if let (original, _) = Translations.split(id), ids.contains(original) {
                return "the link \(path) leads to a translation; link to the \(kind) itself, \(original).md, "
                    + "and each reader is shown it in their own language"
            }
            let suggestion = FieldReader.closest(to: id, in: ids.sorted()).map { "; did you mean '\($0).md'?" }
                ?? (ids.isEmpty ? "" : "; the \(kind)s are: " + ids.sorted().joined(separator: ", "))
            return "the link \(path) leads to no \(kind): there is no \(folder)/\(id).md\(suggestion)"
        }
        if folder == "tasks", tasks.contains(id) {
            return "the link \(path) leads to a task, which has no page of its own to link to; "
                + "link to a note in education/ or a consent document in consent/"
        }
        return "the link \(path) leads to \(target.joined(separator: "/")), which is neither a note in education/ "
            + "nor a consent document in consent/; link to one of those"
    }

    /// The checked links to headings of `reader`'s file: each anchor must be
    /// a heading's id in the page it names. `html` gives a page's HTML by
    /// `education/<slug>` or `consent/<id>`; `own` is the file's own.
    static func anchorDiagnostics(_ anchors: [Anchor], file: String, own: HTML?, html: (String) -> HTML?) -> [Diagnostic] {
        anchors.compactMap { anchor in
            guard let page = anchor.page.map(html) ?? own else { return nil }
            let ids = headingIDs(page.markup)
            // A fragment copied from a browser's address bar is percent-encoded.
            guard !ids.contains(anchor.fragment), !ids.contains(anchor.fragment.removingPercentEncoding ?? anchor.fragment)
            else { return nil }
            let name = anchor.page.map { $0 + ".md" } ?? "this page"
            let known = ids.isEmpty ? "; it has no headings to link to"
                : "; its headings are " + ids.map { "#" + $0 }.joined(separator: ", ")
            return Diagnostic(file: file, line: anchor.line, column: anchor.column,
                              message: "no heading of \(name) has the anchor #\(anchor.fragment)\(known)", section: .links)
        }
    }

    /// The ids cmark's headings were given, in order.
    private static func headingIDs(_ markup: String) -> [String] {
        var ids: [String] = []
        var rest = markup[...]
        while let open = rest.range(of: " id=\"") {
            let before = rest[..<open.lowerBound]
            rest = rest[open.upperBound...]
            guard before.hasSuffix("<h1") || before.hasSuffix("<h2") || before.hasSuffix("<h3") || before.hasSuffix("<h4")
                    || before.hasSuffix("<h5") || before.hasSuffix("<h6"),
                  let close = rest.firstIndex(of: "\"") else { continue }
            ids.append(String(rest[..<close]))
            rest = rest[close...]
        }
        return ids
    }

    /// True when the relative `path`, read as a browser reads it (percent-encoded
    /// dots decoded, backslashes as slashes), has no `..` segment.
    static func staysInside(_ path: String) -> Bool {
        !segments(path).contains("..")
    }

    /// The path in the content folder, by segment, that `path` names
    /// relative to the folder of `file`; nil when it leads out of the folder.
    private func contentPath(_ path: String, from file: String) -> [String]? {
        // A translation's path is absolute where the folder was given relative: both are compared absolute.
        let prefix = URL(fileURLWithPath: contentDirectory).standardizedFileURL.path + "/"
        let file = URL(fileURLWithPath: file).standardizedFileURL.path
        guard file.hasPrefix(prefix) else { return Self.staysInside(path) ? Self.segments(path) : nil }
        var resolved = file.dropFirst(prefix.count).split(separator: "/").dropLast().map(String.init)
        for segment in Self.segments(path) where segment != "." {
            if segment == ".." {
                guard !resolved.isEmpty else { return nil }
                resolved.removeLast()
            } else {
                resolved.append(segment)
            }
        }
        return resolved
    }

    private static func segments(_ path: String) -> [String] {
        decoded(path).split(whereSeparator: { $0 == "/" || $0 == "\\" }).map(String.init)
    }

    private static func decoded(_ path: String) -> String {
        path.removingPercentEncoding ?? path
    }

    private func split(_ url: String) -> (path: String, fragment: String) {
        guard let hash = url.firstIndex(of: "#") else { return (url, "") }
        return (String(url[..<hash]), String(url[hash...]))
    }
}
