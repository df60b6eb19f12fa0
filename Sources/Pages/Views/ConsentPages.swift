import CareModel
import Content
import Feed
import Foundation
import Markup

/// The signed consent record, exactly as signed, and the consent documents.
public enum ConsentPages {
    /// A participant's signed records, from the store, not from today's
    /// content: the HTML as signed, the name, the signature, the time with
    /// its offset, the version and the SHA-256, checked against the HTML.
    public static func record(participant: Participant, records: [ConsentRecord], today: LocalDate, study: Study,
                              links: PageLinks, frame: Layout.Frame = .plain) -> HTML {
        var main: HTML = "<h1>Consent record</h1>\n"
        main += "<p class=\"day-meta\">\(participant.name) (\(participant.id))</p>\n"
        main += protocolLine(study)
        if records.isEmpty {
            main += "<p class=\"empty\">No consent has been signed yet.</p>\n"
        }
        for record in records {
            let matches = SHA256.hex(record.html.markup) == record.sha256
            main += "<article class=\"consent-record\">\n<dl class=\"record-facts\">\n"
            main += "<dt>Document</dt><dd>\(record.documentID), version \(record.version)</dd>\n"
            main += "<dt>Signed</dt><dd><time datetime=\"\(Timestamp.local(record.signedAt, in: record.timeZone))\">"
                + "\(Format.dayWithYear(record.timeZone.localDate(of: record.signedAt))) at "
                + "\(Format.time(record.signedAt, in: record.timeZone)) "
                + "(\(Timestamp.local(record.signedAt, in: record.timeZone)))</time></dd>\n"
            main += "<dt>Printed name</dt><dd>\(record.printedName)</dd>\n"
            let verdict: HTML = matches ? "<span class=\"hash-ok\">matches the text below</span>"
                                        : "<strong class=\"hash-bad\">does not match the text below</strong>"
            main += "<dt>SHA-256</dt><dd><code class=\"hash\">\(record.sha256)</code> \(verdict)</dd>\n"
            main += "</dl>\n"
            main += "<section class=\"signature\" aria-label=\"Signature\"><h2>Signature</h2>\n\(signature(record.signature, printedName: record.printedName))</section>\n"
            main += "<section class=\"signed-document\" aria-label=\"The document as signed\"><h2>The document as signed</h2>\n"
            main += "<div class=\"prose\">\n\(record.html)</div>\n</section>\n</article>\n"
        }
        return Layout.page(title: "Consent record", study: study, links: links,
                           nav: .participant(id: participant.id, today: today, current: .consent),
                           main: main, bodyClass: "printable", frame: frame)
    }

    /// "Protocol REB-2026-014 approved by …", or nothing when the study names no protocol.
    static func protocolLine(_ study: Study) -> HTML {
        guard let approval = study.protocolApproval else { return "" }
        return "<p class=\"day-meta protocol\">Protocol \(approval.number) approved by \(approval.board)</p>\n"
    }

    /// The drawn strokes as SVG, or the typed name with the participant's
    /// confirmation that it is their signature.
    static func signature(_ signature: Signature, printedName: String) -> HTML {
        switch signature {
        case .drawn(let pathData):
            guard SignaturePath.isValid(pathData) else {
                return "<p class=\"hash-bad\">The stored signature is not valid path data and is not shown.</p>"
            }
            return "<svg class=\"signature-drawing\" viewBox=\"0 0 300 100\" role=\"img\" aria-label=\"Signature of "
                + "\(printedName), drawn\"><path d=\"\(pathData)\" fill=\"none\" stroke=\"#1c1c1e\" "
                + "stroke-width=\"2.5\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/></svg>"
        case .typed(let name):
            return "<p class=\"typed-signature\">\(name)</p><p class=\"day-meta\">Typed, and confirmed by the participant as their signature.</p>"
        }
    }

    /// A consent document as the study has it today.
    public static func document(_ document: ConsentDocument, study: Study, links: PageLinks,
                                frame: Layout.Frame = .plain) -> HTML {
        var main: HTML = "<h1>\(document.title)</h1>\n"
        main += "<p class=\"day-meta\">Version \(document.version) · SHA-256 <code class=\"hash\">\(document.sha256)</code></p>\n"
        main += protocolLine(study)
        if let summary = document.summary { main += "<p class=\"lead\">\(summary)</p>\n" }
        main += "<div class=\"prose\">\n\(document.html)</div>\n"
        return Layout.page(title: document.title, study: study, links: links, nav: .study(current: nil),
                           main: main, bodyClass: "printable", frame: frame)
    }
}

/// What a signature pad may send: SVG path commands and numbers, nothing else.
public enum SignaturePath {
    public static let maximumLength = 64 * 1024

    public static func isValid(_ pathData: String) -> Bool {
        guard !pathData.isEmpty, pathData.utf8.count <= maximumLength,
              let first = pathData.unicodeScalars.first(where: { $0 != " " }), first == "M" || first == "m" else {
            return false
        }
        let allowed = Set("MmLlHhVvCcSsQqTtZz0123456789.,- e".unicodeScalars)
        return pathData.unicodeScalars.allSatisfy(allowed.contains)
    }
}
