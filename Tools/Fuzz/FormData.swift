// libFuzzer target: URL-encoded form decoding must refuse or decode, never crash.
import HTTP

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    if let form = try? FormData(Array(UnsafeBufferPointer(start: data, count: size)), limits: .init(fields: 50, valueBytes: 4096)) {
        precondition(form.fields.count <= 50)
    }
    return 0
}
