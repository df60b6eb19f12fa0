import CareModel

/// Why a build stopped, with the folder or file it concerns and what to do.
public enum SiteError: Error, CustomStringConvertible {
    case cannotWrite(String, String)
    case notASite(String)
    /// A participant id that cannot name a folder of the site.
    case invalidParticipantID(String)
    /// The folder has a marker file, but not one carefeed build wrote.
    case foreignMarker(String)
    /// `--out` is a symbolic link, to where it leads.
    case outputIsLink(String, String)
    /// A symbolic link inside the site, where a build writes.
    case linkInSite(String)
    /// A participant whose enrolment day would give more day feeds than any study runs.
    case tooManyDays(String, LocalDate, Int)

    public var description: String {
        switch self {
        case .cannotWrite(let path, let reason):
            "cannot write \(path): \(reason); the site is left as it was, or with only some pages updated, "
                + "which the next build completes"
        case .invalidParticipantID(let id):
            "the store holds a participant id \"\(id)\" that is not a letter followed by letters, digits, '-' and '_'; "
                + "no page is written for it, so no path outside the site can be made from it"
        case .notASite(let path):
            "\(path) exists and is not a site that carefeed build wrote, so it is not replaced; "
                + "choose another --out, or empty or remove that folder first"
        case .outputIsLink(let path, let destination):
            "\(path) is a symbolic link (to \(destination)); carefeed build writes only a folder of its own, so it "
                + "follows no link: give --out the folder itself, or remove the link"
        case .tooManyDays(let id, let enrolled, let days):
            "participant \(id) is enrolled on \(enrolled), which would give \(days) day pages; a participant's feed "
                + "covers at most ten years, so nothing was written: correct the enrolment day of \(id) in the store"
        case .linkInSite(let path):
            "\(path) is a symbolic link inside the site, and carefeed build follows no link in what it writes, so "
                + "nothing was written there; remove the link, and the next build writes a folder of its own in its place"
        case .foreignMarker(let path):
            "\(path) has a .carefeed-site file that carefeed build did not write (it holds no build manifest), "
                + "so the folder is not replaced; choose another --out, or move what you keep there elsewhere"
        }
    }
}
