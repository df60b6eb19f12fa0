import Foundation
import Glibc

/// A study's folders hold real files only: a symbolic link could make a page
/// show, or the site copy, a file from anywhere on the computer. Links are
/// found without following them, and refused.
public enum SymbolicLinks {
    /// True when `path` itself is a symbolic link, whatever it points to.
    public static func isLink(_ path: String) -> Bool {
        FileSystem.kind(path) == S_IFLNK
    }

    /// The bytes of the file at `path`, opened without following a link, so
    /// that a file swapped for a link after it was listed is not read; nil
    /// for a link or a file that cannot be read.
    public static func contents(_ path: String) -> Data? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        // The size is a first guess: a file that grows while it is read is read to its end.
        var data = Data(count: max(Int(status.st_size), 0) + 1)
        var count = 0
        while true {
            if count == data.count {
                data.count *= 2
            }
            let read = data.withUnsafeMutableBytes { buffer in
                Glibc.read(descriptor, buffer.baseAddress! + count, buffer.count - count)
            }
            if read == 0 { break }
            if read < 0 {
                guard errno == EINTR else { return nil }
                continue
            }
            count += read
        }
        data.count = count
        return data
    }

    /// The files under `folder` as paths relative to it, and apart from them
    /// the symbolic links, neither followed; names starting with `.` are
    /// skipped. Both sorted.
    public static func walk(_ folder: String) -> (files: [String], links: [String]) {
        var files: [String] = []
        var links: [String] = []
        func visit(_ relative: String) {
            let full = relative.isEmpty ? folder : folder + "/" + relative
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: full) else { return }
            for name in names where !name.hasPrefix(".") {
                let path = relative.isEmpty ? name : relative + "/" + name
                switch FileSystem.kind(folder + "/" + path) {
                case S_IFLNK: links.append(path)
                case S_IFDIR: visit(path)
                case S_IFREG: files.append(path)
                default: break
                }
            }
        }
        visit("")
        return (files.sorted(), links.sorted())
    }

    /// An error for each symbolic link under the public folder.
    static func publicFolderDiagnostics(_ publicDirectory: String) -> [Diagnostic] {
        walk(publicDirectory).links.map {
            Diagnostic(file: publicDirectory + "/" + $0, line: nil, column: nil,
                       message: "a symbolic link, which carefeed does not follow; put the file itself in the public folder")
        }
    }

    /// The error for a link where a content file or folder should be.
    static func contentDiagnostic(_ path: String) -> Diagnostic {
        Diagnostic(file: path, line: nil, column: nil,
                   message: "a symbolic link, which carefeed does not follow; put the file itself in the content folder")
    }
}
