import CareModel
import CareStore
import Content
import Demo
import Foundation

/// `carefeed demo`: a store of believable participants for anyone to look at.
enum DemoCommand {
    static let help = """
    Usage: carefeed demo [--content DIR] [--store FILE] [--participants N] [--days N] [--seed N]
                         [--today YYYY-MM-DD]

    Fills a new care store with simulated participants who follow the study's
    schedules over the last --days days: consent signed, permissions answered,
    answers with a plausible recovery and some missed days. The newest
    participant has not onboarded yet. With enough participants, some
    decline to share health data, one leaves a questionnaire with too few
    answers for its score, one stops answering for good, and two withdraw,
    one saying why. The same --seed and --today give the same store.

      --content DIR       the study's content (default content)
      --store FILE        the store to fill; it must have no participants yet
                          (default .carefeed/care.sqlite)
      --participants N    how many (default 12)
      --days N            how many days back the study runs (default 42)
      --seed N            the simulation's seed (default 1)
      --today YYYY-MM-DD  the last simulated day, to its end (default: today in the
                          study's zone, up to now: nothing is answered at a time
                          still to come)
    """

    static func run(_ arguments: Arguments, console: Console, now: Date) throws -> ExitStatus {
        let count = try arguments.parse("participants", as: "a number from 1 to 100000", { Int($0).flatMap { (1...100_000).contains($0) ? $0 : nil } }) ?? 12
        let days = try arguments.parse("days", as: "a number of days from 1 to 3650", { Int($0).flatMap { (1...3650).contains($0) ? $0 : nil } }) ?? 42
        let seed = try arguments.parse("seed", as: "a whole number", { UInt64($0) }) ?? 1
        let fixedToday = try arguments.parse("today", as: "a date YYYY-MM-DD", { LocalDate(iso: $0) })
        // The simulated participants sign the consent texts, so their versions are published.
        guard let (study, store) = try Workspace.open(arguments, console: console, now: now, checkPublicFolder: false)
        else { return .dataError }
        defer { store.close() }
        let today = fixedToday ?? study.timeZone.localDate(of: now)
        guard try store.participants().isEmpty else {
            console.error("error: the store at \(store.path) already has participants; demo data goes into a new store: pass --store FILE\n")
            return .dataError
        }
        let plan = try Workspace.plan(study, store: store, now: now)
        // Answers stop at the moment the demo runs, or at the end of a --today given.
        let until = fixedToday.map { study.timeZone.instant(of: $0.adding(days: 1), at: LocalTime(hour: 0, minute: 0)!) } ?? now
        let demo = DemoStudy(plan: plan, participants: count, days: days, seed: seed, today: today, until: until)
        try store.addBatch(participants: demo.participants, consentRecords: demo.consentRecords,
                           permissionGrants: demo.permissionGrants, outcomes: demo.outcomes)
        for withdrawal in demo.withdrawals {
            try store.withdraw(withdrawal)
        }
        console.out("\(store.path): \(demo.participants.count) participants, \(demo.outcomes.count) outcomes, "
                    + "\(demo.consentRecords.count) consent records, \(demo.withdrawals.count) withdrawals, through \(today)\n")
        return .success
    }
}
