import CareModel
import StudyModel
import Feed
import Foundation
import Markup
import Print
import Support
import Words

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
        let words = reader.words
        let format = reader.format
        var main: HTML = "<h1>\(words(.consentRecord))</h1>\n"
        if reader.isClinician {
            main += "<p class=\"day-meta\">\(Pseudonym.label(participant, reader: reader))</p>\n"
        } else if let signed = records.last {
            main += "<p class=\"day-meta\">\(words.html(.signedAs, ["name": "<strong><bdi>\(signed.printedName)</bdi></strong>"]))</p>\n"
        }
        main += protocolLine(study, reader: reader)
        // The PDF of each record, where there is one: the one in force first, for a participant.
        let copies = records.indices.map { index in
            hasSignedCopy(records[index], study: study, reader: reader)
                ? reader.links.signedCopy(participant.id, index: index, of: records.count) : nil
        }
        if reader.isParticipant, !records.isEmpty {
            let download = reader.links.myData()
            main += "<p class=\"record-actions no-print\">"
                + (copies.last.flatMap { $0 }.map { "<a class=\"button\" href=\"\($0)\" download>\(words(.downloadSignedForm))</a> " as HTML } ?? "")
                + "<button type=\"button\" class=\"button button-secondary\" data-print hidden>"
                + "\(words(.savePrintCopy))</button>"
                + (download.map { " <a class=\"button button-secondary\" href=\"\($0)\" download>\(words(.downloadMyData))</a>" } ?? "")
                + "</p>\n<p class=\"field-hint no-print\">\(copies.last.flatMap { $0 } == nil ? "" : words(.keepACopy))"
                + (download == nil ? "" : " \(words(.downloadExplained))")
                + "</p>\n"
        }
        if let withdrawal {
            let day = format.dayWithYear(participant.timeZone.localDate(of: withdrawal.withdrawnAt))
            let time = format.time(withdrawal.withdrawnAt, in: participant.timeZone)
            // A reason is the participant's own words: on the clinician's site only with names.
            let reason = withdrawal.givenReason
            let text = reason.map { reason in
                reader.showsNames ? words(.withdrewOnWithReason, ["day": day, "time": time, "reason": Format.isolated(reason)])
                    : words(.withdrewOn, ["day": day, "time": time])
            } ?? words(.withdrewOn, ["day": day, "time": time])
            main += "<p class=\"status status-missed\">\(text)</p>\n"
            if reason != nil, !reader.showsNames {
                main += "<p class=\"field-hint\">\(words(.reasonNotShown))</p>\n"
            }
        }
        if records.isEmpty {
            main += "<p class=\"empty\">\(words(.noConsentYet))</p>\n"
        }
        for (index, record) in records.enumerated() {
            // A participant has the one in force at the top of the page.
            let copy = reader.isParticipant && index == records.count - 1 ? nil : copies[index]
            main += recordArticle(record, title: signedTitle(record, study: study), language: signedLanguage(record, study: study),
                                  copy: copy, reader: reader)
        }
        main += choices(grants, study: study, participant: participant, reader: reader)
        if withdrawal == nil, !records.isEmpty, let withdraw = reader.links.withdraw() {
            main += "<p class=\"no-print\"><a href=\"\(withdraw)\">\(words(.leaveTheStudy))</a></p>\n"
        }
        return Layout.page(title: words(.consentRecord), study: study, reader: reader,
                           nav: .participant(id: participant.id, today: today, current: .consent),
                           main: main, scripts: reader.isParticipant && !records.isEmpty ? ["js/print.js"] : [],
                           bodyClass: "printable", frame: frame)
    }

    /// The language a record was signed in: the study's own when the record names none (signed before languages were kept).
    static func signedLanguage(_ record: ConsentRecord, study: Study) -> LanguageTag {
        LanguageTag(record.language ?? "") ?? study.ownLanguage.tag
    }

    /// The title of the document a record was signed on, in the language it was signed in, whatever the page's.
    static func signedTitle(_ record: ConsentRecord, study: Study) -> String {
        study.consentTitles[record.documentID]?[signedLanguage(record, study: study)]
            ?? study.consentDocument(record.documentID)?.title ?? record.documentID
    }

    /// One signed record: what a reviewer checks, then the document as signed, marked with the language it was signed in.
    /// - Parameter copy: where its PDF is, when there is one.
    static func recordArticle(_ record: ConsentRecord, title: String, language: LanguageTag, copy: String?, reader: Reader) -> HTML {
        let words = reader.words
        let names = reader.showsNames
        let matches = SHA256.hex(record.html.markup) == record.sha256
        let stamp = Timestamp.local(record.signedAt, in: record.timeZone)
        let signedIn: HTML = "lang=\"\(language.identifier)\" dir=\"\(language.direction)\""
        var html: HTML = "<article class=\"consent-record\">\n<h2 \(signedIn)>\(title)</h2>\n<dl class=\"record-facts\">\n"
        html += "<dt>\(words(.factDocument))</dt><dd>\(words(.documentTitleVersionID, ["document": title, "version": record.version, "id": record.documentID]))</dd>\n"
        let signedOn = words(.dayAtTime, ["day": reader.format.dayWithYear(record.timeZone.localDate(of: record.signedAt)),
                                          "time": reader.format.time(record.signedAt, in: record.timeZone)])
        html += "<dt>\(words(.factSigned))</dt><dd><time datetime=\"\(stamp)\">"
            + "\(signedOn) (<bdi dir=\"ltr\">\(stamp), \(record.timeZone.identifier)</bdi>)</time></dd>\n"
        html += "<dt>\(words(.factPrintedName))</dt><dd>\(names ? "<bdi>\(record.printedName)</bdi>" as HTML : "\(words(.nameWithheld))" as HTML)</dd>\n"
        let verdict: HTML = matches ? "<span class=\"hash-ok\">\(words(.hashMatches))</span>"
                                    : "<strong class=\"hash-bad\">\(words(.hashDiffers))</strong>"
        html += "<dt>SHA-256</dt><dd><code class=\"hash\">\(record.sha256)</code> \(verdict)</dd>\n"
        html += "</dl>\n"
        if let copy {
            html += "<p class=\"no-print\"><a class=\"button button-secondary\" href=\"\(copy)\" download>\(words(.downloadSignedForm))</a></p>\n"
        }
        let kind = switch record.signature { case .drawn: words(.signatureWithheldDrawn); case .typed: words(.signatureWithheldTyped) }
        let drawing: HTML = names ? signature(record.signature, printedName: record.printedName, reader: reader)
            : "<p class=\"day-meta\">\(kind)</p>"
        html += "<section class=\"signature\" aria-label=\"\(words(.signature))\"><h3>\(words(.signature))</h3>\n\(drawing)</section>\n"
        html += "<section class=\"signed-document\" aria-label=\"\(words(.documentAsSigned))\"><h3>\(words(.documentAsSigned))</h3>\n"
        // Markup that does not match its hash was not what was signed: it is not rendered.
        let text: HTML = matches ? record.html
            : "<p class=\"hash-bad\">\(words(.storedTextDiffers))</p>\n"
        html += "<div class=\"prose\" \(signedIn)>\n\(text)</div>\n</section>\n</article>\n"
        return html
    }

    /// The permission choices in force, each with when it was made.
    static func choices(_ grants: [PermissionGrant], study: Study, participant: Participant, reader: Reader) -> HTML {
        let words = reader.words
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
        var html: HTML = "<section class=\"choices\" aria-labelledby=\"choices-title\"><h2 id=\"choices-title\">\(words(.choicesMade))</h2>\n"
            + "<dl class=\"record-facts\">\n"
        for id in order {
            guard let grant = current[id] else { continue }
            let when = words(.dayAtTime, ["day": reader.format.dayWithYear(participant.timeZone.localDate(of: grant.recordedAt)),
                                          "time": reader.format.time(grant.recordedAt, in: participant.timeZone)])
            html += "<dt>\(titles[id] ?? id)</dt><dd>\(words(.choiceWhen, ["choice": grant.granted ? words(.allowed) : words(.notAllowed), "when": when]))</dd>\n"
        }
        return html + "</dl>\n</section>\n"
    }

    /// "Protocol REB-2026-014 approved by …", or nothing when the study names no protocol.
    static func protocolLine(_ study: Study, reader: Reader) -> HTML {
        guard let approval = study.protocolApproval else { return "" }
        return "<p class=\"day-meta protocol\">\(reader.words(.protocolApproved, ["number": approval.number, "board": approval.board]))</p>\n"
    }

    /// The drawn strokes as SVG, or the typed name with the participant's
    /// confirmation that it is their signature.
    static func signature(_ signature: Signature, printedName: String, reader: Reader) -> HTML {
        switch signature {
        case .drawn(let pathData):
            guard SignaturePath.isValid(pathData) else {
                return "<p class=\"hash-bad\">\(reader.words(.signatureInvalid))</p>"
            }
            return "<svg class=\"signature-drawing\" viewBox=\"0 0 300 100\" role=\"img\" aria-label=\""
                + "\(reader.words(.signatureOf, ["name": printedName]))\"><path d=\"\(pathData)\" fill=\"none\" stroke=\"#1c1c1e\" "
                + "stroke-width=\"2.5\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/></svg>"
        case .typed(let name):
            return "<p class=\"typed-signature\">\(name)</p><p class=\"day-meta\">\(reader.words(.typedConfirmed))</p>"
        }
    }

    /// A consent document as the study has it today.
    public static func document(_ document: ConsentDocument, study: Study, reader: Reader,
                                frame: Layout.Frame = .plain) -> HTML {
        var main: HTML = "<h1>\(document.title)</h1>\n"
        main += "<p class=\"day-meta\">\(reader.words(.version, ["version": document.version])) · SHA-256 <code class=\"hash\">\(document.sha256)</code></p>\n"
        main += protocolLine(study, reader: reader)
        if let summary = document.summary { main += "<p class=\"lead\">\(summary)</p>\n" }
        main += "<div class=\"prose\">\n\(document.html)</div>\n"
        return Layout.page(title: document.title, study: study, reader: reader, nav: .study(current: nil),
                           main: main, bodyClass: "printable", frame: frame)
    }
}

/// What a signature pad may send: SVG path commands and numbers, nothing else.
public enum SignaturePath {
    public static let maximumLength = SignatureStrokes.longest

    /// Path data a pad sends, read as the PDF draws it (`SignatureStrokes`), and only the characters it uses.
    public static func isValid(_ pathData: String) -> Bool {
        guard !pathData.isEmpty, pathData.utf8.count <= maximumLength,
              let first = pathData.unicodeScalars.first(where: { $0 != " " }), first == "M" || first == "m" else {
            return false
        }
        let allowed = Set("MmLlHhVvCcSsQqTtZz0123456789.,- e".unicodeScalars)
        return pathData.unicodeScalars.allSatisfy(allowed.contains) && SignatureStrokes.segments(pathData) != nil
    }
}
