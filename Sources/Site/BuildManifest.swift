import CareModel
import StudyModel
import Feed
import Foundation
import Markup
import Pages
import Support

/// What a build knew when it wrote the site, kept in the site's marker
/// file: a digest of the inputs every page depends on, and per participant a
/// fingerprint of their data, what they add to the overview, and their row
/// of the worklist as it was rendered. A rebuild whose inputs
/// match renders only participants whose fingerprint changed, and the index
/// and overview from everyone's entries.
struct BuildManifest: Equatable {
    static let format = 11
    static let about = "Written by carefeed build. The folder is replaced or updated on each build; do not edit it."

    struct Entry: Codable, Equatable {
        var fingerprint: String
        /// What the participant adds to the study's overview.
        var overview: ParticipantOverview
        /// Their flags, by which the worklist orders its rows.
        var flags: [ParticipantFlag]
        /// Their row of the worklist, rendered with their pages.
        var row: HTML
    }

    /// The file's first line, in JSON: what it is, its format, the inputs' digest.
    private struct Header: Codable {
        var about = BuildManifest.about
        var format = BuildManifest.format
        var inputs: String
    }

    /// After the header, each participant's record: the length of its entry
    /// in 4 bytes, little-endian; the entry's seal, an HMAC-SHA-256 of the
    /// inputs' digest and the entry under the store's site key; the entry's
    /// bytes (`Compact`). A rebuild takes a row and figures as they are, so
    /// only what the store's key sealed is taken: the key is not in the site.
    private struct Line: Codable {
        var id: String
        var entry: Entry
    }

    var inputs: String
    var participants: [String: Entry]
    /// Each participant's record as it was read, its seal and its entry's
    /// bytes, written again as it is while the entry is unchanged: encoding
    /// every entry anew was most of an update's time.
    private var records: [String: (entry: Entry, seal: ArraySlice<UInt8>, bytes: ArraySlice<UInt8>)] = [:]

    init(inputs: String, participants: [String: Entry], reusing previous: BuildManifest? = nil) {
        self.inputs = inputs
        self.participants = participants
        // A kept record's seal covers the inputs it was written with.
        records = previous.flatMap { $0.inputs == inputs ? $0.records : nil } ?? [:]
    }

    static func == (left: BuildManifest, right: BuildManifest) -> Bool {
        left.inputs == right.inputs && left.participants == right.participants
    }

    /// The manifest of the site at `output`, its seals not yet checked
    /// (`sealed(with:)`); nil without one, in another format or with an
    /// entry that does not read, so the site is built whole.
    static func read(_ output: String) -> BuildManifest? {
        guard let data = FileManager.default.contents(atPath: output + "/" + SiteBuilder.marker) else { return nil }
        return read(bytes: [UInt8](data))
    }

    static func read(bytes: [UInt8]) -> BuildManifest? {
        guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")),
              let header = try? JSONDecoder().decode(Header.self, from: Data(bytes[..<newline])),
              header.format == format else { return nil }
        var records: [(seal: ArraySlice<UInt8>, bytes: ArraySlice<UInt8>)] = []
        var position = newline + 1
        while position < bytes.count {
            guard bytes.count - position >= 4 + HMACSHA256.length else { return nil }
            let length = (0..<4).reduce(0) { $0 | Int(bytes[position + $1]) << (8 * $1) }
            position += 4
            let seal = bytes[position..<position + HMACSHA256.length]
            position += HMACSHA256.length
            guard length <= bytes.count - position else { return nil }
            records.append((seal, bytes[position..<position + length]))
            position += length
        }
        // The records in a share a core: the decoding, not the reading, takes the time.
        let read = concurrentShares(records) { share in
            share.map { record in (try? Compact.decode(Line.self, from: Array(record.bytes))).map { ($0, record) } }
        }.flatMap { $0 }
        var manifest = BuildManifest(inputs: header.inputs, participants: [:])
        for record in read {
            guard let (line, (seal, bytes)) = record else { return nil }
            manifest.participants[line.id] = line.entry
            manifest.records[line.id] = (line.entry, seal, bytes)
        }
        return manifest
    }

    /// The manifest, if every record's seal is the one `key` gives; nil
    /// otherwise, so a site whose manifest was changed is built whole.
    func sealed(with key: [UInt8]) -> BuildManifest? {
        // Only the bytes and seals: copying every entry was a share of the time.
        let records = records.values.map { (seal: $0.seal, bytes: $0.bytes) }
        let inputs = inputs
        let sealed = concurrentShares(records) { share in
            // A context a share: each core seals with its own.
            guard let sealer = HMACSHA256(key: key) else { return false }
            return share.allSatisfy { record in
                Self.sealed(record.bytes, inputs: inputs) { sealer.isCode(record.seal, of: $0) }
            }
        }
        return sealed.allSatisfy { $0 } ? self : nil
    }

    /// What a record's seal is of: the inputs' digest, a newline and the entry's bytes.
    private static func sealed<Result>(_ bytes: ArraySlice<UInt8>, inputs: String,
                                       _ body: ([UnsafeRawBufferPointer]) -> Result) -> Result {
        var header = inputs + "\n"
        return header.withUTF8 { header in
            bytes.withUnsafeBytes { bytes in body([UnsafeRawBufferPointer(header), bytes]) }
        }
    }

    /// The header, then each participant's record by study ID, so the same
    /// site gives the same bytes, sealed with `key`.
    func data(key: [UInt8]) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var data = try encoder.encode(Header(inputs: inputs))
        let sealer = HMACSHA256(key: key)
        data.append(UInt8(ascii: "\n"))
        for (id, entry) in participants.sorted(by: { $0.key < $1.key }) {
            let bytes: ArraySlice<UInt8>
            let seal: [UInt8]
            // A kept record was sealed with this key and these inputs: a manifest is only reused when both match.
            if let kept = records[id], kept.entry == entry {
                (bytes, seal) = (kept.bytes, Array(kept.seal))
            } else {
                bytes = try Compact.encode(Line(id: id, entry: entry))[...]
                // Without a code (libcrypto failed) the record is written unsealed, and the next build renders it again.
                seal = sealer.flatMap { sealer in Self.sealed(bytes, inputs: inputs) { sealer.code($0) } }
                    ?? Array(repeating: 0, count: HMACSHA256.length)
            }
            withUnsafeBytes(of: UInt32(bytes.count).littleEndian) { data.append(contentsOf: $0) }
            data.append(contentsOf: seal)
            data.append(contentsOf: bytes)
        }
        return data
    }
}
