import CareModel
import Content
import Foundation
import Testing
import TestSupport

@Suite struct ConsentVersionGuardTests {
    let published = Fixtures.instant("2026-03-01T09:00:00Z")

    func load(_ study: StudyFolder) -> ContentLoader.Result {
        ContentLoader.load(directory: study.content, publicDirectory: study.publicFolder)
    }

    func changedConsent(version: String) throws -> StudyFolder {
        try StudyFolder(files: ["content/consent/walking.md": """
            ---
            title: Consent
            version: "\(version)"
            ---
            # Purpose

            We study walking and running.
            """])
    }

    @Test func theConsentVersionsOfContentCarryTheHashOfTheirText() throws {
        let result = load(try StudyFolder())
        let document = try #require(result.study?.consentDocuments.first)
        #expect(result.consentVersions(publishedAt: published) == [
            ConsentVersion(documentID: "walking", version: "2", sha256: document.sha256, firstSeenAt: published,
                           markdown: document.markdown),
        ])
    }

    @Test func anUnchangedTextUnderAPublishedVersionChecksClean() throws {
        let published = load(try StudyFolder()).consentVersions(publishedAt: published)
        var result = load(try StudyFolder())
        result.refuseChangedConsent(published: published)
        #expect(result.study != nil)
        #expect(result.diagnostics == [])
    }

    @Test func aChangedTextUnderAPublishedVersionIsAnErrorAtItsVersionLine() throws {
        let published = load(try StudyFolder()).consentVersions(publishedAt: published)
        let study = try changedConsent(version: "2")
        var result = load(study)
        result.refuseChangedConsent(published: published)
        #expect(result.study == nil)
        #expect(result.diagnostics.map(\.description) == [
            study.content + "/consent/walking.md:3: error: the text changed but version is still \"2\", which was "
                + "published with other text on 2026-03-01; raise version to publish this text "
                + "(everyone who signed \"2\" is then asked to consent again)",
        ])
    }

    @Test func aChangedTextUnderANewVersionChecksClean() throws {
        let published = load(try StudyFolder()).consentVersions(publishedAt: published)
        var result = load(try changedConsent(version: "3"))
        result.refuseChangedConsent(published: published)
        #expect(result.study != nil)
        #expect(result.errors == [])
    }

    @Test func aChangedConsentIsReportedWithTheOtherFilesErrors() throws {
        let published = load(try StudyFolder()).consentVersions(publishedAt: published)
        let study = try changedConsent(version: "2")
        try study.directory.write("content/tasks/walk.md", "---\nid: walk\ntitle: Walk\nschedule: soon\n---\n")
        var result = load(study)
        result.refuseChangedConsent(published: published)
        #expect(result.errors.map(\.file) == [study.content + "/consent/walking.md", study.content + "/tasks/walk.md"])
    }
}
