import CareModel
import StudyModel
import Foundation
import Markup

/// The education index and notes, with a note's 3D model as an interactive
/// viewer that falls back to its poster and annotation list.
public enum EducationPages {
    /// `nav` is the study's on the site, a participant's on the server.
    public static func index(study: Study, reader: Reader, nav: Navigation = .study(current: .education),
                             frame: Layout.Frame = .plain) -> HTML {
        let words = reader.words
        var main: HTML = "<h1>\(words(.navLearn))</h1>\n<p class=\"lead\">\(words(.notesLead))</p>\n<ul class=\"note-list\">\n"
        for note in study.notes {
            main += "<li\(Layout.language(of: note.file, study: study))><a href=\"\(reader.links.note(note.slug))\"><span class=\"note-title\">\(note.title)</span>"
                + "<span class=\"note-summary\">\(note.summary)</span></a></li>\n"
        }
        main += "</ul>\n"
        return Layout.page(title: words(.navLearn), study: study, reader: reader,
                           nav: nav, main: main, frame: frame)
    }

    /// - Parameter chrome: kept from the last note this thread wrote into the same folder for the same reader.
    public static func note(_ note: EducationNote, study: Study, reader: Reader,
                            nav: Navigation = .study(current: .education), frame: Layout.Frame = .plain,
                            chrome: Layout.Chrome? = nil) -> HTML {
        var main: HTML = "<article class=\"note\"\(Layout.language(of: note.file, study: study))>\n<h1>\(note.title)</h1>\n<p class=\"lead\">\(note.summary)</p>\n"
        if let image = note.image {
            main += "<img class=\"note-image\" src=\"\(reader.links.asset(image))\" alt=\"\">\n"
        }
        if let model = note.model {
            main += viewer(model, reader: reader)
        }
        if note.slug == study.safety {
            main += CareTeamPage.whoToCall(study, reader: reader)
        }
        main += "<div class=\"prose\">\n\(note.html)</div>\n</article>\n"
        main += "<p><a href=\"\(reader.links.educationIndex())\">\(reader.words(.allNotes))</a></p>\n"
        return Layout.page(title: note.title, study: study, reader: reader,
                           nav: nav, main: main,
                           scripts: note.model == nil ? [] : ["js/three.min.js", "js/GLTFLoader.js", "js/OrbitControls.js",
                                                             "models/\(note.model!.scriptName)", "js/model-viewer.js"],
                           frame: frame, chrome: chrome)
    }

    static func viewer(_ model: ModelMetadata, reader: Reader) -> HTML {
        let camera: [Double] = model.camera.map { [$0.azimuth, $0.elevation, $0.distance] } ?? [0, 10, 2.5]
        let cameraText = camera.map { PlainNumber.format($0) }.joined(separator: " ")
        let highlight = model.highlight.joined(separator: " ")
        var html: HTML = "<figure class=\"model-viewer\" data-model=\"\(model.src)\" "
            + "data-said-reset=\"\(reader.words(.resetView))\" data-said-turn=\"\(reader.words(.turnTheModel))\" "
            + "data-said-turning=\"\(reader.words(.doneTurning))\" "
        html += "data-highlight=\"\(highlight)\" "
        html += "data-camera=\"\(cameraText)\">\n"
        html += "<div class=\"model-stage\">"
        if let poster = model.poster {
            html += "<img class=\"model-poster\" src=\"\(reader.links.asset(poster))\" alt=\"\(model.alt)\">"
        } else {
            html += "<p class=\"model-poster\">\(model.alt)</p>"
        }
        html += "</div>\n"
        // A figure's caption comes first or last: the annotation list goes between.
        if !model.annotations.isEmpty {
            html += "<ol class=\"annotations\">\n"
            for (index, annotation) in model.annotations.enumerated() {
                html += "<li id=\"annotation-\(annotation.id)\" data-annotation=\"\(annotation.id)\""
                if let position = annotation.position {
                    html += " data-position=\"\(position.map(PlainNumber.format).joined(separator: " "))\""
                }
                html += ">"
                html += "<span class=\"annotation-number\" aria-hidden=\"true\">\(reader.format.integer(index + 1))</span>"
                html += "<span class=\"annotation-text\"><strong>\(annotation.label)</strong> \(annotation.text)</span></li>\n"
            }
            html += "</ol>\n"
        }
        let alt = model.alt.hasSuffix(".") ? model.alt : model.alt + "."
        html += "<figcaption><span class=\"model-alt\">\(alt)</span> "
            + "<span class=\"model-help\" hidden>\(reader.words(.modelHelp, ["turn": reader.words(.turnTheModel)]))</span></figcaption>\n"
        return html + "</figure>\n"
    }
}
