import Foundation

/// Where the commands look when no option says otherwise: paths relative
/// to the working directory, which is the repository's own layout.
enum Defaults {
    static let content = "content"
    /// `Public`, or `public` where only that is here, as `carefeed init`
    /// writes it: a study works where `init` put it, with no flags.
    static var publicFolder: String {
        let manager = FileManager.default
        return !manager.fileExists(atPath: "Public") && manager.fileExists(atPath: "public") ? "public" : "Public"
    }
    static let store = ".carefeed/care.sqlite"
    static let site = "Site"
}
