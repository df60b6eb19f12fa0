import Foundation
import HTTP
import Assets

/// The study's public files and CareFeed's own, as responses: each with its
/// content type, revalidated by the browser so an edit shows at once.
enum AssetResponses {
    static func response(_ path: String, from assets: Assets) -> HTTPResponse? {
        guard let data = assets.contents(path) else { return nil }
        return HTTPResponse(status: .ok, headers: [("Content-Type", contentType(path)), ("Cache-Control", "no-cache")],
                            body: .bytes([UInt8](data)))
    }

    static func contentType(_ path: String) -> String {
        switch (path as NSString).pathExtension.lowercased() {
        case "css": "text/css; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "webp": "image/webp"
        case "glb": "model/gltf-binary"
        case "gltf": "model/gltf+json"
        case "json": "application/json"
        case "html": "text/html; charset=utf-8"
        case "txt", "md": "text/plain; charset=utf-8"
        default: "application/octet-stream"
        }
    }
}
