import CareStore
import Dispatch
import Foundation
import HTTP
import Server

/// Stops the server on SIGINT or SIGTERM: requests in flight finish, then
/// the store closes. Signal handlers run on a dispatch queue, outside any actor.
enum Shutdown {
    /// The signal sources; they stop handling signals when released.
    static func install(server: HTTPServer, app: ParticipantApp, store: CareStore, console: Console) -> [DispatchSourceSignal] {
        [SIGINT, SIGTERM].map { signalNumber in
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                console.out("Stopping: letting requests finish…\n")
                app.stopLiveReload()
                server.stop(grace: 5)
                store.close()
                console.out("Stopped.\n")
                // Everything is on disk and said. `exit` would run the
                // libraries' destructors while other threads (dispatch
                // workers, the content watcher) may still use them, which
                // can abort the process; `_exit` ends it as it stands.
                _exit(0)
            }
            source.resume()
            return source
        }
    }
}
