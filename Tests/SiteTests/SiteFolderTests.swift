import Foundation
@testable import Site
import Testing

/// How a build tells a site folder it wrote from one it must not replace.
@Suite struct SiteFolderTests {
    @Test func theManifestABuildWritesMarksItsFolderAsASite() throws {
        #expect(SiteBuilder.isManifest(try BuildManifest(inputs: "digest", participants: [:]).data(key: [])))
    }

    @Test func anEarlierFormatStillMarksASite() {
        let earlier = #"{"about":"Written by carefeed build. The folder is replaced on each build.","format":1,"inputs":"x"}"#
        #expect(SiteBuilder.isManifest(Data(earlier.utf8)))
    }

    @Test func anEmptyOrHandMadeMarkerDoesNot() {
        #expect(!SiteBuilder.isManifest(Data()))
        #expect(!SiteBuilder.isManifest(nil))
        #expect(!SiteBuilder.isManifest(Data("site".utf8)))
        #expect(!SiteBuilder.isManifest(Data(#"{"format":3}"#.utf8)))
        #expect(!SiteBuilder.isManifest(Data(#"{"about":"my notes","format":3}"#.utf8)))
    }
}
