import CareModel
import StudyModel

/// The protocol in time: the participant's dates a task's schedule counts
/// from and its onboarding sets, and its visits.
extension CrossReferences {
    func timing(_ task: StudyTask, node: YAMLNode, reader: FieldReader) {
        let elementNodes: [YAMLNode] = Self.value("schedule", in: node).flatMap { schedule in
            if case .sequence(let nodes) = schedule.value { nodes } else { nil }
        } ?? []
        guard elementNodes.count == task.schedule.elements.count else { return }
        reader.enter(.schedules)
        defer { reader.leave() }
        var visits: Set<String> = []
        var bases: Set<String> = []
        for (element, elementNode) in zip(task.schedule.elements, elementNodes) {
            for (key, anchor) in [("start", element.start), ("end", element.end)] {
                guard let id = anchor?.participantDate, let dates, !dates.contains(id) else { continue }
                let near = FieldReader.closest(to: id, in: ["enrollment"] + dates.sorted())
                reader.error("no participant's date '\(id)'"
                             + (near.map { "; did you mean '\($0)'?" }
                                ?? "; declare it in study.yaml, such as 'dates: [{ id: \(id), label: … }]'"),
                             at: Self.value(key, in: elementNode) ?? elementNode)
            }
            // An undeclared date is reported above, and not again as a day the others do not count from.
            for anchor in [element.start, element.end].compactMap({ $0 }) {
                switch anchor {
                case .enrollment: bases.insert("enrollment")
                case .date(let day): bases.insert(day.description)
                case .participantDate(let id, _) where dates?.contains(id) ?? true: bases.insert(id)
                case .participantDate: break
                }
            }
            if let visit = element.visit, !visits.insert(visit).inserted {
                reader.error("the visit '\(visit)' is named twice in this task; each visit is one event with a name of its own",
                             at: Self.value("visit", in: elementNode) ?? elementNode)
            }
        }
        // Events are numbered in time order across elements: all of them move
        // together when a participant's date moves only if all start and end
        // from it. One element may run from enrollment to surgery: a moved
        // end adds or takes events after the others, and numbers none again.
        let dated = bases.filter { dates?.contains($0) ?? false }
        if !dated.isEmpty, bases.count > 1, elementNodes.count > 1, let first = elementNodes.first {
            reader.error("this task's elements start or end from different days (\(bases.sorted().joined(separator: ", "))); "
                         + "a task that counts from a participant's date counts all its starts and ends from it, so a date "
                         + "that moves moves its events together: put the others in a task of their own",
                         at: Self.value("start", in: first) ?? first)
        }
    }

    /// Each alert's note exists.
    func alerts(_ task: StudyTask, node: YAMLNode, reader: FieldReader) {
        guard let alerts = task.alerts, let list = Self.value("alerts", in: node), case .sequence(let nodes) = list.value,
              nodes.count == alerts.count else { return }
        for (alert, alertNode) in zip(alerts, nodes) {
            guard let slug = alert.show, !notes.contains(where: { $0.slug == slug }), !unloadedNotes.contains(slug) else { continue }
            reader.error("no education note '\(slug)'; expected a file education/\(slug).md" + Self.known(notes.map(\.slug)),
                         at: Self.value("show", in: alertNode) ?? alertNode)
        }
    }

    /// A form item with `sets`: a declared date, in onboarding, after its consent.
    func sets(_ item: FormItem, in task: StudyTask, afterConsent: Bool, at itemNode: YAMLNode, reader: FieldReader) {
        guard let id = item.sets else { return }
        let setsNode = Self.value("sets", in: itemNode) ?? itemNode
        if let dates, !dates.contains(id) {
            reader.error("no participant's date '\(id)'; declare it in study.yaml's dates" + Self.known(dates.sorted()),
                         at: setsNode)
        } else if !task.isOnboarding || !afterConsent {
            reader.error("sets asks a participant's date when they join, so it belongs in a form step after the consent "
                         + "step of the onboarding task", at: setsNode)
        }
    }
}
