import CareModel
import CareStore
import Foundation
import Testing
import TestSupport

@Suite struct CrashTests {
    /// A writer killed with SIGKILL mid-stream leaves a consistent store that
    /// holds every write it reported committed, each exactly once and whole.
    @Test(arguments: [40, 65, 90])
    func aKilledWriterLosesNoReportedWrite(killAfter: Int) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/care.sqlite"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Executables.path("store-writer"))
        process.arguments = [path, "100000"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let handle = output.fileHandleForReading
        var received = ""
        while received.filter({ $0 == "\n" }).count < killAfter {
            let data = handle.availableData
            guard !data.isEmpty else { break }
            received += String(decoding: data, as: UTF8.self)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        received += String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        let reported = Set(received.split(separator: "\n").compactMap { line in
            line.hasPrefix("committed ") ? Int(line.dropFirst("committed ".count)) : nil
        })

        #expect(process.terminationReason == .uncaughtSignal)
        #expect(reported.count >= killAfter)
        let store = try CareStore(path: path)
        defer { store.close() }
        #expect(try store.integrityCheck() == ["ok"])
        let stored = try store.outcomes(participantID: "crash", includeDeleted: true)
        let occurrences = stored.map(\.occurrence)
        #expect(Set(occurrences).count == occurrences.count, "no occurrence is stored twice")
        #expect(reported.isSubset(of: Set(occurrences)), "every reported write is in the store")
        #expect(stored.allSatisfy { $0.values.count == 3 }, "no outcome is half-written")
    }
}
