import CPangoCairo

/// Pages of text laid out by Pango and drawn by Cairo into a PDF: pieces of
/// Pango markup placed line by line down A4 pages within their margins, a
/// piece that does not fit carried to the next page at a line's edge, and a
/// centred footer on every page that says which page of how many it is.
/// Pango shapes every script and runs each paragraph in its own direction
/// (Arabic from the right); the fonts are Noto's, found by fontconfig.
final class PrintedPages {
    static let width = 595.28, height = 841.89
    static let margin = 56.7, footerHeight = 24.0
    static var bodyWidth: Double { width - 2 * margin }
    static var bodyBottom: Double { height - margin - footerHeight }

    /// One thing on the pages: a paragraph of markup, or a drawing of a set height.
    enum Piece {
        case text(layout: OpaquePointer, indent: Double)
        case drawing(height: Double, draw: (OpaquePointer, Double, Double) -> Void)
        case rule(indent: Double)
    }

    private struct Placed {
        var piece: Int
        /// The line of a text's layout; nil for a whole drawing or rule.
        var line: Int?
        var top: Double
    }

    private let surface: OpaquePointer
    private let context: OpaquePointer
    private let output = Output()
    private let language: String
    private var pieces: [(piece: Piece, spaceBefore: Double, group: Int)] = []
    private var nextGroup = 0

    init(title: String, language: String, created: String) {
        self.language = language
        surface = cairo_pdf_surface_create_for_stream({ closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
            let output = Unmanaged<Output>.fromOpaque(closure).takeUnretainedValue()
            output.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(output).toOpaque(), Self.width, Self.height)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, title)
        // The record's own moment, never the clock's: the same record gives the same file.
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, created)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "CareFeed")
        context = cairo_create(surface)
    }

    deinit {
        for (piece, _, _) in pieces {
            if case .text(let layout, _) = piece { g_object_unref(UnsafeMutableRawPointer(layout)) }
        }
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// Starts a group of pieces kept on one page when they fit on one.
    func keepTogether() {
        nextGroup += 1
    }

    /// A paragraph of Pango markup in `font` ("Noto Sans Bold 14"), `indent` points in from the margin.
    func text(_ markup: String, font: String, indent: Double = 0, spaceBefore: Double = 0, centred: Bool = false) {
        let layout = self.layout(markup, font: font, width: Self.bodyWidth - indent)
        if centred { pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER) }
        pieces.append((.text(layout: layout, indent: indent), spaceBefore, nextGroup))
    }

    func drawing(height: Double, spaceBefore: Double = 0, _ draw: @escaping (OpaquePointer, Double, Double) -> Void) {
        pieces.append((.drawing(height: height, draw: draw), spaceBefore, nextGroup))
    }

    func rule(indent: Double = 0, spaceBefore: Double = 0) {
        pieces.append((.rule(indent: indent), spaceBefore, nextGroup))
    }

    private func layout(_ markup: String, font: String, width: Double) -> OpaquePointer {
        let layout = pango_cairo_create_layout(context)!
        let pangoContext = pango_layout_get_context(layout)
        pango_context_set_language(pangoContext, pango_language_from_string(language))
        pango_layout_context_changed(layout)
        let description = pango_font_description_from_string(font)
        pango_layout_set_font_description(layout, description)
        pango_font_description_free(description)
        pango_layout_set_width(layout, Int32(width * Double(PANGO_SCALE)))
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        pango_layout_set_markup(layout, markup, -1)
        return layout
    }

    /// Each line of a layout: its top and its baseline within the layout, and its height, in points.
    private func lines(_ layout: OpaquePointer) -> [(top: Double, baseline: Double, height: Double, x: Double)] {
        var lines: [(Double, Double, Double, Double)] = []
        guard let iterator = pango_layout_get_iter(layout) else { return [] }
        defer { pango_layout_iter_free(iterator) }
        let scale = Double(PANGO_SCALE)
        repeat {
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &logical)
            lines.append((Double(logical.y) / scale, Double(pango_layout_iter_get_baseline(iterator)) / scale,
                          Double(logical.height) / scale, Double(logical.x) / scale))
        } while pango_layout_iter_next_line(iterator) != 0
        return lines
    }

    /// Lays the pieces out and draws every page; returns the PDF's bytes.
    func finish(footer: (_ page: Int, _ pages: Int) -> String, footerFont: String) -> [UInt8] {
        var pages: [[Placed]] = [[]]
        var y = Self.margin
        let lineSets = pieces.map { entry -> [(top: Double, baseline: Double, height: Double, x: Double)] in
            if case .text(let layout, _) = entry.piece { return lines(layout) }
            return []
        }
        func height(_ index: Int) -> Double {
            switch pieces[index].piece {
            case .text: lineSets[index].reduce(0) { $0 + $1.height }
            case .drawing(let height, _): height
            case .rule: 1
            }
        }
        func newPage() {
            pages.append([])
            y = Self.margin
        }
        var index = 0
        while index < pieces.count {
            let (piece, spaceBefore, group) = pieces[index]
            // A group starts on a new page when it fits on one but not on what is left of this.
            if group > 0, index == 0 || pieces[index - 1].group != group {
                let end = pieces[index...].firstIndex { $0.group != group } ?? pieces.count
                let total = (index..<end).reduce(0.0) { $0 + height($1) + pieces[$1].spaceBefore }
                if y + total > Self.bodyBottom && total <= Self.bodyBottom - Self.margin && !pages[pages.count - 1].isEmpty { newPage() }
            }
            if !pages[pages.count - 1].isEmpty { y += spaceBefore }
            switch piece {
            case .text:
                for (line, metrics) in lineSets[index].enumerated() {
                    if y + metrics.height > Self.bodyBottom && !pages[pages.count - 1].isEmpty { newPage() }
                    pages[pages.count - 1].append(Placed(piece: index, line: line, top: y))
                    y += metrics.height
                }
            case .drawing(let height, _):
                if y + height > Self.bodyBottom && !pages[pages.count - 1].isEmpty { newPage() }
                pages[pages.count - 1].append(Placed(piece: index, line: nil, top: y))
                y += height
            case .rule:
                pages[pages.count - 1].append(Placed(piece: index, line: nil, top: y))
                y += 1
            }
            index += 1
        }
        for (number, placed) in pages.enumerated() {
            for item in placed {
                switch pieces[item.piece].piece {
                case .text(let layout, let indent):
                    guard let line = item.line, let layoutLine = pango_layout_get_line_readonly(layout, Int32(line)) else { continue }
                    let metrics = lineSets[item.piece][line]
                    cairo_move_to(context, Self.margin + indent + metrics.x, item.top + metrics.baseline - metrics.top)
                    pango_cairo_show_layout_line(context, layoutLine)
                case .drawing(_, let draw):
                    cairo_save(context)
                    draw(context, Self.margin, item.top)
                    cairo_restore(context)
                case .rule(let indent):
                    cairo_save(context)
                    cairo_set_source_rgb(context, 0.55, 0.55, 0.57)
                    cairo_set_line_width(context, 0.75)
                    cairo_move_to(context, Self.margin + indent, item.top + 0.5)
                    cairo_line_to(context, Self.width - Self.margin, item.top + 0.5)
                    cairo_stroke(context)
                    cairo_restore(context)
                }
            }
            let foot = layout(PangoMarkup.escaped(footer(number + 1, pages.count)), font: footerFont, width: Self.bodyWidth)
            pango_layout_set_alignment(foot, PANGO_ALIGN_CENTER)
            cairo_save(context)
            cairo_set_source_rgb(context, 0.33, 0.33, 0.36)
            cairo_move_to(context, Self.margin, Self.height - Self.margin - 12)
            pango_cairo_show_layout(context, foot)
            cairo_restore(context)
            g_object_unref(UnsafeMutableRawPointer(foot))
            cairo_show_page(context)
        }
        cairo_surface_finish(surface)
        return output.bytes
    }
}

/// The bytes Cairo writes, collected.
private final class Output {
    var bytes: [UInt8] = []
}
