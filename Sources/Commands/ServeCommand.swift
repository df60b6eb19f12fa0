import Assets
import CareModel
import CareStore
import Content
import Dispatch
import Feed
import Foundation
import HTTP
import Server
import StudyModel

/// `carefeed serve`: the participant's preview server, with live reload.
enum ServeCommand {
    static let help = """
    Usage: carefeed serve [--content DIR] [--public DIR] [--store FILE] [--host 127.0.0.1] [--port 8080]
                          [--participant ID] [--today YYYY-MM-DD] [--date NAME=YYYY-MM-DD ...]

    Serves one participant's onboarding, day feeds, surveys, insights,
    education notes and consent record on localhost. Edits to the content
    or public folder reload open pages within a second; a content error
    shows in the page while the last good content keeps being served.
    Stops cleanly on Ctrl-C or SIGTERM: requests in flight finish, the store closes.
    The editors' reference is at /docs.

    With no --participant, the participant is the editor's preview: a
    changed task shows to them at once, today included, and every page
    says it is a preview. A participant named with --participant sees a
    changed task from the next day, as everyone in the study does.

      --content DIR       the study's content (default content)
      --public DIR        assets (default Public, or public where only that
                          is here)
      --store FILE        the care store (default .carefeed/care.sqlite)
      --host ADDRESS      the IPv4 address to listen on (default 127.0.0.1); any
                          other than 127.x.x.x opens the preview, which has
                          no login, to whoever can reach it
      --port N            the port (default 8080; 0 picks a free one)
      --participant ID    who is served; created, enrolled today, if the store
                          does not have them (default preview)
      --today YYYY-MM-DD  a fixed today, to preview another day
      --date NAME=DATE    a date of the participant's that study.yaml declares,
                          such as surgery=2026-12-10; without it, onboarding
                          asks it where the study has a question that sets it
    """

    static func run(_ arguments: Arguments, console: Console, now: Date) throws -> ExitStatus {
        let port = try arguments.parse("port", as: "a port number from 0 to 65535", { UInt16($0) }) ?? 8080
        let fixedToday = try arguments.parse("today", as: "a date YYYY-MM-DD", { LocalDate(iso: $0) })
        let participantID = arguments["participant"] ?? "preview"
        guard Identifier.isValid(participantID) else {
            throw UsageError("--participant needs an id of letters, digits, '-' and '_', not '\(participantID)'")
        }
        guard let (study, store) = try Workspace.open(arguments, console: console, now: now) else { return .dataError }
        let studyToday = fixedToday ?? study.timeZone.localDate(of: now)
        let dates = try DateArguments.parse(arguments, study: study)
        let existing = try store.participant(id: participantID)
        try DateArguments.check(dates, enrolledOn: existing?.enrolledOn ?? studyToday)
        if existing == nil {
            try store.addParticipant(Participant(id: participantID, name: "Preview participant", timeZone: study.timeZone,
                                                 enrolledOn: studyToday))
        }
        for (id, day) in dates.sorted(by: { $0.key < $1.key }) {
            try store.setDate(id, to: day, participantID: participantID, at: now, source: .invite)
        }
        let contentFolder = arguments["content"] ?? Defaults.content
        let publicFolder = arguments["public"] ?? Defaults.publicFolder
        let plan = try Workspace.plan(study, store: store, now: now)
        let assets = try Assets(publicDirectory: publicFolder, study: study)
        assets.warnings.forEach { console.error("warning: \($0)\n") }
        var participantConfiguration = ParticipantApp.Configuration(participantID: participantID, today: fixedToday,
                                                                    secret: ParticipantApp.randomHex(words: 4),
                                                                    host: arguments["host"])
        participantConfiguration.previewsEdits = arguments["participant"] == nil
        let app = ParticipantApp(store: store, content: .init(plan: plan, assets: assets),
                                 configuration: participantConfiguration)
        app.enableLiveReload(folders: [contentFolder, publicFolder]) {
            reload(app, store: store, content: contentFolder, publicFolder: publicFolder, console: console)
        }
        var configuration = HTTPServer.Configuration()
        configuration.host = arguments["host"] ?? "127.0.0.1"
        configuration.port = port
        let server = try HTTPServer(configuration) { request in app.handle(request) }
        if let warning = bindWarning(host: configuration.host, port: server.port, participant: participantID) {
            console.error(warning)
        }
        let address = "http://\(configuration.host == "127.0.0.1" ? "localhost" : configuration.host):\(server.port)"
        console.out("Serving \(participantID) at \(address)/ (Ctrl-C to stop)\nThe reference for editors: \(address)/docs\n")
        let signals = Shutdown.install(server: server, app: app, store: store, console: console)
        withExtendedLifetime(signals) { dispatchMain() }
    }

    /// What to say when the server listens beyond this computer: anyone who
    /// can reach it acts as the participant. Nil for a loopback address (127.x.x.x).
    static func bindWarning(host: String, port: UInt16, participant: String) -> String? {
        guard !host.hasPrefix("127.") else { return nil }
        return "warning: listening on \(host), not only on this computer. The preview has no login: anyone who can "
            + "reach port \(port) sees \(participant)'s pages and can answer, sign and withdraw as them. "
            + "Use --host only on a network you trust.\n"
    }

    /// Reads the content again after an edit: the new plan on success, the
    /// errors on every page otherwise, with the last good content still served.
    /// A consent text changed under a published version is such an error.
    static func reload(_ app: ParticipantApp, store: CareStore, content: String, publicFolder: String, console: Console) {
        var result = ContentLoader.load(directory: content, publicDirectory: publicFolder)
        do {
            result.refuseChangedConsent(published: try store.consentVersions())
            guard let study = result.study else {
                console.report(result.diagnostics)
                app.update { $0.diagnostics = result.errors }
                return
            }
            try Workspace.publish(result, in: store, now: Date())
            let plan = try Workspace.plan(study, store: store, now: Date())
            let assets = try Assets(publicDirectory: publicFolder, study: study)
            // Warnings go to the editor's terminal; the page panel is for errors.
            console.report(result.diagnostics)
            app.update { $0 = .init(plan: plan, assets: assets) }
            console.out("Reloaded the content.\n")
        } catch {
            // Shown on every page too, so the editor sees why the edit did not take.
            let file = error is CarePlan.UnreadableVersion ? store.path : content
            console.error("\(file): error: \(error)\n")
            app.update { $0.diagnostics = [Diagnostic(file: file, line: nil, column: nil, message: "\(error)")] }
        }
    }
}
