import Foundation

/// Paths of the repository's own study, for tests that use the real content.
public enum Repository {
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    public static var content: String { root + "/content" }
    public static var publicFolder: String { root + "/Public" }
}
