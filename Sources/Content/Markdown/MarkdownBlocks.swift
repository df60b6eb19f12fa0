import CCmark
import StudyModel

/// A consent's Markdown as `TextBlock`s, walked from cmark's tree: raw
/// HTML is left out, as cmark's safe HTML that the participant signed
/// leaves it out.
public enum MarkdownBlocks {
    /// Nesting deeper than this is printed at this depth: a crafted text of a thousand nested quotes stays on the page.
    static let deepest = 8
    /// Lists and quotes nested deeper than this are printed as one paragraph of their words, so no text
    /// nests the walk without bound.
    static let deepestWalked = 32

    public static func blocks(_ markdown: String) -> [TextBlock] {
        guard let document = cmark_parse_document(markdown, markdown.utf8.count, CMARK_OPT_DEFAULT) else { return [] }
        defer { cmark_node_free(document) }
        var blocks: [TextBlock] = []
        walk(document, depth: 0, level: 0, quote: false, marker: nil, into: &blocks)
        return blocks
    }

    /// Appends the blocks under `node`, `level` containers deep. `marker` is a list item's, for its first paragraph.
    private static func walk(_ node: OpaquePointer, depth: Int, level: Int, quote: Bool, marker: String?,
                             into blocks: inout [TextBlock]) {
        guard level <= deepestWalked else {
            blocks.append(TextBlock(kind: .paragraph, runs: inline(node), depth: depth, isQuote: quote))
            return
        }
        var marker = marker
        var child = cmark_node_first_child(node)
        var number = Int(cmark_node_get_list_start(node))
        let ordered = cmark_node_get_type(node) == CMARK_NODE_LIST && cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
        while let current = child {
            defer { child = cmark_node_next(current) }
            let inner = min(depth + 1, deepest)
            switch cmark_node_get_type(current) {
            case CMARK_NODE_HEADING:
                blocks.append(TextBlock(kind: .heading(level: Int(cmark_node_get_heading_level(current))),
                                         runs: inline(current), depth: depth, isQuote: quote))
            case CMARK_NODE_PARAGRAPH:
                let kind: TextBlock.Kind = marker.map { .item(marker: $0) } ?? .paragraph
                blocks.append(TextBlock(kind: kind, runs: inline(current), depth: depth, isQuote: quote))
                marker = nil
            case CMARK_NODE_LIST:
                walk(current, depth: inner, level: level + 1, quote: quote, marker: nil, into: &blocks)
            case CMARK_NODE_ITEM:
                let itemMarker = ordered ? "\(number)." : "•"
                number += 1
                let before = blocks.count
                walk(current, depth: depth, level: level + 1, quote: quote, marker: itemMarker, into: &blocks)
                // An item with no paragraph of its own (empty, or a list first) still shows its marker.
                if blocks.count == before || blocks[before].kind != .item(marker: itemMarker) {
                    blocks.insert(TextBlock(kind: .item(marker: itemMarker), runs: [], depth: depth, isQuote: quote), at: before)
                }
            case CMARK_NODE_BLOCK_QUOTE:
                walk(current, depth: inner, level: level + 1, quote: true, marker: nil, into: &blocks)
            case CMARK_NODE_CODE_BLOCK:
                let literal = cmark_node_get_literal(current).map { String(cString: $0) } ?? ""
                var text = literal
                if text.hasSuffix("\n") { text.removeLast() }
                blocks.append(TextBlock(kind: .code, runs: [TextBlock.Run(text: text, isCode: true)], depth: depth, isQuote: quote))
            case CMARK_NODE_THEMATIC_BREAK:
                blocks.append(TextBlock(kind: .rule, runs: [], depth: depth, isQuote: quote))
            default:
                // Raw HTML is not in what was signed; any other block is read for the blocks inside it.
                if cmark_node_first_child(current) != nil {
                    walk(current, depth: depth, level: level + 1, quote: quote, marker: marker, into: &blocks)
                }
            }
        }
    }

    /// The words under `node` as runs of one style, walked with cmark's own
    /// iterator rather than by recursion, however deep emphasis nests. A
    /// link's or an image's words are kept, as the signed page shows them;
    /// paragraphs under a node flattened whole are kept apart by a line break.
    static func inline(_ node: OpaquePointer) -> [TextBlock.Run] {
        var runs: [TextBlock.Run] = []
        var bold = 0, italic = 0
        func add(_ text: String, code: Bool = false) {
            let style = (bold > 0, italic > 0, code)
            // In place, holding no copy of the run: a copy for each of a long paragraph's many pieces would cost its length squared.
            if !runs.isEmpty, (runs[runs.count - 1].isBold, runs[runs.count - 1].isItalic, runs[runs.count - 1].isCode) == style {
                runs[runs.count - 1].text += text
            } else {
                runs.append(TextBlock.Run(text: text, isBold: style.0, isItalic: style.1, isCode: style.2))
            }
        }
        let iterator = cmark_iter_new(node)
        defer { cmark_iter_free(iterator) }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard let current = cmark_iter_get_node(iterator), current != node else { continue }
            let entering = event == CMARK_EVENT_ENTER
            switch cmark_node_get_type(current) {
            case CMARK_NODE_TEXT:
                add(cmark_node_get_literal(current).map { String(cString: $0) } ?? "")
            case CMARK_NODE_CODE, CMARK_NODE_CODE_BLOCK:
                add(cmark_node_get_literal(current).map { String(cString: $0) } ?? "", code: true)
            case CMARK_NODE_SOFTBREAK:
                add(" ")
            case CMARK_NODE_LINEBREAK:
                add("\n")
            case CMARK_NODE_EMPH:
                italic += entering ? 1 : -1
            case CMARK_NODE_STRONG:
                bold += entering ? 1 : -1
            case CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING:
                if !entering && cmark_node_next(current) != nil { add("\n") }
            default:
                break
            }
        }
        return runs
    }
}
