import CQREncode
import CareModel
import Foundation
import Markup
import StudyModel
import Words

/// The printable letter `carefeed invite` writes for a participant, in
/// their language: the study, what to do, their personal link and its QR
/// code, drawn inline as SVG by libqrencode.
public enum InvitationLetter {
    public static func render(link: String, validUntil: LocalDate, study: Study, language: Language) -> HTML {
        let words = language.words
        let title = words(.letterTitle, ["study": study.title])
        let qr = qrCode(link).map { svg(of: $0, label: link) } ?? ""
        return """
            <!DOCTYPE html>
            <html lang="\(language.tag.identifier)" dir="\(language.direction)">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(title)</title>
            <style>
            body { font: 18px/1.5 system-ui, sans-serif; color: #1d1d1f; max-width: 40rem; margin: 2rem auto; padding: 0 1rem; }
            h1 { font-size: 1.6rem; line-height: 1.25; }
            .qr { display: block; width: 14rem; height: 14rem; margin: 1.5rem 0; }
            .link { font: 1.15rem/1.4 ui-monospace, monospace; word-break: break-all; padding: 0.75rem; border: 1px solid #999; border-radius: 8px; }
            .from { color: #555; }
            @page { size: auto; margin: 2cm; }
            </style>
            </head>
            <body>
            <p class="from">\(study.institution)</p>
            <h1>\(title)</h1>
            <p>\(words(.letterIntro, ["study": study.title]))</p>
            \(qr)
            <p class="link"><bdi dir="ltr">\(link)</bdi></p>
            <p>\(words(.letterOnce, ["day": language.format.mediumDay(validUntil)]))</p>
            <p>\(words(.letterHelp, ["contact": Format.isolated(study.contact)]))</p>
            </body>
            </html>

            """
    }

    /// The code's modules, row by row (true: dark), or nil when the text is too long for one.
    public static func qrCode(_ text: String) -> [[Bool]]? {
        guard let code = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1) else { return nil }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        let data = code.pointee.data!
        return (0..<width).map { row in (0..<width).map { column in data[row * width + column] & 1 == 1 } }
    }

    /// The modules as one SVG path, a run of dark modules a rectangle, with the quiet zone of four modules around.
    static func svg(of modules: [[Bool]], label: String) -> HTML {
        let size = modules.count + 8
        var path = ""
        for (row, line) in modules.enumerated() {
            var column = 0
            while column < line.count {
                guard line[column] else { column += 1; continue }
                let start = column
                while column < line.count && line[column] { column += 1 }
                path += "M\(start + 4) \(row + 4)h\(column - start)v1h-\(column - start)z"
            }
        }
        return "<svg class=\"qr\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(size) \(size)\" role=\"img\" "
            + "aria-label=\"\(label)\" shape-rendering=\"crispEdges\"><rect width=\"\(size)\" height=\"\(size)\" fill=\"#fff\"/>"
            + "<path d=\"\(HTML(trusted: path))\" fill=\"#000\"/></svg>"
    }
}
