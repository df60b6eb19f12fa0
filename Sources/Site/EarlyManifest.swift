import Dispatch
import Foundation
import Support

/// The last build's manifest, read on other threads while the command
/// loads the study's content and opens the store: decoding every
/// participant's figures was a fifth of a rebuild, and waited for them.
///
/// It only reads: the build takes it if it is for the folder the build
/// writes, and reads the manifest itself otherwise.
public final class EarlyManifest: Sendable {
    /// The folder it was read from, as `BuildPlan` names it.
    let output: String
    private let reading = DispatchGroup()
    private let read = Locked<BuildManifest?>(nil)

    /// Starts reading `output`'s manifest and returns at once.
    public init(output: String) {
        let path = BuildPlan.standardized(output)
        self.output = path
        DispatchQueue.global().async(group: reading) { [read] in
            let manifest = BuildManifest.read(path)
            read.update { $0 = manifest }
        }
    }

    /// The manifest read, or nil where there was none; waits until it is read.
    func manifest() -> BuildManifest? {
        reading.wait()
        return read.value
    }
}
