import Glibc

/// What a path is, from one system call. Foundation's `FileManager` answers
/// the same questions with a dozen (it also looks up the owner's account and
/// the extended attributes), which a study of ten thousand notes pays ten
/// thousand times.
enum FileSystem {
    /// The file type bits of `path` itself (`S_IFREG`, `S_IFDIR`, `S_IFLNK`…),
    /// a link not followed; nil when there is nothing there.
    static func kind(_ path: String) -> mode_t? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return status.st_mode & S_IFMT
    }

    /// Whether something is at `path`, a link followed, as `fileExists` says.
    static func exists(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0
    }
}
