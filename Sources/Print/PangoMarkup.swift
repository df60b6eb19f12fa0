import CPangoCairo
import StudyModel

/// A block's runs as Pango's markup, each run's text escaped by GLib, whose markup Pango's is.
enum PangoMarkup {
    static func markup(_ runs: [TextBlock.Run]) -> String {
        runs.map { run in
            var text = escaped(run.text)
            if run.isCode { text = "<tt>\(text)</tt>" }
            if run.isItalic { text = "<i>\(text)</i>" }
            if run.isBold { text = "<b>\(text)</b>" }
            return text
        }.joined()
    }

    static func escaped(_ text: String) -> String {
        guard let escaped = g_markup_escape_text(text, -1) else { return "" }
        defer { g_free(escaped) }
        return String(cString: escaped)
    }
}
