import CareModel
import CareStore
import Foundation
import Glibc
import Pages
import Server
import StudyModel
import Words

/// `carefeed invite`: enrols a participant of a hosted study, or finds
/// them, and gives them a personal link and a letter to print.
enum InviteCommand {
    static let help = """
    Usage: carefeed invite [--content DIR] [--store FILE] --participant ID [--enrolled YYYY-MM-DD]
                           [--timezone IANA] [--language TAG] [--date NAME=YYYY-MM-DD ...]
                           [--url URL] [--valid N] [--out DIR]

    Enrols the participant in the study store (or finds them, if enrolled
    already) and prints their personal link, URL/join/<token>, and writes
    DIR/<ID>.html: a letter to print or send, in the participant's
    language, with the link and its QR code. The link works once, on one
    phone or computer, for --valid days; a new invitation makes the
    participant's unused link stop working. Only the link's SHA-256 is
    kept in the store: keep the letter safe until it is given.
    `carefeed host` then serves the participant when they open the link.

      --content DIR        the study's content (default content)
      --store FILE         the study store (default .carefeed/care.sqlite)
      --participant ID     the participant's study ID: letters, digits, '-' and '_'
      --enrolled DATE      their day 1, for a new participant (default: today
                           in their time zone)
      --timezone IANA      their time zone, for a new participant (default:
                           the study's)
      --language TAG       the language of the letter and their pages, one of
                           the study's (default: the study's own)
      --date NAME=DATE     a date of the participant's that study.yaml declares,
                           such as surgery=2026-12-10, once for each; given
                           again, it moves the events not yet answered
      --url URL            the study's address, as `host --url` has it
                           (default http://localhost:8080)
      --valid N            days the link works (default 14, at most 90)
      --out DIR            where the letter goes (default invitations)
    """

    static func run(_ arguments: Arguments, console: Console, now: Date) throws -> ExitStatus {
        guard let id = arguments["participant"] else { throw UsageError("--participant is required: the participant's study ID") }
        guard Identifier.isValid(id) else {
            throw UsageError("--participant needs an id of letters, digits, '-' and '_', not '\(id)'")
        }
        let valid = try arguments.parse("valid", as: "a number of days from 1 to 90", { Int($0).flatMap { (1...90).contains($0) ? $0 : nil } }) ?? 14
        let enrolled = try arguments.parse("enrolled", as: "a date YYYY-MM-DD", { LocalDate(iso: $0) })
        let zone = try arguments.parse("timezone", as: "an IANA time zone such as Europe/Berlin", { TimeZone(identifier: $0) })
        let url = try HostCommand.url(arguments)
        guard let (study, store) = try Workspace.open(arguments, console: console, now: now, checkPublicFolder: false) else {
            return .dataError
        }
        defer { store.close() }
        let chosen = try Workspace.language(arguments, study: study)
        let dates = try DateArguments.parse(arguments, study: study)
        let language = chosen ?? study.ownLanguage
        var participant = try store.participant(id: id)
        if let participant {
            if enrolled != nil || zone != nil {
                console.error("note: \(id) is enrolled already (on \(participant.enrolledOn), in \(participant.timeZone.identifier)); "
                              + "--enrolled and --timezone are for a new participant and were not used\n")
            }
        } else {
            let timeZone = zone ?? study.timeZone
            let new = Participant(id: id, name: "", timeZone: timeZone, enrolledOn: enrolled ?? timeZone.localDate(of: now),
                                  language: chosen?.tag.identifier)
            try DateArguments.check(dates, enrolledOn: new.enrolledOn)
            try store.addParticipant(new)
            participant = new
            console.out("Enrolled \(id) on \(new.enrolledOn), in \(timeZone.identifier).\n")
        }
        if let participant {
            try DateArguments.check(dates, enrolledOn: participant.enrolledOn)
        }
        if let chosen, participant?.language != chosen.tag.identifier {
            try store.setLanguage(language.tag.identifier, participantID: id)
        }
        if !dates.isEmpty, !(try store.withdrawals(participantID: id)).isEmpty {
            console.error("error: \(id) has withdrawn from the study: nothing new is stored for them, and their dates stay as they were\n")
            return .dataError
        }
        for (dateID, day) in dates.sorted(by: { $0.key < $1.key }) {
            let before = participant?.dates[dateID]
            if try store.setDate(dateID, to: day, participantID: id, at: now, source: .invite) {
                console.out("\(study.date(dateID)?.label ?? dateID): \(day)"
                            + (before.map { " (was \($0); the events not yet answered move with it)" } ?? "") + ".\n")
            }
        }
        let token = HostTokens.link()
        let expires = now.addingTimeInterval(TimeInterval(valid) * 24 * 60 * 60)
        try store.addInvitation(tokenSHA256: HostTokens.hash(token), participantID: id, at: now, expires: expires)
        let hosting = Hosting(url: url, servesTLS: false)
        let link = hosting.joinLink(token)
        if url == nil {
            console.error("note: no --url given, so the link is for this computer only (http://localhost:8080); "
                          + "give the study's address for a participant's phone\n")
        }
        let folder = arguments["out"] ?? "invitations"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let letter = folder + "/" + id + ".html"
        let zoneOfParticipant = participant?.timeZone ?? study.timeZone
        let html = InvitationLetter.render(link: link, validUntil: zoneOfParticipant.localDate(of: expires), study: study,
                                           language: language)
        // Only its owner may read it, from its first byte: the letter carries the link.
        guard write(html.markup, to: letter) else {
            console.error("error: could not write \(letter); check that the folder is writable and the disk has room. "
                          + "The link below works, but run invite again for a letter.\n\(link)\n")
            return .dataError
        }
        console.out("\(link)\nThe letter, with the link's QR code: \(letter)\n"
                    + "The link works once, until \(Timestamp.utc(expires)); an earlier unused link of \(id)'s no longer does.\n")
        return .success
    }

    /// Writes `text` to a file only its owner may read or write, replacing any letter before.
    static func write(_ text: String, to path: String) -> Bool {
        unlink(path)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            guard written > 0 else { return false }
            bytes = bytes.dropFirst(written)
        }
        return fsync(descriptor) == 0
    }
}
