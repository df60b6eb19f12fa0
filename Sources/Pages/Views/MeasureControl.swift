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
    static func html(_ measure: Measure, fieldID: String, reader: Reader) -> HTML {
        let words = reader.words
        switch measure {
        case .kneeFlexion:
            let panel = "\(fieldID)-measure"
            return """
                <section class="measure" id="\(panel)" data-measure="kneeFlexion" data-field="\(fieldID)" \
                aria-labelledby="\(panel)-title" data-said-measuring="\(words(.measuring))" \
                data-said-degrees="\(words(.measuredDegrees))" data-said-blocked="\(words(.motionBlocked))" \
                data-said-hold="\(words(.holdStill))" data-said-no-movement="\(words(.noMovement))" \
                data-said-result="\(words(.largestBend))" data-said-again="\(words(.measureAgain))" \
                data-said-stopped="\(words(.measuringStopped))" hidden>
                <h3 id="\(panel)-title">\(words(.measureTitle))</h3>
                <ol class="measure-steps">
                <li>\(words(.measureSit))</li>
                <li>\(words(.measureStraighten))</li>
                <li>\(words(.measureHold))</li>
                <li>\(words.html(.measureBend, ["start": "<strong>\(words(.measureStart))</strong>"]))</li>
                <li>\(words.html(.measureDoneStep, ["done": "<strong>\(words(.measureDone))</strong>"]))</li>
                </ol>
                <p class="measure-reading" aria-hidden="true"><span class="measure-angle">0°</span><span class="measure-label">\(words(.degreesOfBend))</span></p>
                <p class="measure-live visually-hidden" aria-live="polite"></p>
                <p class="measure-status" role="status"></p>
                <p class="measure-actions">\
                <button type="button" class="button measure-start">\(words(.measureStart))</button>\
                <button type="button" class="button measure-done" hidden>\(words(.measureDone))</button>\
                <button type="button" class="button button-secondary measure-cancel" hidden>\(words(.cancel))</button></p>
                </section>

                """
        }
    }
}
