// libFuzzer target: any bytes as a task file of an otherwise good study are
// loaded into a study or refused with located errors, never a crash or hang.
import Content
import Foundation

private let folder: String = {
    let folder = NSTemporaryDirectory() + "carefeed-fuzz-content-\(getpid())"
    try? FileManager.default.removeItem(atPath: folder)
    let source = ProcessInfo.processInfo.environment["CAREFEED_CONTENT"] ?? "content"
    try! FileManager.default.copyItem(atPath: source, toPath: folder)
    return folder
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let path = folder + "/tasks/checkIn.md"
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes: data, count: size))
    let result = ContentLoader.load(directory: folder, publicDirectory: nil)
    precondition(result.study != nil || !result.errors.isEmpty, "refused without saying why")
    for error in result.errors where error.file == path {
        precondition(error.line.map { $0 >= 1 } ?? true)
    }
    return 0
}
