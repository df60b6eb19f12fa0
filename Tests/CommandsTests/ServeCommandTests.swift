@testable import Commands
import Testing

/// What `serve` says about the address it listens on.
@Suite struct ServeCommandTests {
    @Test func listeningBeyondLoopbackWarnsThatThePreviewHasNoLogin() throws {
        let warning = try #require(ServeCommand.bindWarning(host: "0.0.0.0", port: 8080, participant: "preview"))
        #expect(warning.hasPrefix("warning: listening on 0.0.0.0"))
        #expect(warning.contains("no login"))
        #expect(warning.contains("port 8080"))
        #expect(ServeCommand.bindWarning(host: "192.168.1.20", port: 8080, participant: "preview") != nil)
    }

    @Test func loopbackAddressesNeedNoWarning() {
        #expect(ServeCommand.bindWarning(host: "127.0.0.1", port: 8080, participant: "preview") == nil)
        #expect(ServeCommand.bindWarning(host: "127.0.0.2", port: 8080, participant: "preview") == nil)
    }
}
