import Foundation

/// A fresh directory under the system's temporary folder, removed when released.
public final class TemporaryDirectory {
    public let path: String

    public init() throws {
        let path = NSTemporaryDirectory() + "carefeed-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        self.path = path
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Writes `text` to `relativePath`, creating folders on the way; returns the full path.
    @discardableResult
    public func write(_ relativePath: String, _ text: String) throws -> String {
        let full = path + "/" + relativePath
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try text.write(toFile: full, atomically: true, encoding: .utf8)
        return full
    }
}
