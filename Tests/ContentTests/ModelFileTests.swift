@testable import Content
import Foundation
import Testing
import TestSupport

/// Node centres read from glTF models, and annotations pinned to them.
@Suite struct ModelFileTests {
    static let knee = TestStudy.publicFolder + "/models/knee.glb"

    func rounded(_ point: [Double]?) -> [Double]? {
        point?.map { ($0 * 10_000).rounded() / 10_000 + 0 }
    }

    @Test func theKneeModelsNodesAreCentredOnTheirMeshesBounds() throws {
        let nodes = try #require(ModelFile.nodes(path: Self.knee, format: .glb))
        #expect(nodes.names == ["knee", "femur", "tibia", "fibula", "patella", "medial_meniscus", "lateral_meniscus"])
        #expect(rounded(nodes.centres["medial_meniscus"]) == [0.2473, 0.032, -0.01])
        #expect(rounded(nodes.centres["lateral_meniscus"]) == [-0.2148, 0.031, 0])
        #expect(rounded(nodes.centres["femur"]) == [0.005, 0.4175, -0.0275])
        // The root has no mesh of its own: the box around all six parts.
        #expect(rounded(nodes.centres["knee"]) == [0, 0, 0])
    }

    @Test func aNodesCentreFollowsItsOwnAndItsParentsTransforms() throws {
        let gltf = """
            {"asset": {"version": "2.0"},
             "scenes": [{"nodes": [0, 2]}],
             "nodes": [
               {"name": "leg", "translation": [1, 0, 0], "scale": [2, 2, 2], "children": [1]},
               {"name": "shin", "mesh": 0, "translation": [0, 1, 0], "rotation": [0, 0, 0.7071067811865476, 0.7071067811865476]},
               {"name": "marker", "matrix": [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 5, 6, 7, 1]},
               {"name": "marker", "translation": [9, 9, 9]}
             ],
             "meshes": [{"primitives": [{"attributes": {"POSITION": 0}}]}],
             "accessors": [{"type": "VEC3", "componentType": 5126, "count": 8, "min": [0, 0, 0], "max": [1, 2, 4]}]}
            """
        let directory = try TemporaryDirectory()
        let path = try directory.write("leg.gltf", gltf)
        let nodes = try #require(ModelFile.nodes(path: path, format: .gltf))
        // The box turns a quarter about z (x from -2 to 0, y from 0 to 1), moves up 1, then doubles and moves right 1.
        #expect(rounded(nodes.centres["shin"]) == [-1, 3, 4])
        #expect(rounded(nodes.centres["leg"]) == [-1, 3, 4])
        // A node with no mesh is its origin; of two with one name, the first counts.
        #expect(rounded(nodes.centres["marker"]) == [5, 6, 7])
    }

    func study(annotations: String, model: String = "models/knee.glb", format: String = "glb") throws -> StudyFolder {
        let study = try StudyFolder(files: ["content/education/walking.md": """
            ---
            title: Walking
            summary: Why walking helps.
            model:
              src: \(model)
              format: \(format)
              alt: A knee
              annotations:
            \(annotations)
            ---
            Body.
            """])
        try FileManager.default.createDirectory(atPath: study.publicFolder + "/models", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.knee, toPath: study.publicFolder + "/models/knee.glb")
        return study
    }

    @Test func anAnnotationWithoutAPositionIsPinnedAtItsNodesCentre() throws {
        let folder = try study(annotations: """
                - { id: medial_meniscus, label: Medial meniscus, text: The inner pad. }
                - { id: patella, label: Patella, text: The kneecap., position: [0, 0.25, 0.365] }
            """)
        let result = ContentLoader.load(directory: folder.content, publicDirectory: folder.publicFolder)
        #expect(result.diagnostics == [])
        let annotations = try #require(result.study?.note("walking")?.model?.annotations)
        #expect(rounded(annotations[0].position) == [0.2473, 0.032, -0.01])
        #expect(annotations[1].position == [0, 0.25, 0.365])
        let unread = ContentLoader.load(directory: folder.content, publicDirectory: nil)
        #expect(unread.diagnostics == [])
        #expect(unread.study?.note("walking")?.model?.annotations[0].position == nil)
    }

    @Test func anAnnotationWithoutAPositionNeedsANodeOfItsName() throws {
        let folder = try study(annotations: """
                - { id: meniscus, label: Meniscus, text: A pad. }
            """)
        let result = ContentLoader.load(directory: folder.content, publicDirectory: folder.publicFolder)
        #expect(result.diagnostics.map(\.description) == [
            folder.content + "/education/walking.md:9:13: error: annotation 'meniscus' has no position, and "
                + "models/knee.glb has no node named 'meniscus' to pin it to; name a node or give position: [x, y, z]; "
                + "known: femur, fibula, knee, lateral_meniscus, medial_meniscus, patella, tibia",
        ])
    }

    @Test func anAnnotationWithoutAPositionOnAModelThatIsNotGLTFIsAnError() throws {
        let folder = try study(annotations: """
                - { id: femur, label: Femur, text: The thigh bone. }
            """, format: "usdz")
        let result = ContentLoader.load(directory: folder.content, publicDirectory: folder.publicFolder)
        #expect(result.diagnostics.map(\.description) == [
            folder.content + "/education/walking.md:9:13: error: annotation 'femur' has no position, and node centres are "
                + "read only from glb and gltf models; give position: [x, y, z]",
        ])
    }
}
