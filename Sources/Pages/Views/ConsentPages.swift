import CareModel
import StudyModel
import Feed
import Foundation
import Markup
import Support

/// The signed consent record, exactly as signed, and the consent documents.
public enum ConsentPages {
    /// A participant's signed records, from the store, not from today's
    /// content: the document's title and version, the time with its offset
    /// and zone, the SHA-256 checked against the HTML as signed, the printed
    /// name and signature (withheld where names are not shown), the
    /// permission choices in force and a withdrawal, if any.
    ///
    /// The participant's own page names them by the printed name they
    /// signed, which is what the record holds; the store's name for them
    /// (e.g. "Preview participant") is not theirs and is not shown.
    public static func record(participant: Participant, records: [ConsentRecord], today: LocalDate, study: Study,
                              reader: Reader, grants: [PermissionGrant] = [], withdrawal: Withdrawal? = nil,
                              frame: Layout.Frame = .plain) -> HTML {
        var main: HTML = "<h1>Consent record</h1>\n"
        if reader.isClinician {
            main += "<p class=\"day-meta\">\(Pseudonym.label(participant, names: reader.showsNames))</p>\n"
        } else if let signed = records.last {
            main += "<p class=\"day-meta\">Signed as <strong>\(signed.printedName)</strong></p>\n"
        }
        main += protocolLine(study)
        if reader.isParticipant, !records.isEmpty {
            let download = reader.links.myData()
            main += "<p class=\"record-actions no-print\"><button type=\"button\" class=\"button button-secondary\" data-print hidden>"
                + "Save or print your copy</button>"
                + (download.map { " <a class=\"button button-secondary\" href=\"\($0)\" download>Download my data</a>" } ?? "")
                + "</p>\n<p class=\"field-hint no-print\">To keep a copy, print this page "
                + "or save it as a PDF from your browser's Print command."
                + (download == nil ? "" : " Download my data saves your answers, your consent and your choices as a "
                   + "file in FHIR, the format clinical systems read, to give to your surgeon or the study team.")
                + "</p>\n"
        }
        if let withdrawal {
            main += "<p class=\"status status-missed\">Withdrew from the study on "
                + "\(Format.dayWithYear(participant.timeZone.localDate(of: withdrawal.withdrawnAt))) at "
                + "\(Format.time(withdrawal.withdrawnAt, in: participant.timeZone))"
                + "\(withdrawal.reason.map { ". Reason given: \u{201C}\($0)\u{201D}" } ?? "").</p>\n"
        }
        if records.isEmpty {
            main += "<p class=\"empty\">No consent has been signed yet.</p>\n"
        }
        for record in records {
            main += recordArticle(record, title: study.consentDocument(record.documentID)?.title ?? record.documentID,
                                  names: reader.showsNames)
        }
        main += choices(grants, study: study, participant: participant)
        if withdrawal == nil, !records.isEmpty, let withdraw = reader.links.withdraw() {
            main += "<p class=\"no-print\"><a href=\"\(withdraw)\">Leave the study</a></p>\n"
        }
        return Layout.page(title: "Consent record", study: study, reader: reader,
                           nav: .participant(id: participant.id, today: today, current: .consent),
                           main: main, scripts: reader.isParticipant && !records.isEmpty ? ["js/print.js"] : [],
                           bodyClass: "printable", frame: frame)
    }

    /// One signed record: what a reviewer checks, then the document as signed.
    static func recordArticle(_ record: ConsentRecord, title: String, names: Bool) -> HTML {
        let matches = SHA256.hex(record.html.markup) == record.sha256
        let stamp = Timestamp.local(record.signedAt, in: record.timeZone)
        var html: HTML = "<article class=\"consent-record\">\n<h2>\(title)</h2>\n<dl class=\"record-facts\">\n"
        html += "<dt>Document</dt><dd>\(title), version \(record.version) (\(record.documentID))</dd>\n"
        html += "<dt>Signed</dt><dd><time datetime=\"\(stamp)\">"
            + "\(Format.dayWithYear(record.timeZone.localDate(of: record.signedAt))) at "
            + "\(Format.time(record.signedAt, in: record.timeZone)) (\(stamp), \(record.timeZone.identifier))</time></dd>\n"
        html += "<dt>Printed name</dt><dd>\(names ? record.printedName : "Withheld: the site shows study IDs only")</dd>\n"
        let verdict: HTML = matches ? "<span class=\"hash-ok\">matches the text below</span>"
                                    : "<strong class=\"hash-bad\">does not match the text below</strong>"
        html += "<dt>SHA-256</dt><dd><code class=\"hash\">\(record.sha256)</code> \(verdict)</dd>\n"
        html += "</dl>\n"
        let drawing: HTML = names ? signature(record.signature, printedName: record.printedName)
            : "<p class=\"day-meta\">Signed with a \(record.signature.kind) signature, withheld: the site shows study IDs only.</p>"
        html += "<section class=\"signature\" aria-label=\"Signature\"><h3>Signature</h3>\n\(drawing)</section>\n"
        html += "<section class=\"signed-document\" aria-label=\"The document as signed\"><h3>The document as signed</h3>\n"
        // Markup that does not match its hash was not what was signed: it is not rendered.
        let text: HTML = matches ? record.html
            : "<p class=\"hash-bad\">The stored text does not match its SHA-256, so it is not shown.</p>\n"
        html += "<div class=\"prose\">\n\(text)</div>\n</section>\n</article>\n"
        return html
    }

    /// The permission choices in force, each with when it was made.
    static func choices(_ grants: [PermissionGrant], study: Study, participant: Participant) -> HTML {
        var current: [String: PermissionGrant] = [:]
        var order: [String] = []
        for grant in grants where grant.participantID == participant.id {
            if current[grant.permissionID] == nil { order.append(grant.permissionID) }
            current[grant.permissionID] = grant
        }
        guard !order.isEmpty else { return "" }
        let titles = Dictionary(study.tasks.flatMap(\.survey).flatMap { step -> [(String, String)] in
            if case .permissions(let permissions) = step { permissions.items.map { ($0.id, $0.title) } } else { [] }
        }, uniquingKeysWith: { first, _ in first })
        var html: HTML = "<section class=\"choices\" aria-labelledby=\"choices-title\"><h2 id=\"choices-title\">Choices made</h2>\n"
            + "<dl class=\"record-facts\">\n"
        for id in order {
            guard let grant = current[id] else { continue }
            html += "<dt>\(titles[id] ?? id)</dt><dd>\(grant.granted ? "Allowed" : "Not allowed"), "
                + "\(Format.dayWithYear(participant.timeZone.localDate(of: grant.recordedAt))) at "
                + "\(Format.time(grant.recordedAt, in: participant.timeZone))</dd>\n"
        }
        return html + "</dl>\n</section>\n"
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
    public static func document(_ document: ConsentDocument, study: Study, reader: Reader,
                                frame: Layout.Frame = .plain) -> HTML {
        var main: HTML = "<h1>\(document.title)</h1>\n"
        main += "<p class=\"day-meta\">Version \(document.version) · SHA-256 <code class=\"hash\">\(document.sha256)</code></p>\n"
        main += protocolLine(study)
        if let summary = document.summary { main += "<p class=\"lead\">\(summary)</p>\n" }
        main += "<div class=\"prose\">\n\(document.html)</div>\n"
        return Layout.page(title: document.title, study: study, reader: reader, nav: .study(current: nil),
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
