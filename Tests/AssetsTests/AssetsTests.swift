import Assets
import BuiltInAssets
import Content
import Foundation
import Testing
import TestSupport
import StudyModel

/// The files under a site's `assets/`: CareFeed's own come with the
/// program, a study's public folder holds its own and may replace a
/// built-in one, a symbolic link is never followed, and each 3D model is
/// also a script.
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

    @Test func theStylesheetScriptsAndIconsAreBuiltIn() throws {
        for path in ["css/carefeed.css", "js/signature-pad.js", "js/permissions.js", "js/live.js", "js/model-viewer.js", "js/knee-measure.js",
                     "icons/heart.fill.svg", "icons/checkmark.circle.fill.svg", "icons/lock.fill.svg", "icons/signature.svg"] {
            let bytes = try #require(BuiltInAssets.files[path], "\(path) is built in")
            #expect(!bytes.isEmpty)
        }
        #expect(BuiltInAssets.hasIcon("heart.fill"))
        #expect(!BuiltInAssets.hasIcon("no.such.symbol"))
    }

    @Test func theBuiltInFilesAreTheBytesOfTheirSources() throws {
        let sources = Repository.root + "/Sources/BuiltInAssets/Files"
        var isDirectory: ObjCBool = false
        let paths = try FileManager.default.subpathsOfDirectory(atPath: sources).filter {
            FileManager.default.fileExists(atPath: sources + "/" + $0, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
        #expect(paths.count >= 15)
        for path in paths {
            #expect(BuiltInAssets.files[path] == FileManager.default.contents(atPath: sources + "/" + path), "\(path)")
        }
    }

    @Test func aPublicFolderWithOnlyTheStudysOwnFilesGetsCareFeedsToo() throws {
        try FileManager.default.createDirectory(atPath: folder.path + "/images", withIntermediateDirectories: true)
        try Data("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8).write(to: URL(fileURLWithPath: folder.path + "/images/logo.svg"))
        let assets = try Assets(publicDirectory: folder.path, study: study())
        #expect(assets.contents("images/logo.svg") != nil)
        #expect(assets.contents("css/carefeed.css") == BuiltInAssets.files["css/carefeed.css"])
        #expect(assets.contents("icons/heart.fill.svg") == BuiltInAssets.files["icons/heart.fill.svg"])
    }

    @Test func aPublicFileAtABuiltInPathReplacesIt() throws {
        try FileManager.default.createDirectory(atPath: folder.path + "/css", withIntermediateDirectories: true)
        let own = Data("body { color: rebeccapurple; }\n".utf8)
        try own.write(to: URL(fileURLWithPath: folder.path + "/css/carefeed.css"))
        let assets = try Assets(publicDirectory: folder.path, study: study())
        #expect(assets.contents("css/carefeed.css") == own)
        #expect(assets.contents("js/live.js") == BuiltInAssets.files["js/live.js"])
    }

    @Test func recoversPublicFolderHoldsOnlyItsOwnFiles() throws {
        let files = try FileManager.default.subpathsOfDirectory(atPath: Repository.publicFolder)
            .filter { !$0.hasPrefix(".") && !$0.contains("/.") }
        var isDirectory: ObjCBool = false
        let regular = files.filter {
            FileManager.default.fileExists(atPath: Repository.publicFolder + "/" + $0, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
        #expect(Set(regular) == ["images/knee-front.svg", "models/knee.glb"])
    }

    @Test func aSymbolicLinkInThePublicFolderIsNeitherCopiedNorServedAndIsNamed() throws {
        let folder = try StudyFolder()
        let study = try #require(ContentLoader.load(directory: folder.content, publicDirectory: folder.publicFolder).study)
        try folder.directory.write("secret.txt", "not for the site")
        try FileManager.default.createSymbolicLink(atPath: folder.publicFolder + "/images/secret.svg",
                                                   withDestinationPath: folder.directory.path + "/secret.txt")
        try FileManager.default.createSymbolicLink(atPath: folder.publicFolder + "/etc", withDestinationPath: "/etc")
        let assets = try Assets(publicDirectory: folder.publicFolder, study: study)
        #expect(assets.contents("images/map.svg") == Data("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8))
        #expect(assets.contents("images/secret.svg") == nil)
        #expect(!assets.files.keys.contains { $0.hasPrefix("etc") })
        #expect(assets.warnings.filter { $0.contains("symbolic") } == [
            folder.publicFolder + "/etc is a symbolic link: not copied and not served",
            folder.publicFolder + "/images/secret.svg is a symbolic link: not copied and not served",
        ])
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
