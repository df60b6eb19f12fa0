// libFuzzer target: whatever a signature pad sends, the consent record page
// draws it only when it is path data, and the page never carries raw markup from it.
import CareModel
import Content
import Foundation
import Pages
import Words

private let study = ContentLoader.load(directory: ProcessInfo.processInfo.environment["CAREFEED_CONTENT"] ?? "content",
                                       publicDirectory: nil).study!

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let path = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let participant = Participant(id: "p1", name: "Fuzz", timeZone: study.timeZone, enrolledOn: LocalDate(ordinal: 20_000))
    let record = ConsentRecord(participantID: "p1", documentID: "recover", version: "1.0", sha256: String(repeating: "0", count: 64),
                               html: "<p>Text</p>", printedName: "Fuzz", signature: .drawn(pathData: path),
                               signedAt: Date(timeIntervalSince1970: 1_700_000_000), timeZone: study.timeZone)
    let html = ConsentPages.record(participant: participant, records: [record], today: LocalDate(ordinal: 20_001), study: study,
                                   reader: .clinician(links: SiteLinks(page: "participants/p1/consent.html",
                                                                       feedDays: { _, _ in true }),
                                                      sharing: .everything, names: true, language: .usEnglish)).markup
    let drawn = html.contains("<path d=\"" + path + "\"")
    precondition(SignaturePath.isValid(path) == drawn, "drawn exactly when the input is path data")
    precondition(SignaturePath.isValid(path) == html.contains("<svg class=\"signature-drawing\""))
    return 0
}
