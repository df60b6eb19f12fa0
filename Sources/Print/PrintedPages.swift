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
    /// Arabic and the like: each paragraph runs from the right, indented from the right, as the signed page's `dir="rtl"`.
    private let isRightToLeft: Bool
    private struct Entry {
        var piece: Piece
        var spaceBefore: Double
        var group: Int
        /// A heading: on the page of the line after it.
        var keepsWithNext = false
    }

    private var pieces: [Entry] = []
    private var nextGroup = 0

    init(title: String, language: String, isRightToLeft: Bool, created: String) {
        self.language = language
        self.isRightToLeft = isRightToLeft
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
        for entry in pieces {
            if case .text(let layout, _) = entry.piece { g_object_unref(UnsafeMutableRawPointer(layout)) }
        }
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// Starts a group of pieces kept on one page when they fit on one.
    func keepTogether() {
        nextGroup += 1
    }

    /// A paragraph of Pango markup in `font` ("Noto Sans Bold 14"), `indent` points in from the margin it starts at.
    /// `hanging`: a list item's marker, which its first line starts with and the lines after it are indented past.
    func text(_ markup: String, font: String, indent: Double = 0, spaceBefore: Double = 0, keepsWithNext: Bool = false,
              hanging: String? = nil) {
        var hang = 0.0
        if let hanging {
            let marker = self.layout(hanging, font: font, width: Self.bodyWidth)
            var logical = PangoRectangle()
            pango_layout_get_extents(marker, nil, &logical)
            hang = Double(logical.width) / Double(PANGO_SCALE)
            g_object_unref(UnsafeMutableRawPointer(marker))
        }
        // Pango's hanging indent: the first line full width, the lines after it that much in.
        let layout = self.layout((hanging ?? "") + markup, font: font, width: Self.bodyWidth - indent)
        pango_layout_set_indent(layout, Int32(-hang * Double(PANGO_SCALE)))
        pieces.append(Entry(piece: .text(layout: layout, indent: indent), spaceBefore: spaceBefore, group: nextGroup,
                            keepsWithNext: keepsWithNext))
    }

    func drawing(height: Double, spaceBefore: Double = 0, _ draw: @escaping (OpaquePointer, Double, Double) -> Void) {
        pieces.append(Entry(piece: .drawing(height: height, draw: draw), spaceBefore: spaceBefore, group: nextGroup))
    }

    func rule(indent: Double = 0, spaceBefore: Double = 0) {
        pieces.append(Entry(piece: .rule(indent: indent), spaceBefore: spaceBefore, group: nextGroup))
    }

    private func layout(_ markup: String, font: String, width: Double) -> OpaquePointer {
        let layout = pango_cairo_create_layout(context)!
        let pangoContext = pango_layout_get_context(layout)
        // A PDF's unit is the point: a font's size in points is its size on the page, not at a screen's 96 dots an inch.
        pango_cairo_context_set_resolution(pangoContext, 72)
        pango_context_set_language(pangoContext, pango_language_from_string(language))
        if isRightToLeft {
            pango_context_set_base_dir(pangoContext, PANGO_DIRECTION_RTL)
            pango_layout_set_auto_dir(layout, 0)
            pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        }
        pango_layout_context_changed(layout)
        let description = pango_font_description_from_string(font)
        pango_layout_set_font_description(layout, description)
        pango_font_description_free(description)
        pango_layout_set_width(layout, Int32(width * Double(PANGO_SCALE)))
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        pango_layout_set_markup(layout, markup, -1)
        return layout
    }

    /// One line of a layout: its top and its baseline within the layout, its height and where it starts, in points.
    private struct Line {
        var line: UnsafeMutablePointer<PangoLayoutLine>
        var top: Double
        var baseline: Double
        var height: Double
        var x: Double
    }

    /// Each line of a layout, walked once: asking for a layout's nth line walks its list from the start.
    private func lines(_ layout: OpaquePointer) -> [Line] {
        var lines: [Line] = []
        guard let iterator = pango_layout_get_iter(layout) else { return [] }
        defer { pango_layout_iter_free(iterator) }
        let scale = Double(PANGO_SCALE)
        repeat {
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &logical)
            guard let line = pango_layout_iter_get_line_readonly(iterator) else { continue }
            lines.append(Line(line: line, top: Double(logical.y) / scale, baseline: Double(pango_layout_iter_get_baseline(iterator)) / scale,
                              height: Double(logical.height) / scale, x: Double(logical.x) / scale))
        } while pango_layout_iter_next_line(iterator) != 0
        return lines
    }

    /// Lays the pieces out and draws every page; returns the PDF's bytes. Throws for more than `mostPages`
    /// pages, for a character no installed font has, and for what Cairo could not write.
    func finish(footer: (_ page: Int, _ pages: Int) -> String, footerFont: String, mostPages: Int) throws -> [UInt8] {
        var pages: [[Placed]] = [[]]
        var y = Self.margin
        for entry in pieces {
            if case .text(let layout, _) = entry.piece, pango_layout_get_unknown_glyphs_count(layout) > 0 {
                throw ConsentPDF.Refusal.noFont
            }
        }
        let lineSets = pieces.map { entry -> [Line] in
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
            let (piece, spaceBefore, group) = (pieces[index].piece, pieces[index].spaceBefore, pieces[index].group)
            // A group starts on a new page when it fits on one but not on what is left of this.
            if group > 0, index == 0 || pieces[index - 1].group != group {
                let end = pieces[index...].firstIndex { $0.group != group } ?? pieces.count
                let total = (index..<end).reduce(0.0) { $0 + height($1) + pieces[$1].spaceBefore }
                if y + total > Self.bodyBottom && total <= Self.bodyBottom - Self.margin && !pages[pages.count - 1].isEmpty { newPage() }
            }
            if !pages[pages.count - 1].isEmpty { y += spaceBefore }
            // A heading whose text and the first line after it do not fit starts the next page.
            if pieces[index].keepsWithNext, !pages[pages.count - 1].isEmpty,
               y + height(index) + (index + 1 < pieces.count ? (lineSets[index + 1].first?.height ?? 0) + pieces[index + 1].spaceBefore : 0)
                > Self.bodyBottom {
                newPage()
            }
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
                if y + 1 > Self.bodyBottom { newPage() }
                pages[pages.count - 1].append(Placed(piece: index, line: nil, top: y))
                y += 1
            }
            index += 1
        }
        guard pages.count <= mostPages else { throw ConsentPDF.Refusal.tooManyPages(count: pages.count) }
        for (number, placed) in pages.enumerated() {
            for item in placed {
                switch pieces[item.piece].piece {
                case .text(_, let indent):
                    guard let line = item.line else { continue }
                    let metrics = lineSets[item.piece][line]
                    // Right to left, the indent is on the right: the layout's box ends that far in.
                    let left = Self.margin + (isRightToLeft ? 0 : indent)
                    cairo_move_to(context, left + metrics.x, item.top + metrics.baseline - metrics.top)
                    pango_cairo_show_layout_line(context, metrics.line)
                case .drawing(_, let draw):
                    cairo_save(context)
                    draw(context, Self.margin, item.top)
                    cairo_restore(context)
                case .rule(let indent):
                    cairo_save(context)
                    cairo_set_source_rgb(context, 0.55, 0.55, 0.57)
                    cairo_set_line_width(context, 0.75)
                    cairo_move_to(context, Self.margin + (isRightToLeft ? 0 : indent), item.top + 0.5)
                    cairo_line_to(context, Self.width - Self.margin - (isRightToLeft ? indent : 0), item.top + 0.5)
                    cairo_stroke(context)
                    cairo_restore(context)
                }
            }
            let foot = layout(PangoMarkup.escaped(footer(number + 1, pages.count)), font: footerFont, width: Self.bodyWidth)
            pango_layout_set_auto_dir(foot, 1)
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
        guard cairo_status(context) == CAIRO_STATUS_SUCCESS, cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw ConsentPDF.Refusal.notWritten(String(cString: cairo_status_to_string(cairo_surface_status(surface))))
        }
        return output.bytes
    }
}

/// The bytes Cairo writes, collected.
private final class Output {
    var bytes: [UInt8] = []
}
