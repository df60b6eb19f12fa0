// Writes outcomes to a care store as fast as it can and prints
// "committed <occurrence>" after each write returns, so a test can kill it
// mid-write and check that every reported write survived.
import CareModel
import CareStore
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 3, let count = Int(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: store-writer STORE COUNT\n".utf8))
    exit(2)
}
do {
    let store = try CareStore(path: arguments[1])
    let zone = TimeZone(identifier: "America/New_York")!
    let enrolled = LocalDate(iso: "2026-03-01")!
    if try store.participant(id: "crash") == nil {
        try store.addParticipant(Participant(id: "crash", name: "Crash test", timeZone: zone, enrolledOn: enrolled))
    }
    let schedule = Schedule([ScheduleElement(interval: .days(1), time: .allDay)])
    let version = try store.recordTaskVersion(taskID: "checkIn", definition: "daily", effectiveFrom: enrolled,
                                              at: Date())
    let events = ScheduleTimeline([.init(version: version, effectiveFrom: nil, schedule: schedule)])
        .events(enrolledOn: enrolled, in: zone, from: enrolled, to: enrolled.adding(days: count))
    for event in events {
        let values = [OutcomeValue(kind: "pain", value: .integer(event.occurrence % 11)),
                      OutcomeValue(kind: "sleep", value: .decimal(7.5), unit: "hours"),
                      OutcomeValue(kind: "note", value: .text(String(repeating: "x", count: 2000)))]
        try store.addOutcome(NewOutcome(participantID: "crash", taskID: "checkIn", event: event, values: values),
                             at: Date())
        FileHandle.standardOutput.write(Data("committed \(event.occurrence)\n".utf8))
    }
    store.close()
} catch {
    FileHandle.standardError.write(Data("store-writer: \(error)\n".utf8))
    exit(1)
}
