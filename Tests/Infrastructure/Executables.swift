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

    /// `carefeed arguments…` run to its end, in `folder` when one is given:
    /// its exit status and what it wrote to standard output and error.
    public static func carefeed(_ arguments: [String], in folder: String? = nil) throws -> (status: Int32, out: String, error: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path("carefeed"))
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }
}
