// libFuzzer target: any request (method, path, headers, body from the input)
// gets an answer below 500 from the participant server's handler.
import Assets
import CareModel
import CareStore
import Content
import Feed
import Foundation
import HTTP
import Server
import StudyModel

private let app: ParticipantApp = {
    let folder = NSTemporaryDirectory() + "carefeed-fuzz-routing-\(getpid())"
    try? FileManager.default.removeItem(atPath: folder)
    try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let content = ProcessInfo.processInfo.environment["CAREFEED_CONTENT"] ?? "content"
    let publicFolder = ProcessInfo.processInfo.environment["CAREFEED_PUBLIC"] ?? "Public"
    let study = ContentLoader.load(directory: content, publicDirectory: publicFolder).study!
    let store = try! CareStore(path: folder + "/care.sqlite")
    let today = LocalDate(iso: "2026-11-30")!
    try! store.addParticipant(Participant(id: "fuzz", name: "Fuzz", timeZone: study.timeZone, enrolledOn: today))
    for task in study.tasks {
        try! store.recordTaskVersion(taskID: task.id, definition: task.definition, effectiveFrom: today, at: Date())
    }
    return ParticipantApp(store: store,
                          content: .init(plan: try! CarePlan(study: study, versions: try! store.taskVersions()),
                                         assets: try! Assets(publicDirectory: publicFolder, study: study)),
                          configuration: .init(participantID: "fuzz", today: today, secret: "fuzz"))
}()

/// The input as lines: method, path, then headers `Name: value`, an empty line, the body.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard lines.count >= 2 else { return 0 }
    let method = lines.removeFirst(), path = lines.removeFirst()
    var headers = ["Host": "localhost"]
    while let line = lines.first, !line.isEmpty, let colon = line.firstIndex(of: ":") {
        headers[String(line[..<colon])] = String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
        lines.removeFirst()
    }
    let body = Array(lines.dropFirst().joined(separator: "\n").utf8)
    let response = app.handle(HTTPRequest(method: HTTPMethod(rawValue: method), path: path, headers: headers, body: body))
    precondition(response.status.rawValue < 500, "\(method) \(path) answered \(response.status)")
    return 0
}
