import StudyModel
import Markup

/// The panel that measures a numeric answer with the phone's motion sensors
/// (`measure: kneeFlexion`), as ResearchKit's knee range-of-motion task does.
/// It stays hidden until its script finds the sensors' API, so without script
/// the number field beside it works exactly as any other; with the script, the
/// measured angle goes into that field, where the participant can change it.
enum MeasureControl {
    /// The script that runs every measure panel on a page.
    static let script = "js/knee-measure.js"

    /// Whether a task's survey has an item measured with the device.
    static func isNeeded(by task: StudyTask) -> Bool {
        task.formItems.contains { $0.measure != nil }
    }

    /// The panel for the number field whose element id is `fieldID`.
    static func html(_ measure: Measure, fieldID: String) -> HTML {
        switch measure {
        case .kneeFlexion:
            let panel = "\(fieldID)-measure"
            return """
                <section class="measure" id="\(panel)" data-measure="kneeFlexion" data-field="\(fieldID)" \
                aria-labelledby="\(panel)-title" hidden>
                <h3 id="\(panel)-title">Or measure it with your phone</h3>
                <ol class="measure-steps">
                <li>Sit on a firm chair or the edge of your bed, with your thigh resting on it. Keep your thigh still.</li>
                <li>Straighten your leg in front of you, as far as is comfortable.</li>
                <li>Hold your phone flat against the front of your shin, screen facing you, top towards your knee.</li>
                <li>Tap <strong>Start</strong>. Slowly bend your knee as far as is comfortable. Do not force it.</li>
                <li>Tap <strong>Done</strong>. Your largest bend goes into the box above. You can change it.</li>
                </ol>
                <p class="measure-reading" aria-hidden="true"><span class="measure-angle">0°</span><span class="measure-label">degrees of bend</span></p>
                <p class="measure-live visually-hidden" aria-live="polite"></p>
                <p class="measure-status" role="status"></p>
                <p class="measure-actions">\
                <button type="button" class="button measure-start">Start</button>\
                <button type="button" class="button measure-done" hidden>Done</button>\
                <button type="button" class="button button-secondary measure-cancel" hidden>Cancel</button></p>
                </section>

                """
        }
    }
}
