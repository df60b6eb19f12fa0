import Foundation

/// Rewrites relative links in Markdown so they resolve the same way from the
/// static site and the server, whose content pages both sit one folder deep
/// (`education/<slug>.html`, `consent/<id>.html`):
///
/// - `other-note.md` → `other-note.html`; `../consent/recover.md` → `../consent/recover.html`
/// - a path into the public folder (`images/knee.svg`) → `../assets/images/knee.svg`
/// - anchors, `mailto:`, `tel:` and absolute `http(s)` links are left alone; images
///   from other hosts are refused, since no page loads anything from elsewhere.
struct LinkRewriter: Sendable {
    var publicDirectory: String?

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
        if url.hasPrefix("/") {
            reader.error("the link \(url) is absolute; use a relative path so that the site works from a folder",
                         line: line)
            return url
        }
        let (path, fragment) = split(url)
        if path.hasSuffix(".md") {
            return String(path.dropLast(3)) + ".html" + fragment
        }
        if let publicDirectory, !FileManager.default.fileExists(atPath: publicDirectory + "/" + path) {
            reader.error("\(path) is not in the public folder \(publicDirectory)", line: line)
        }
        return "../assets/" + path + fragment
    }

    private func split(_ url: String) -> (path: String, fragment: String) {
        guard let hash = url.firstIndex(of: "#") else { return (url, "") }
        return (String(url[..<hash]), String(url[hash...]))
    }
}
