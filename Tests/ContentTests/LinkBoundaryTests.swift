import Content
import Foundation
import Testing
import TestSupport

/// Links and files stay inside the study: nothing a page shows or the site
/// copies comes from elsewhere on the computer.
@Suite struct LinkBoundaryTests {
    func note(_ body: String, image: String? = nil) throws -> StudyFolder {
        try StudyFolder(files: ["content/education/walking.md": """
            ---
            title: Walking
            summary: Why walking helps.
            \(image.map { "image: \"\($0)\"" } ?? "order: 1")
            ---
            \(body)
            """])
    }

    func errors(_ study: StudyFolder) -> [String] {
        ContentLoader.load(directory: study.content, publicDirectory: study.publicFolder).errors.map(\.description)
    }

    @Test func linksAndImagesThatClimbOutOfThePublicFolderAreErrorsAtTheirLine() throws {
        let study = try note("""
            ![passwords](../../etc/passwd)

            [encoded](%2e%2e/%2E%2e/etc/passwd) and [backslashes](..\\\\..\\\\etc\\\\passwd)

            [slashes](..%2f..%2fetc%2fpasswd)
            """)
        let file = study.content + "/education/walking.md"
        let outside = "leads out of the public folder; link to a file inside it, such as images/knee.svg"
        #expect(errors(study) == [
            "\(file):6:1: error: the link ../../etc/passwd \(outside)",
            "\(file):8:1: error: the link %2e%2e/%2E%2e/etc/passwd \(outside)",
            "\(file):8:41: error: the link ..\\..\\etc\\passwd \(outside)",
            "\(file):10:1: error: the link ..%2f..%2fetc%2fpasswd \(outside)",
        ])
    }

    @Test func absolutePathsAndOtherSchemesAreErrors() throws {
        let study = try note("![root](/etc/passwd) [share](\\\\server\\share) [file](file:///etc/passwd)")
        let file = study.content + "/education/walking.md"
        #expect(errors(study) == [
            "\(file):6:1: error: the link /etc/passwd is absolute; use a relative path so that the site works from a folder",
            "\(file):6:22: error: the link \\server\\share is absolute; use a relative path so that the site works from a folder",
            "\(file):6:46: error: the link file:///etc/passwd is a file: link; only http, https, mailto and tel links "
                + "may lead out of the study",
        ])
    }

    @Test func aMarkdownLinkThatLeavesTheContentFolderIsAnError() throws {
        let study = try note("[inside](../consent/walking.md) [outside](../../secrets/plan.md)")
        let file = study.content + "/education/walking.md"
        #expect(errors(study) == [
            "\(file):6:33: error: the link ../../secrets/plan.md leads out of the content folder \(study.content); "
                + "link to a file inside it, such as ../education/meniscus.md",
        ])
    }

    @Test func externalLinksAndLinksInsideTheStudyAreFine() throws {
        let study = try note("""
            ## Why
            [site](https://example.org/walk) [plain](http://example.org) [mail](mailto:walk@example.org)
            [call](tel:+15555550100) [top](#why) [consent](../consent/walking.md#purpose) ![map](images/map.svg)
            """)
        #expect(errors(study) == [])
    }

    @Test func aPercentEncodedClimbInAFrontMatterPathIsAnError() throws {
        let study = try note("Text.", image: "%2e%2e/%2e%2e/etc/passwd")
        #expect(errors(study) == [
            study.content + "/education/walking.md:4:8: error: '%2e%2e/%2e%2e/etc/passwd' must be a relative path "
                + "inside the public folder, such as images/knee.svg",
        ])
    }

    @Test func aSymbolicLinkInThePublicFolderIsAnErrorNamingIt() throws {
        let study = try StudyFolder()
        try FileManager.default.createSymbolicLink(atPath: study.publicFolder + "/images/passwd.svg",
                                                   withDestinationPath: "/etc/passwd")
        try FileManager.default.createSymbolicLink(atPath: study.publicFolder + "/system",
                                                   withDestinationPath: "/etc")
        #expect(errors(study) == [
            study.publicFolder + "/images/passwd.svg: error: a symbolic link, which carefeed does not follow; "
                + "put the file itself in the public folder",
            study.publicFolder + "/system: error: a symbolic link, which carefeed does not follow; "
                + "put the file itself in the public folder",
        ])
    }

    @Test func aSymbolicLinkInTheContentFolderIsNotFollowed() throws {
        let study = try StudyFolder()
        let outside = try study.directory.write("outside/walking.md", "---\ntitle: Outside\nsummary: Secret.\n---\nSecret.\n")
        let note = study.content + "/education/walking.md"
        try FileManager.default.removeItem(atPath: note)
        try FileManager.default.createSymbolicLink(atPath: note, withDestinationPath: outside)
        try FileManager.default.createSymbolicLink(atPath: study.content + "/tasks/extra.md", withDestinationPath: outside)
        let result = ContentLoader.load(directory: study.content, publicDirectory: study.publicFolder)
        #expect(result.study == nil)
        let link = "a symbolic link, which carefeed does not follow; put the file itself in the content folder"
        #expect(result.errors.map(\.description).filter { $0.contains("symbolic") } == [
            "\(note): error: \(link)",
            "\(study.content)/tasks/extra.md: error: \(link)",
        ])
    }

    @Test func aSymbolicallyLinkedContentFolderIsNotFollowed() throws {
        let study = try StudyFolder()
        try FileManager.default.moveItem(atPath: study.content + "/education", toPath: study.directory.path + "/notes")
        try FileManager.default.createSymbolicLink(atPath: study.content + "/education",
                                                   withDestinationPath: study.directory.path + "/notes")
        let result = ContentLoader.load(directory: study.content, publicDirectory: study.publicFolder)
        #expect(result.errors.map(\.description).contains(study.content + "/education: error: a symbolic link, "
            + "which carefeed does not follow; put the file itself in the content folder"))
    }
}
