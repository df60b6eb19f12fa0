import CCmark
import Glibc
import Markup
import Support

/// CommonMark to HTML through cmark, with raw HTML and unsafe URLs left out
/// (cmark's safe default), ids on headings, and relative links rewritten.
public enum Markdown {
    /// A link or image destination as written, and where it stands.
    public struct Link: Sendable {
        public var url: String
        public var isImage: Bool
        /// 1-based line and column in the source, of the link's `[` or the image's `!`.
        public var line: Int
        public var column: Int
    }

    /// Renders `source`. `link` rewrites each link and image destination;
    /// headings get ids made from their text, unique within the document.
    public static func html(_ source: String, link: (Link) -> String = { $0.url }) -> HTML {
        guard let document = cmark_parse_document(source, source.utf8.count, CMARK_OPT_DEFAULT) else { return HTML() }
        defer { cmark_node_free(document) }
        var headings: [(level: Int32, text: String)] = []
        // cmark counts columns in bytes; a message counts characters, as an editor's cursor does.
        // Lines found as bytes: a split by characters cost a third of a notes build, and never split at "\r\n", one character.
        let utf8 = Array(source.utf8)
        lazy var lineStarts = [0] + utf8.indices.filter { utf8[$0] == UInt8(ascii: "\n") }.map { $0 + 1 }
        func characterColumn(line: Int, byte column: Int) -> Int {
            guard line >= 1, line <= lineStarts.count, column >= 1 else { return column }
            let start = lineStarts[line - 1]
            return String(decoding: utf8[start..<min(utf8.count, start + column - 1)], as: UTF8.self).count + 1
        }
        let iterator = cmark_iter_new(document)
        defer { cmark_iter_free(iterator) }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(node) {
            case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
                if let url = cmark_node_get_url(node) {
                    let original = String(cString: url)
                    let line = Int(cmark_node_get_start_line(node))
                    let rewritten = link(Link(url: original, isImage: cmark_node_get_type(node) == CMARK_NODE_IMAGE, line: line,
                                              column: characterColumn(line: line, byte: Int(cmark_node_get_start_column(node)))))
                    if rewritten != original {
                        cmark_node_set_url(node, rewritten)
                    }
                }
            case CMARK_NODE_HEADING:
                headings.append((cmark_node_get_heading_level(node), plainText(node)))
            default:
                break
            }
        }
        guard let rendered = cmark_render_html(document, CMARK_OPT_DEFAULT) else { return HTML() }
        defer { free(rendered) }
        // cmark escapes text and, by default, leaves raw HTML and unsafe URLs out.
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(rendered).assumingMemoryBound(to: UInt8.self),
                                        count: strlen(rendered))
        return HTML(trusted: addingHeadingIDs(bytes, headings))
    }

    /// The slug an anchor uses: lowercase letters and digits joined by `-`.
    public static func slug(_ text: String) -> String {
        var slug = ""
        var pendingDash = false
        for scalar in text.lowercased().unicodeScalars {
            // Unicode's properties are looked up only past ASCII, where headings mostly stay.
            let kept = scalar.isASCII ? ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)
                                      : scalar.properties.isAlphabetic
            if kept {
                if pendingDash && !slug.isEmpty { slug += "-" }
                slug.unicodeScalars.append(scalar)
                pendingDash = false
            } else {
                pendingDash = true
            }
        }
        return slug.isEmpty ? "section" : slug
    }

    /// The text of `node`'s inlines in document order. cmark's iterator
    /// walks the tree without recursion, so no nesting, however deep a
    /// hostile file makes it, can exhaust the stack.
    private static func plainText(_ node: OpaquePointer) -> String {
        var text = ""
        guard let iterator = cmark_iter_new(node) else { return text }
        defer { cmark_iter_free(iterator) }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let current = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(current) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE:
                if let literal = cmark_node_get_literal(current) { text += String(cString: literal) }
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                text += " "
            default:
                break
            }
        }
        return text
    }

    /// cmark writes each heading as a bare `<hN>`; raw HTML in the source is
    /// omitted and text is escaped, so the n-th bare `<hN>` is the n-th heading.
    private static func addingHeadingIDs(_ bytes: UnsafeBufferPointer<UInt8>,
                                         _ headings: [(level: Int32, text: String)]) -> String {
        guard !headings.isEmpty else { return String(decoding: bytes, as: UTF8.self) }
        var used: [String: Int] = [:]
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + headings.count * 24)
        var position = 0
        for heading in headings {
            let tag = Array("<h\(heading.level)>".utf8)
            guard let found = bytes.firstIndex(of: tag, from: position) else { break }
            var id = slug(heading.text)
            let count = used[id, default: 0] + 1
            used[id] = count
            if count > 1 { id += "-\(count)" }
            result += bytes[position..<found]
            result += "<h\(heading.level) id=\"\(id)\">".utf8
            position = found + tag.count
        }
        result += bytes[position...]
        return String(decoding: result, as: UTF8.self)
    }
}
