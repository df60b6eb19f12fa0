import CareModel
import CareStore
import Foundation
import Testing
import TestSupport

/// `build`, `serve` and `check` refuse a consent text changed under a version
/// the store has published; `build` publishes the study's versions.
@Suite struct ConsentVersionCommandTests {
    let study: StudyFolder
    var store: String { study.directory.path + "/care.sqlite" }
    var site: String { study.directory.path + "/Site" }
    /// The error for walking.md changed under version 2, published on `day`.
    func refusal(published day: String) -> String {
        study.content + "/consent/walking.md:3: error: the text changed but version is still \"2\", which was published "
            + "with other text on \(day); raise version to publish this text "
            + "(everyone who signed \"2\" is then asked to consent again) (see /docs#consent-documents)\n"
    }

    init() throws {
        study = try StudyFolder()
    }

    func build() -> Run {
        Run("build", "--content", study.content, "--public", study.publicFolder, "--store", store, "--out", site,
            "--today", "2026-03-05")
    }

    func changeConsent(version: String) throws {
        try study.directory.write("content/consent/walking.md", """
            ---
            title: Consent
            version: "\(version)"
            ---
            # Purpose

            We study walking and running.
            """)
    }

    func publishedVersions() throws -> [ConsentVersion] {
        let store = try CareStore(path: store)
        defer { store.close() }
        return try store.consentVersions()
    }

    /// Publishes the study's consent version by building it; returns the UTC day it was published.
    func publish() throws -> String {
        #expect(build().status == 0)
        return String(Timestamp.utc(try #require(try publishedVersions().first).firstSeenAt).prefix(10))
    }

    @Test func aBuildPublishesTheConsentVersionsItsContentHas() throws {
        #expect(build().status == 0)
        #expect(try publishedVersions().map { "\($0.documentID) \($0.version)" } == ["walking 2"])
    }

    @Test func aBuildRefusesAChangedTextUnderAPublishedVersionAndKeepsTheLastSite() throws {
        let day = try publish()
        let index = try Data(contentsOf: URL(fileURLWithPath: site + "/consent/walking.html"))
        try changeConsent(version: "2")
        let refused = build()
        #expect(refused.status == 1)
        #expect(refused.error == refusal(published: day))
        #expect(try Data(contentsOf: URL(fileURLWithPath: site + "/consent/walking.html")) == index)

        try changeConsent(version: "3")
        #expect(build().status == 0)
        #expect(try publishedVersions().map(\.version) == ["2", "3"])
    }

    @Test func serveRefusesToStartWithAChangedTextUnderAPublishedVersion() throws {
        let day = try publish()
        try changeConsent(version: "2")
        let run = Run("serve", "--content", study.content, "--public", study.publicFolder, "--store", store, "--port", "0")
        #expect(run.status == 1)
        #expect(run.error == refusal(published: day))
    }

    @Test func checkWithAStoreRefusesAChangedTextAndLeavesTheStoreAsItWas() throws {
        let day = try publish()
        let before = try Data(contentsOf: URL(fileURLWithPath: store))
        let clean = Run("check", "--content", study.content, "--public", study.publicFolder, "--store", store)
        #expect(clean.status == 0)
        #expect(clean.out.hasSuffix("0 errors, 0 warnings; consent versions match \(store)\n"))
        try changeConsent(version: "2")
        let refused = Run("check", "--content", study.content, "--public", study.publicFolder, "--store", store)
        #expect(refused.status == 1)
        #expect(refused.error == refusal(published: day) + "1 error, 0 warnings in 5 files\n"
                + "Each /docs#… is a part of the reference: carefeed serve shows it at /docs, such as http://localhost:8080/docs\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before)
        #expect(try publishedVersions().map(\.version) == ["2"])
    }

    @Test func checkWithAStoreThatDoesNotExistIsAnErrorAndCreatesNone() throws {
        let missing = study.directory.path + "/missing.sqlite"
        let run = Run("check", "--content", study.content, "--public", study.publicFolder, "--store", missing)
        #expect(run.status == 1)
        #expect(run.error == "error: no care store at \(missing); check reads an existing store and never creates one\n")
        #expect(!FileManager.default.fileExists(atPath: missing))
    }
}

@Suite struct PublicFolderCommandTests {
    @Test func buildRefusesAPublicFolderHoldingASymbolicLinkAndWritesNoSite() throws {
        let study = try StudyFolder()
        try FileManager.default.createSymbolicLink(atPath: study.publicFolder + "/images/passwd.svg",
                                                   withDestinationPath: "/etc/passwd")
        let site = study.directory.path + "/Site"
        let run = Run("build", "--content", study.content, "--public", study.publicFolder,
                      "--store", study.directory.path + "/care.sqlite", "--out", site)
        #expect(run.status == 1)
        #expect(run.error == study.publicFolder + "/images/passwd.svg: error: a symbolic link, which carefeed does not "
                + "follow; put the file itself in the public folder (see /docs#the-study-folder)\n")
        #expect(!FileManager.default.fileExists(atPath: site))
        #expect(!FileManager.default.fileExists(atPath: study.directory.path + "/care.sqlite"))
    }
}
