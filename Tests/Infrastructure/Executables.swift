import Foundation

/// Finds executables that SwiftPM built next to the test bundle.
public enum Executables {
    /// The path of the built product `name`, from the folder holding the tests.
    public static func path(_ name: String) -> String {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        // `swift test` runs `.build/<config>/<Package>PackageTests.xctest`; products sit beside it.
        if folder.lastPathComponent.hasSuffix(".xctest") {
            folder = folder.deletingLastPathComponent()
        }
        let candidate = folder.appendingPathComponent(name).path
        if FileManager.default.isExecutableFile(atPath: candidate) {
            return candidate
        }
        return Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent(name).path
    }
}
