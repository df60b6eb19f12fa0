import Assets
import CareModel
import CareStore
import Content
import Foundation
import Site
import Support
import Words

/// `carefeed build`: the clinicians' static site.
enum BuildCommand {
    static let help = """
    Usage: carefeed build [--content DIR] [--public DIR] [--store FILE] [--out DIR] [--today YYYY-MM-DD] [--names]
                          [--language TAG] [--timings]

    Writes the static site for clinicians: the study index, each participant's
    day feeds (enrollment to today + 7 days), insights with SVG charts,
    signed consent record and audit trail, the education notes and the
    consent documents. Participants are shown by study ID, and only with the
    answers they chose to share: others read "Not shared", or "Not chosen
    yet" before the participant has answered whether to share them.
    Every link is relative, so the folder works from file:// or any host.
    A first build, or one after the content or carefeed changed, is built
    beside --out and swapped in: a failed build leaves the last good site.
    Otherwise only the participants whose data or today changed are rendered
    again, and only files whose bytes changed are replaced.

      --content DIR       the study's content (default content)
      --public DIR        assets copied into the site (default Public,
                          or public where only that is here)
      --store FILE        the care store (default .carefeed/care.sqlite)
      --out DIR           where the site goes (default Site)
      --today YYYY-MM-DD  today for every participant (default: the real date
                          in each participant's zone)
      --names             show participants' names and signatures beside their
                          study IDs, for a team allowed to see them
      --language TAG      write the site in another of the study's languages,
                          such as de-DE (default: the study's own, the first
                          of languages: in study.yaml)
      --timings           say on stderr how long each step took
    """

    static func run(_ arguments: Arguments, console: Console, now: Date) throws -> ExitStatus {
        let started = Date()
        let fixedToday = try arguments.parse("today", as: "a date YYYY-MM-DD", { LocalDate(iso: $0) })
        let output = arguments["out"] ?? Defaults.site
        // Read while the content loads: a rebuild needs every participant's figures from it.
        let earlyManifest = EarlyManifest(output: output)
        let timings = arguments.has("timings") ? StepTimes(console: console) : nil
        guard let (study, store) = try Workspace.open(arguments, console: console, now: now) else { return .dataError }
        defer { store.close() }
        var plan = try Workspace.plan(study, store: store, now: now)
        // After the plan, which records task versions and may reopen the connection to do so.
        try store.keepPagesInMemory(megabytes: 64)
        var language = study.ownLanguage
        if let offered = try Workspace.language(arguments, study: study) {
            language = offered
            plan = plan.translated(to: study.translated(to: offered.tag))
        }
        let assets = try Assets(publicDirectory: arguments["public"] ?? Defaults.publicFolder, study: study)
        for warning in assets.warnings {
            console.error("warning: \(warning)\n")
        }
        timings?.done("content loaded, store opened")
        let participants = try store.participants()
        var input = SiteBuilder.Input(
            plan: plan, participants: participants,
            records: { participant in try store.records(participantID: participant.id, includingAuditLog: true) },
            revisions: try store.participantRevisions(), renderer: programIdentity(), assets: assets,
            names: arguments.has("names"), dataAsOf: AsOf.moment(fixedToday: fixedToday, now: now, zones: [study.timeZone] + participants.map(\.timeZone)),
            language: language,
            today: { participant in fixedToday ?? participant.today(at: now) })
        input.earlyManifest = earlyManifest
        input.manifestKey = try store.siteKey()
        input.consentVersions = try store.consentVersions()
        timings?.done("participants and their revisions read")
        if let timings {
            input.stepDone = { step in timings.done(step) }
        }
        let builder = SiteBuilder(input)
        // A progress line only where someone watches: on a terminal.
        var progress: (@Sendable (Int, Int) -> Void)?
        if isatty(STDERR_FILENO) == 1 {
            progress = { done, total in console.error("\rWriting pages: \(grouped(done)) of \(grouped(total))") }
        }
        let report = try builder.build(into: output, progress: progress)
        // The study and its pages' plan are taken apart on another core, or by the exit.
        releaseElsewhere((study, plan, input, builder))
        if progress != nil { console.error("\r\u{1B}[K") }
        let seconds = Date().timeIntervalSince(started)
        for path in report.leftoversRemoved {
            console.out("removed \(path), left by a build that was stopped before it finished\n")
        }
        let rendered = report.isUpdate
            ? "; \(grouped(report.participantsRendered)) of \(grouped(report.participants)) participants changed" : ""
        console.out("\(grouped(report.pages)) pages in \(String(format: "%.2f", seconds)) s: \(output)/ "
                    + "(\(grouped(report.rewritten)) files written, \(grouped(report.files - report.rewritten)) unchanged, "
                    + "\(String(format: "%.1f", Double(report.bytes) / 1_048_576)) MB\(rendered))\n")
        return .success
    }
}

/// This program's file, size and modification time: a site written by
/// another build of carefeed is rebuilt whole rather than patched.
private func programIdentity() -> String {
    let path = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    var status = stat()
    guard stat(path, &status) == 0 else { return path }
    return "\(path) \(status.st_size) \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)"
}

/// `20,197`: thousands grouped as an English reader expects.
private func grouped(_ number: Int) -> String {
    let digits = String(number)
    var result = ""
    for (index, digit) in digits.enumerated() {
        if index > 0, (digits.count - index) % 3 == 0 { result += "," }
        result.append(digit)
    }
    return result
}

/// `build --timings`: each step's name and the milliseconds since the one before, on stderr.
private final class StepTimes: Sendable {
    private let console: Console
    private let last = Locked(Date())

    init(console: Console) {
        self.console = console
    }

    func done(_ step: String) {
        let now = Date()
        var since = 0.0
        last.update { since = now.timeIntervalSince($0); $0 = now }
        console.error("timing: \(step): \(String(format: "%.1f", since * 1000)) ms\n")
    }
}
