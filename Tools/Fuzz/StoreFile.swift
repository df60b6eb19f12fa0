// libFuzzer target: any bytes as a participant's store file given to
// `carefeed import` are imported, or refused with a message naming the file,
// never a crash or a hang. Each input meets a new study store.
import Commands
import Foundation

private let folder: String = {
    let folder = NSTemporaryDirectory() + "carefeed-fuzz-import-\(getpid())"
    try? FileManager.default.removeItem(atPath: folder)
    try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
}()

private let content = ProcessInfo.processInfo.environment["CAREFEED_CONTENT"] ?? "content"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let file = folder + "/participant.sqlite", study = folder + "/study.sqlite"
    for path in [file, study].flatMap({ [$0, $0 + "-wal", $0 + "-shm", $0 + "-journal"] }) {
        try? FileManager.default.removeItem(atPath: path)
    }
    _ = FileManager.default.createFile(atPath: file, contents: Data(bytes: data, count: size))
    let status = CareFeedCommand.run(["import", "--content", content, "--store", study, file],
                                     console: Console(out: { _ in }, error: { _ in }))
    precondition(status == 0 || status == 1, "import exits 0 or 1, not \(status)")
    return 0
}
