/// Why the server could not start, with what to try instead.
public enum HTTPServerError: Error, CustomStringConvertible {
    case cannotStart(host: String, port: UInt16, reason: String)

    public var description: String {
        switch self {
        case .cannotStart(let host, let port, let reason):
            "cannot listen on \(host):\(port): \(reason); is another server using the port? Try --port with another number"
        }
    }
}
