import Assets
import Content
import Foundation
import Testing
import TestSupport

@Suite struct AssetsTests {
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
}
