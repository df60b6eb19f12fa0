import Foundation
import Testing
import TestSupport

/// The built `carefeed` executable, run as a shell runs it.
@Suite struct CommandLineTests {
    /// The exit status and standard output of `carefeed arguments…`.
    func carefeed(_ arguments: String...) throws -> (status: Int32, out: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Executables.path("carefeed"))
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self))
    }

    @Test func everyListedCommandExitsZeroWithItsUsageForHelp() throws {
        let overview = try carefeed("--help")
        #expect(overview.status == 0)
        let commands = overview.out.split(separator: "\n", omittingEmptySubsequences: false)
            .drop { $0 != "Commands:" }.dropFirst().prefix { !$0.isEmpty }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(commands.count >= 6)
        for command in commands {
            let help = try carefeed(command, "--help")
            #expect(help.status == 0, "carefeed \(command) --help")
            #expect(help.out.hasPrefix("Usage: carefeed \(command) "), "carefeed \(command) --help")
        }
    }
}
