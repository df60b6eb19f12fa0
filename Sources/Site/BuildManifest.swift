import Foundation

/// What a site build knew when it wrote the site, kept in the site's marker
/// file: a digest of the inputs every page depends on, and per participant a
/// fingerprint of their data and their row of the study index. A rebuild
/// whose inputs match renders only participants whose fingerprint changed.
struct BuildManifest: Codable, Equatable {
    /// Bumped when the manifest or the site's layout changes meaning.
    static let format = 1

    struct Entry: Codable, Equatable {
        var fingerprint: String
        var indexRow: String
    }

    var about = "Written by carefeed build. The folder is replaced or updated on each build; do not edit it."
    var format = BuildManifest.format
    var inputs: String
    var participants: [String: Entry]

    init(inputs: String, participants: [String: Entry]) {
        self.inputs = inputs
        self.participants = participants
    }

    /// The manifest of the site at `output`; nil when there is none this
    /// build can trust, which makes the build a whole one.
    static func read(_ output: String) -> BuildManifest? {
        guard let data = FileManager.default.contents(atPath: output + "/" + SiteBuilder.marker),
              let manifest = try? JSONDecoder().decode(BuildManifest.self, from: data),
              manifest.format == format else { return nil }
        return manifest
    }

    func data() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(self)
    }
}
