import Assets
import CareModel
import CareStore
import Dispatch
import Foundation
import HTTP
import Server
import Support

/// `carefeed host`: every participant of the study store, each on their
/// own phone by their personal link, answering straight into the store.
enum HostCommand {
    static let help = """
    Usage: carefeed host [--content DIR] [--public DIR] [--store FILE] [--host 127.0.0.1] [--port 8080]
                         [--url https://study.example.org] [--tls-cert FILE --tls-key FILE] [--site DIR]
                         [--smtp smtp://HOST:PORT --mail-from ADDRESS [--site-url URL]]

    Serves every participant of the study store, each on their own phone
    or computer: a participant opens the personal link `carefeed invite`
    gave them, presses Start, and that browser is theirs until they sign
    out, the team runs `carefeed devices --revoke`, or it goes unused for
    180 days. Anyone else gets one page asking for their personal link.
    Answers, consents and withdrawals land in the study store as they are
    made. `carefeed serve` stays the editor's preview.

      --content DIR       the study's content (default content)
      --public DIR        assets (default Public, or public where only that is here)
      --store FILE        the study store (default .carefeed/care.sqlite)
      --host ADDRESS      the IPv4 address to listen on (default 127.0.0.1)
      --port N            the port (default 8080; 0 picks a free one)
      --url URL           the address participants use, such as
                          https://study.example.org behind a reverse proxy
                          on this machine (see the README's Caddyfile):
                          requests must name its host, cookies are Secure
                          for https, and X-Forwarded-For is trusted from
                          this machine only
      --tls-cert FILE     serve HTTPS directly: the certificate chain (PEM)
      --tls-key FILE      and its private key (PEM)
      --site DIR          keep the clinician site in DIR current: after each
                          change, what changed is built again
      --smtp URL          e-mail study.yaml's contact when an answer raises an
                          alert with notify: true, through this mail relay,
                          such as smtp://localhost:25 (plain SMTP to a relay the
                          study runs); the e-mail names the study, the study
                          ID, the alert and the day, never a value or a name.
                          A relay that is down delays it, never the answer
      --mail-from ADDRESS the e-mail's sender, with --smtp
      --site-url URL      where the study team opens the clinician site, for a
                          link to the participant's page in the e-mail
    """

    static func run(_ arguments: Arguments, console: Console, now: Date) throws -> ExitStatus {
        let port = try arguments.parse("port", as: "a port number from 0 to 65535", { UInt16($0) }) ?? 8080
        let url = try url(arguments)
        let tls = try tlsFiles(arguments)
        let mail = try mail(arguments)
        guard let (study, store) = try Workspace.open(arguments, console: console, now: now) else { return .dataError }
        let plan = try Workspace.plan(study, store: store, now: now)
        let assets = try Assets(publicDirectory: arguments["public"] ?? Defaults.publicFolder, study: study)
        assets.warnings.forEach { console.error("warning: \($0)\n") }
        let site = arguments["site"].map { SiteKeeper(arguments: arguments, output: $0, console: console) }
        let log: @Sendable (String) -> Void = { console.error("\(Timestamp.utc(Date())) \($0)\n") }
        let mailer = try mail.map { relay, sender in
            guard Self.isAddress(study.contact) else {
                throw UsageError("--smtp e-mails study.yaml's contact, and '\(study.contact)' is not an e-mail address")
            }
            return AlertMailer(store: store, relay: relay,
                               letterhead: .init(study: study.title, sender: sender, recipient: study.contact,
                                                 siteURL: arguments["site-url"]), log: log)
        }
        var hosting = Hosting(url: url, servesTLS: tls != nil, changed: { site?.changed(); mailer?.wake() }, log: log)
        hosting.mailsAlerts = mailer != nil
        var configuration = ParticipantApp.Configuration(participantID: "", today: nil, secret: ParticipantApp.randomHex(words: 4))
        configuration.hosting = hosting
        let app = ParticipantApp(store: store, content: .init(plan: plan, assets: assets), configuration: configuration)
        var server = HTTPServer.Configuration()
        server.host = arguments["host"] ?? "127.0.0.1"
        server.port = port
        server.tls = tls
        // Behind a proxy on this machine (no TLS of our own, listening on loopback), every connection comes
        // from it: its pool is not one client's hoard. Serving the world directly, the limit per client stays.
        if url != nil, tls == nil, server.host.hasPrefix("127.") {
            server.waitingConnectionsPerClient = Int(server.connectionLimit)
        }
        let running = try HTTPServer(server) { request in app.handle(request) }
        if !server.host.hasPrefix("127."), tls == nil {
            console.error("warning: listening on \(server.host) without TLS: participants' sessions and answers travel in "
                          + "clear text to this port. Use --tls-cert and --tls-key, or a reverse proxy on this machine "
                          + "with --url https://… and the default --host 127.0.0.1.\n")
        }
        let scheme = tls == nil ? "http" : "https"
        let local = "\(scheme)://\(server.host == "127.0.0.1" ? "localhost" : server.host):\(running.port)"
        console.out("Hosting \(study.title) at \(url ?? local)/ (Ctrl-C to stop)\n"
                    + "Give each participant their link with `carefeed invite --participant ID`.\n")
        site?.changed()
        if let (relay, _) = mail, !["localhost", "::1", "[::1]"].contains(relay.host.lowercased()), !relay.host.hasPrefix("127.") {
            console.error("warning: alert e-mails go to \(relay.host) in plain SMTP, which names the study, the study ID and "
                          + "the alert: keep the relay on this machine, or in the study's own network, and let it do TLS onward\n")
        }
        // What waited in the store when the last run stopped is sent now.
        mailer?.start()
        let signals = Shutdown.install(server: running, app: app, store: store, console: console)
        withExtendedLifetime(signals) { dispatchMain() }
    }

    /// `--smtp` and `--mail-from`, both or neither, checked.
    static func mail(_ arguments: Arguments) throws -> (SMTPRelay, String)? {
        switch (arguments["smtp"], arguments["mail-from"]) {
        case (nil, nil):
            if arguments["site-url"] != nil { throw UsageError("--site-url is the link in alert e-mails: give it with --smtp") }
            return nil
        case (let url?, let sender?):
            guard let relay = SMTPRelay(url: url) else {
                throw UsageError("--smtp needs the mail relay as smtp://HOST:PORT, such as smtp://localhost:25, not '\(url)'")
            }
            guard isAddress(sender) else { throw UsageError("--mail-from needs an e-mail address, not '\(sender)'") }
            return (relay, sender)
        default:
            throw UsageError("--smtp and --mail-from go together: the mail relay and the sender's address")
        }
    }

    /// An address the relay is given as it is: `local@domain`, with nothing that could end a command or a header.
    static func isAddress(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".") && text.count <= 254
            && text.unicodeScalars.allSatisfy { $0.value > 32 && $0.value < 127 && !"<>()[],;:\\\"".unicodeScalars.contains($0) }
    }

    /// `--url`, checked: http or https, a host, nothing after the path.
    static func url(_ arguments: Arguments) throws -> String? {
        guard let text = arguments["url"] else { return nil }
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
              scheme == "https" || scheme == "http", let host = components.host, !host.isEmpty,
              components.query == nil, components.fragment == nil, components.path.isEmpty || components.path == "/" else {
            throw UsageError("--url needs the study's address, such as https://study.example.org, not '\(text)'")
        }
        return text.hasSuffix("/") ? String(text.dropLast()) : text
    }

    /// The PEM texts of `--tls-cert` and `--tls-key`, both or neither.
    static func tlsFiles(_ arguments: Arguments) throws -> (key: String, certificate: String)? {
        switch (arguments["tls-cert"], arguments["tls-key"]) {
        case (nil, nil):
            return nil
        case (let certificate?, let key?):
            func pem(_ path: String, _ what: String, _ marker: String) throws -> String {
                guard let data = FileManager.default.contents(atPath: path) else {
                    throw UsageError("cannot read the \(what) \(path)")
                }
                let text = String(decoding: data, as: UTF8.self)
                guard text.contains("-----BEGIN ") && text.contains(marker) else {
                    throw UsageError("\(path) is not a PEM \(what): expected a line -----BEGIN …\(marker)")
                }
                return text
            }
            return (try pem(key, "private key", "PRIVATE KEY-----"), try pem(certificate, "certificate", "CERTIFICATE-----"))
        default:
            throw UsageError("--tls-cert and --tls-key go together: the certificate and its private key")
        }
    }
}

/// Keeps the clinician site current while a study is hosted: after each
/// change, `carefeed build` runs in a process of its own (never two at
/// once), and a change during a build brings one more build after it.
final class SiteKeeper: Sendable {
    private let command: [String]
    private let console: Console
    private let state = Locked((running: false, again: false))
    private let queue = DispatchQueue(label: "carefeed.site")

    init(arguments: Arguments, output: String, console: Console) {
        var command = ["build", "--out", output]
        for option in ["content", "public", "store"] {
            if let value = arguments[option] { command += ["--" + option, value] }
        }
        self.command = command
        self.console = console
    }

    func changed() {
        let start = state.update { state -> Bool in
            if state.running {
                state.again = true
                return false
            }
            state.running = true
            return true
        }
        guard start else { return }
        queue.async { self.build() }
    }

    private func build() {
        while true {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
            process.arguments = command
            let errors = Pipe()
            process.standardOutput = FileHandle.nullDevice
            process.standardError = errors
            do {
                try process.run()
                let said = errors.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                if process.terminationStatus != 0 {
                    console.error("warning: the site was not rebuilt (carefeed build exited \(process.terminationStatus)): "
                                  + String(decoding: said.prefix(2000), as: UTF8.self) + "\n")
                }
            } catch {
                console.error("warning: the site was not rebuilt: \(error)\n")
            }
            let again = state.update { state -> Bool in
                if state.again {
                    state.again = false
                    return true
                }
                state.running = false
                return false
            }
            guard again else { return }
        }
    }
}
