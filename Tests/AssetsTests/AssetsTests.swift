import Assets
import BuiltInAssets
import Foundation
import StudyModel
import Testing
import TestSupport

/// The files under a site's `assets/`: CareFeed's own, the study's public
/// folder over them, never a symbolic link, and each 3D model as a script.
@Suite struct AssetsTests {
    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
    }

    func study(models: [String] = []) -> Study {
        let notes = models.enumerated().map { index, src in
            EducationNote(slug: "note\(index)", title: "Note", summary: "", order: nil, image: nil,
                          model: ModelMetadata(src: src, format: .glb, alt: "A model", poster: nil, camera: nil,
                                               highlight: [], annotations: []),
                          html: "", file: "education/note\(index).md")
        }
        return Study(title: "Walk", institution: "Clinic", contact: "walk@example.org", timeZone: Fixtures.newYork,
                     featured: nil, safety: nil, insights: [], protocolApproval: nil, flags: [], tasks: [],
                     consentDocuments: [], notes: notes, sourceDigest: "")
    }

    @Test func theBuiltInFilesAreThereWithAnEmptyPublicFolder() throws {
        let assets = try Assets(publicDirectory: folder.path, study: study())
        #expect(assets.contents("css/carefeed.css") == BuiltInAssets.files["css/carefeed.css"])
        #expect(assets.contents("css/carefeed.css").map { !$0.isEmpty } == true)
        #expect(assets.contents("no/such/file.txt") == nil)
    }

    @Test func aPublicFileAtABuiltInPathReplacesIt() throws {
        try folder.write("css/carefeed.css", "body { color: teal; }")
        try folder.write("images/knee.svg", "<svg/>")
        let assets = try Assets(publicDirectory: folder.path, study: study())
        #expect(assets.contents("css/carefeed.css") == Data("body { color: teal; }".utf8))
        #expect(assets.contents("images/knee.svg") == Data("<svg/>".utf8))
    }

    @Test func aSymbolicLinkIsNeitherReadNorServedAndIsNamed() throws {
        let secret = try folder.write("outside/secret.txt", "not for the site")
        try FileManager.default.createDirectory(atPath: folder.path + "/public", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/public/secret.txt", withDestinationPath: secret)
        let assets = try Assets(publicDirectory: folder.path + "/public", study: study())
        #expect(assets.contents("secret.txt") == nil)
        #expect(assets.warnings.contains("\(folder.path)/public/secret.txt is a symbolic link: not copied and not served"))
    }

    @Test func eachModelIsAlsoAScriptCarryingItsBytes() throws {
        try folder.write("models/knee.glb", "glTF-bytes")
        let assets = try Assets(publicDirectory: folder.path, study: study(models: ["models/knee.glb", "models/knee.glb"]))
        let script = String(decoding: try #require(assets.contents("models/knee.model.js")), as: UTF8.self)
        #expect(script.hasPrefix("// Generated from models/knee.glb so that the viewer can read it from file://.\n"))
        #expect(script.contains("[\"models/knee.glb\"] = \"\(Data("glTF-bytes".utf8).base64EncodedString())\";"))
        #expect(assets.files.keys.filter { $0.hasSuffix(".model.js") }.count == 1, "one script a model file")
    }
}
