import Foundation

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

    func rewrite(_ url: String, isImage: Bool, reader: FieldReader, line: Int) -> String {
        if url.isEmpty || url.hasPrefix("#") || url.hasPrefix("mailto:") || url.hasPrefix("tel:") {
            return url
        }
        if url.hasPrefix("http://") || url.hasPrefix("https://") || url.hasPrefix("//") {
            if isImage {
                reader.error("the image \(url) is on another host; put it in the public folder and link to its path there",
                             line: line)
            }
            return url
        }
        // Browsers read a backslash in a link as a slash.
        if url.hasPrefix("/") || url.hasPrefix("\\") {
            reader.error("the link \(url) is absolute; use a relative path so that the site works from a folder",
                         line: line)
            return url
        }
        if let colon = url.firstIndex(of: ":"), !url[..<colon].contains(where: { "/\\?#".contains($0) }) {
            reader.error("the link \(url) is a \(url[..<colon]): link; only http, https, mailto and tel links "
                         + "may lead out of the study", line: line)
            return url
        }
        let (path, fragment) = split(url)
        if path.hasSuffix(".md") {
            if !staysInContent(path, from: reader.file) {
                reader.error("the link \(url) leads out of the content folder \(contentDirectory); "
                             + "link to a file inside it, such as ../education/meniscus.md", line: line)
            }
            return String(path.dropLast(3)) + ".html" + fragment
        }
        guard Self.staysInside(path) else {
            reader.error("the link \(url) leads out of the public folder; link to a file inside it, such as images/knee.svg",
                         line: line)
            return url
        }
        if let publicDirectory, !FileSystem.exists(publicDirectory + "/" + Self.decoded(path)) {
            reader.error("\(path) is not in the public folder \(publicDirectory)", line: line)
        }
        return "../assets/" + path + fragment
    }

    /// True when the relative `path`, read as a browser reads it (percent-encoded
    /// dots decoded, backslashes as slashes), has no `..` segment.
    static func staysInside(_ path: String) -> Bool {
        !segments(path).contains("..")
    }

    /// True when `path`, relative to the folder of `file`, names a file in the content folder.
    private func staysInContent(_ path: String, from file: String) -> Bool {
        let prefix = contentDirectory + "/"
        guard file.hasPrefix(prefix) else { return Self.staysInside(path) }
        var depth = file.dropFirst(prefix.count).split(separator: "/").count - 1
        for segment in Self.segments(path) where segment != "." {
            depth += segment == ".." ? -1 : 1
            if depth < 0 { return false }
        }
        return true
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
