import CMicroHTTPD
import CMicroHTTPDShim
import Foundation

/// One request being received: its body so far.
private final class RequestState {
    var body: [UInt8] = []
    var received = 0
    var refused = false
    /// Counted in flight until libmicrohttpd reports the response sent.
    var inFlight = false
}

/// libmicrohttpd's callbacks run on its polling threads: they live here,
/// as statics outside any actor, and reach Swift objects through the
/// context pointers they were given.
enum Callbacks {
    static let access: MHD_AccessHandlerCallback = { context, connection, url, method, _, uploadData, uploadSize, state in
        guard let context, let connection, let state, let uploadSize else { return .NO }
        let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
        guard let existing = state.pointee else {
            // The first call: the header is in, and neither the body read nor
            // `100 Continue` sent, which a response queued now forgoes.
            server.connections.headerReceived(connection)
            if let refusal = RequestFraming.refusal(headerLines(connection),
                                                    maximumBodyBytes: server.configuration.maximumBodyBytes) {
                server.connections.lingers(connection)
                return queue(refusal, on: connection, server: server)
            }
            state.pointee = Unmanaged.passRetained(RequestState()).toOpaque()
            return .YES
        }
        let request = Unmanaged<RequestState>.fromOpaque(existing).takeUnretainedValue()
        if uploadSize.pointee > 0 {
            let size = uploadSize.pointee
            uploadSize.pointee = 0
            request.received += size
            // A chunked body has no length to refuse early. Read past the limit
            // (discarding) so the client sees the 413 rather than a reset;
            // far past it, just drop the connection.
            guard request.received <= server.configuration.maximumBodyBytes else {
                request.refused = true
                request.body = []
                return request.received > 16 * server.configuration.maximumBodyBytes ? .NO : .YES
            }
            if let uploadData {
                uploadData.withMemoryRebound(to: UInt8.self, capacity: size) { bytes in
                    request.body.append(contentsOf: UnsafeBufferPointer(start: bytes, count: size))
                }
            }
            return .YES
        }
        guard !request.refused else {
            return queue(HTTPResponse.text("The request body is larger than \(server.configuration.maximumBodyBytes) bytes.\n",
                                           status: .contentTooLarge), on: connection, server: server)
        }
        var message = HTTPRequest(method: method.map { HTTPMethod(rawValue: String(cString: $0)) } ?? .get,
                                  path: url.map { String(cString: $0) } ?? "/",
                                  query: values(connection, .GET_ARGUMENT_KIND),
                                  headers: values(connection, .HEADER_KIND), body: request.body,
                                  client: HTTPRequest.address(carefeed_httpd_connection_client(connection)))
        message.isTLS = server.configuration.tls != nil
        guard server.inFlight.enter() else {
            var closing = HTTPResponse.text("The server is stopping, so this request was not handled. Try again.\n",
                                            status: .serviceUnavailable)
            closing.headers.append(("Connection", "close"))
            return queue(closing, on: connection, server: server)
        }
        let response = server.handler(message)
        let queued = queue(response, on: connection, server: server)
        // A stream stays open as long as its client does; a stop does not wait for it.
        if case .bytes = response.body, queued == .YES {
            request.inFlight = true
        } else {
            server.inFlight.leave()
        }
        return queued
    }

    static let completed: MHD_RequestCompletedCallback = { context, connection, state, _ in
        guard let context else { return }
        let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
        if let connection {
            server.connections.requestCompleted(connection)
        }
        guard let state, let pointer = state.pointee else { return }
        let request = Unmanaged<RequestState>.fromOpaque(pointer).takeRetainedValue()
        state.pointee = nil
        if request.inFlight {
            server.inFlight.leave()
        }
    }

    static let connection: MHD_NotifyConnectionCallback = { context, connection, _, event in
        guard let context, let connection else { return }
        let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
        if event.rawValue == 0 { // MHD_CONNECTION_NOTIFY_STARTED, which Swift does not import by name
            server.connections.opened(connection)
        } else {
            server.connections.closed(connection)
        }
    }

    static func queue(_ response: HTTPResponse, on connection: OpaquePointer, server: HTTPServer) -> MHD_Result {
        let made: OpaquePointer?
        switch response.body {
        case .bytes(let bytes):
            made = bytes.withUnsafeBytes { buffer in
                MHD_create_response_from_buffer(buffer.count, UnsafeMutableRawPointer(mutating: buffer.baseAddress),
                                                .RESPMEM_MUST_COPY)
            }
        case .stream(let waker, let next):
            let state = StreamState(next: next, waker: waker, connection: connection, server: server)
            let stream = Unmanaged.passRetained(state)
            made = MHD_create_response_from_callback(UInt64.max, 4096, read, stream.toOpaque(), freeStream)
            if made == nil {
                state.end()
                stream.release()
            } else {
                server.streams.update { $0[ObjectIdentifier(state)] = state }
            }
        }
        guard let made else { return .NO }
        defer { MHD_destroy_response(made) }
        for (name, value) in response.headers {
            _ = MHD_add_response_header(made, name, value)
        }
        return MHD_queue_response(connection, UInt32(response.status.rawValue), made)
    }

    static let read: MHD_ContentReaderCallback = { context, _, buffer, capacity in
        guard let context, let buffer else { return -1 }
        return Unmanaged<StreamState>.fromOpaque(context).takeUnretainedValue()
            .read(into: UnsafeMutableRawPointer(buffer), capacity: capacity)
    }

    static let freeStream: MHD_ContentReaderFreeCallback = { context in
        guard let context else { return }
        let stream = Unmanaged<StreamState>.fromOpaque(context).takeRetainedValue()
        stream.end()
        stream.server?.streams.update { $0[ObjectIdentifier(stream)] = nil }
    }

    /// Headers or query arguments as a dictionary; a repeated name keeps its last value.
    static func values(_ connection: OpaquePointer, _ kind: MHD_ValueKind) -> [String: String] {
        Dictionary(lines(connection, kind).map { ($0.name, $0.value) }, uniquingKeysWith: { $1 })
    }

    /// Every header line, repeats included: libmicrohttpd's lookup gives only the first.
    static func headerLines(_ connection: OpaquePointer) -> [(name: String, value: String)] {
        lines(connection, .HEADER_KIND)
    }

    private static func lines(_ connection: OpaquePointer, _ kind: MHD_ValueKind) -> [(name: String, value: String)] {
        let collected = ValueCollector()
        let context = Unmanaged.passUnretained(collected).toOpaque()
        _ = MHD_get_connection_values(connection, kind, collect, context)
        return collected.lines
    }

    private static let collect: MHD_KeyValueIterator = { context, _, key, value in
        guard let context, let key else { return .YES }
        let collected = Unmanaged<ValueCollector>.fromOpaque(context).takeUnretainedValue()
        collected.lines.append((String(cString: key), value.map { String(cString: $0) } ?? ""))
        return .YES
    }
}

private final class ValueCollector {
    var lines: [(name: String, value: String)] = []
}
