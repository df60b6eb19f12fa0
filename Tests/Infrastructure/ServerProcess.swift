import Foundation

/// `carefeed serve` in a child process on a port the system picks, with its
/// own copy of the study's content so tests may edit it.
public final class ServerProcess {
    public let process = Process()
    public let directory: TemporaryDirectory
    public private(set) var port: UInt16 = 0
    public var content: String { directory.path + "/content" }
    public var store: String { directory.path + "/care.sqlite" }
    private let output = Pipe()

    /// - Parameter reusing: a stopped server whose folder, content and store this one takes over.
    public init(today: String, participant: String = "e2e", reusing previous: ServerProcess? = nil) throws {
        if let previous {
            directory = previous.directory
        } else {
            directory = try TemporaryDirectory()
            try FileManager.default.copyItem(atPath: TestStudy.content, toPath: content)
        }
        process.executableURL = URL(fileURLWithPath: Executables.path("carefeed"))
        process.arguments = ["serve", "--content", content, "--public", TestStudy.publicFolder, "--store", store,
                             "--port", "0", "--today", today, "--participant", participant]
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var seen = ""
        let handle = output.fileHandleForReading
        while !seen.contains("(Ctrl-C to stop)") {
            let data = handle.availableData
            guard !data.isEmpty else { break }
            seen += String(decoding: data, as: UTF8.self)
        }
        guard let range = seen.range(of: "http://localhost:"),
              let port = UInt16(seen[range.upperBound...].prefix { $0.isNumber }) else {
            process.terminate()
            throw POSIXError(.ECONNREFUSED)
        }
        self.port = port
        // Keep reading so the server never blocks on a full pipe.
        handle.readabilityHandler = { $0.availableData.isEmpty ? () : () }
    }

    /// Sends SIGTERM and returns the exit status once the process ends.
    public func terminate() -> Int32 {
        if process.isRunning {
            kill(process.processIdentifier, SIGTERM)
        }
        process.waitUntilExit()
        return process.terminationStatus
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}
