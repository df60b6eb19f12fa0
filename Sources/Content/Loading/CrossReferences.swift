import BuiltInAssets
import Foundation
import StudyModel

/// Checks that what one file names exists: consent documents, notes, tasks,
/// form values, icons and public files.
struct CrossReferences: Sendable {
    var documents: [ConsentDocument]
    var notes: [EducationNote]
    var tasks: [StudyTask]
    var publicDirectory: String?
    /// Ids of files that exist but failed to load or have errors of their
    /// own: those are reported, so references to them are not errors too.
    var unloadedDocuments: Set<String>
    var unloadedNotes: Set<String>
    var unloadedTasks: Set<String>
    /// The participants' dates `study.yaml` declares; nil when it did not load.
    var dates: Set<String>? = nil
    /// Node names of each model file read so far: many notes show one model.
    let models = ModelFile.Cache()

    /// An item whose column in the data package would have the name of
    /// another: a column every table has, a score, another item, a
    /// multiple choice's option column (`where_park` beside `where`'s
    /// option `park`), or the column saying why a text is missing (`note_missing`).
    func packageColumns(of item: FormItem, at node: YAMLNode, taken: inout Set<String>, reader: FieldReader) {
        if PackageColumns.everyTable.contains(item.id) {
            reader.error("the item id '\(item.id)' is the name of a column every task's table in the data package has "
                         + "(\(PackageColumns.everyTable.sorted().joined(separator: ", "))); give the item another id", at: node)
            return
        }
        // The item's own id too, for a multiple choice: exports name its answers by it.
        let names = PackageColumns.names(of: item)
        for name in (names.first == item.id ? names : [item.id] + names) where !taken.insert(name).inserted {
            let option = name.dropFirst(item.id.count + 1)
            reader.error("the data package would have two columns named '\(name)' in this task's table"
                         + (name == item.id ? "" : name == PackageColumns.reasonColumn(item.id)
                            ? ", one of them saying why the answer to '\(item.id)' is missing"
                            : ", one of them for the option '\(option)' of '\(item.id)'")
                         + "; give the item or the score another id", at: node)
        }
    }

    func task(_ task: StudyTask, node: YAMLNode, reader: FieldReader) {
        guard let stepNodes = Self.stepNodes(node), stepNodes.count == task.survey.count else { return }
        // Joining ends with a completion step, which records it; without one
        // after the consent, no one could ever finish onboarding.
        if task.isOnboarding,
           let consent = task.survey.lastIndex(where: { if case .consent = $0 { true } else { false } }),
           !task.survey[(consent + 1)...].contains(where: { if case .completion = $0 { true } else { false } }) {
            reader.error("the onboarding task (the one with a consent step) needs a completion step after its consent step",
                         at: Self.value("survey", in: node) ?? node)
        }
        var itemIDs: Set<String> = []
        // The data package's columns for this task: its items and scores, a multiple choice's `<item>_<value>`, a text's `<item>_missing`.
        var columns = Set(task.scores?.map(\.id) ?? [])
        reader.enter(.surveys)
        defer { reader.leave() }
        var afterConsent = false
        for (step, stepNode) in zip(task.survey, stepNodes) {
            if case .consent = step { afterConsent = true }
            switch step {
            case .consent(let consent) where !documents.contains(where: { $0.id == consent.document })
                && !unloadedDocuments.contains(consent.document):
                reader.enter(.consentStep)
                defer { reader.leave() }
                reader.error("no consent document '\(consent.document)'; expected a file consent/\(consent.document).md"
                             + Self.known(documents.map(\.id)), at: Self.value("document", in: stepNode) ?? stepNode)
            case .model(let model) where !notes.contains(where: { $0.slug == model.education })
                && !unloadedNotes.contains(model.education):
                reader.error("no education note '\(model.education)'; expected a file education/\(model.education).md"
                             + Self.known(notes.map(\.slug)), at: Self.value("education", in: stepNode) ?? stepNode)
            case .model(let model) where notes.first(where: { $0.slug == model.education }).map({ $0.model == nil }) ?? false:
                reader.error("the education note '\(model.education)' has no model to open",
                             at: Self.value("education", in: stepNode) ?? stepNode)
            case .form(let form):
                let itemNodes = Self.items(stepNode)
                for (index, item) in form.items.enumerated() {
                    let itemNode = index < itemNodes.count ? itemNodes[index] : stepNode
                    guard itemIDs.insert(item.id).inserted else {
                        reader.error("the item id '\(item.id)' is used twice in this task; each answer needs its own id",
                                     at: itemNode)
                        continue
                    }
                    packageColumns(of: item, at: Self.value("id", in: itemNode) ?? itemNode, taken: &columns, reader: reader)
                    sets(item, in: task, afterConsent: afterConsent, at: itemNode, reader: reader)
                }
            case .instruction(let instruction):
                let itemNodes = Self.items(stepNode)
                for (index, item) in instruction.items.enumerated() where !Self.iconExists(item.icon, publicDirectory) {
                    let itemNode = index < itemNodes.count ? itemNodes[index] : stepNode
                    reader.error("no icon '\(item.icon)'; CareFeed's icons are \(Self.builtInIcons), "
                                 + "or add icons/\(item.icon).svg to the public folder",
                                 at: Self.value("icon", in: itemNode) ?? itemNode)
                }
                if let image = instruction.image {
                    publicFile(image, at: Self.value("image", in: stepNode) ?? stepNode, reader: reader)
                }
            case .permissions(let permissions):
                let values = Set(tasks.flatMap { $0.formItems.map(\.id) } + tasks.map(\.id)).union(unloadedTasks)
                let itemNodes = Self.items(stepNode)
                for (index, item) in permissions.items.enumerated() {
                    let itemNode = index < itemNodes.count ? itemNodes[index] : stepNode
                    let typeNodes = Self.value("types", in: itemNode).flatMap { node -> [YAMLNode]? in
                        if case .sequence(let nodes) = node.value { nodes } else { nil }
                    } ?? []
                    // Types may name data the browser cannot collect (HealthKit's
                    // names, say), so an unknown one is worth a look, not an error;
                    // while a task has errors, its items are unknown, so none is said.
                    for (typeIndex, type) in item.types.enumerated() where !values.contains(type) && unloadedTasks.isEmpty {
                        reader.warning("'\(type)' is neither a task nor a form item of this study, so no answer will be shared under it",
                                       at: typeIndex < typeNodes.count ? typeNodes[typeIndex] : itemNode)
                    }
                }
            default:
                break
            }
        }
    }

    /// Checks a note's files and the names its model's highlight uses, and
    /// pins each annotation given no position at the centre of the model's
    /// node named by its id.
    func note(_ note: EducationNote, header: FieldReader.NoteHeader, reader: FieldReader) -> EducationNote {
        if let image = header.image {
            publicFile(image.path, at: image.node, reader: reader)
        }
        guard var model = note.model else { return note }
        var srcFound = false
        if let srcNode = header.modelNodes["src"] {
            srcFound = publicFile(model.src, at: srcNode, reader: reader)
        }
        if let poster = model.poster, let posterNode = header.modelNodes["poster"] {
            publicFile(poster, at: posterNode, reader: reader)
        }
        let nodes = srcFound ? publicDirectory.flatMap { models.nodes(path: $0 + "/" + model.src, format: model.format) } : nil
        if let highlightNode = header.modelNodes["highlight"], case .sequence(let idNodes) = highlightNode.value {
            let named = Set(model.annotations.map(\.id)).union(nodes?.names ?? [])
            for (id, idNode) in zip(model.highlight, idNodes) where !named.contains(id) {
                reader.error("highlight '\(id)' is named by no annotation" + (nodes == nil ? "" : " and no node of \(model.src)"),
                             at: idNode)
            }
        }
        // Without the public folder, or without the file (reported above),
        // there is nothing to pin to: the annotation keeps no position.
        guard srcFound, publicDirectory != nil, let annotationsNode = header.modelNodes["annotations"],
              case .sequence(let annotationNodes) = annotationsNode.value else { return note }
        for (index, annotation) in model.annotations.enumerated() where annotation.position == nil {
            let at = index < annotationNodes.count ? Self.value("id", in: annotationNodes[index]) ?? annotationNodes[index]
                                                   : annotationsNode
            let unpinned = "annotation '\(annotation.id)' has no position"
            let remedy = "; give position: [x, y, z]"
            guard model.format == .glb || model.format == .gltf else {
                reader.error(unpinned + ", and node centres are read only from glb and gltf models" + remedy, at: at)
                continue
            }
            guard let nodes else {
                reader.error(unpinned + ", and \(model.src) could not be read as \(model.format.rawValue) to find its node"
                             + remedy, at: at)
                continue
            }
            guard let centre = nodes.centres[annotation.id] else {
                reader.error(unpinned + ", and \(model.src) has no node named '\(annotation.id)' to pin it to; name a node"
                             + " or give position: [x, y, z]" + Self.known(Array(nodes.names)), at: at)
                continue
            }
            model.annotations[index].position = centre
        }
        var pinned = note
        pinned.model = model
        return pinned
    }

    func study(_ header: FieldReader.StudyHeader, reader: FieldReader) {
        for (key, named) in [("featured", header.featured), ("safety", header.safety)] {
            guard let named, !notes.contains(where: { $0.slug == named.slug }), !unloadedNotes.contains(named.slug) else { continue }
            reader.enter(key == "safety" ? .safetyNote : .studyFile)
            reader.error("\(key) names no education note '\(named.slug)'; expected education/\(named.slug).md"
                         + Self.known(notes.map(\.slug)), at: named.node)
            reader.leave()
        }
        reader.enter(.flags)
        for (flag, node) in header.flags {
            self.flag(flag, node: node, reader: reader)
        }
        reader.leave()
        reader.enter(.charts)
        defer { reader.leave() }
        for (chart, seriesNodes) in header.insights {
            for (series, seriesNode) in zip(chart.series, seriesNodes) {
                guard let task = tasks.first(where: { $0.id == series.task }) else {
                    if unloadedTasks.contains(series.task) { continue }
                    reader.error("no task '\(series.task)'" + Self.known(tasks.map(\.id)),
                                 at: Self.value("task", in: seriesNode) ?? seriesNode)
                    continue
                }
                if series.measure == .entries {
                    if !task.isLog {
                        reader.error("count: entries counts a log task's entries a day, and '\(task.id)' is not a log "
                                     + "(log: true)", at: Self.value("count", in: seriesNode) ?? seriesNode)
                    }
                    continue
                }
                if series.measure == .score {
                    if task.score(series.value) == nil {
                        reader.error("the task '\(task.id)' has no score '\(series.value)'" + Self.known((task.scores ?? []).map(\.id)),
                                     at: Self.value("score", in: seriesNode) ?? seriesNode)
                    }
                    continue
                }
                guard let item = task.formItems.first(where: { $0.id == series.value }) else {
                    reader.error("the task '\(task.id)' has no form item '\(series.value)'"
                                 + Self.known(task.formItems.map(\.id)), at: Self.value("value", in: seriesNode) ?? seriesNode)
                    continue
                }
                if !item.answer.isNumeric {
                    reader.error("'\(series.value)' of '\(task.id)' is not a number a chart can plot",
                                 at: Self.value("value", in: seriesNode) ?? seriesNode)
                } else if let target = series.target {
                    self.target(target, of: item, node: Self.value("target", in: seriesNode) ?? seriesNode, reader: reader)
                }
            }
        }
    }

    /// A target band lies where the item's answers can reach: inside a
    /// scale, or a number's min and max.
    private func target(_ target: ChartTarget, of item: FormItem, node: YAMLNode, reader: FieldReader) {
        let range: (low: Double?, high: Double?, words: String)
        switch item.answer {
        case .scale(let low, let high, _, _, _):
            range = (low, high, "the scale of '\(item.id)' runs")
        case .numeric(let low, let high, _, _):
            range = (low, high, "answers to '\(item.id)' run")
        case .boolean:
            range = (0, 1, "a yes-or-no answer runs")
        case .choice, .text, .date, .timeOfDay:
            return
        }
        for (key, bound) in [("min", target.min), ("max", target.max)] {
            guard let bound else { continue }
            if range.low.map({ bound < $0 }) == true || range.high.map({ bound > $0 }) == true {
                let from = range.low.map { " from \(FieldReader.format($0))" } ?? ""
                let to = range.high.map { " to \(FieldReader.format($0))" } ?? ""
                reader.error("the target's \(key) \(FieldReader.format(bound)) is out of reach: \(range.words)\(from)\(to)",
                             at: Self.value(key, in: node) ?? node)
            }
        }
    }

    /// A flag's task and value name a form item of the study; above and
    /// below need one whose answers are numbers.
    private func flag(_ flag: StudyFlag, node: YAMLNode, reader: FieldReader) {
        let taskID: String, valueID: String, compares: Bool
        switch flag.rule {
        case .above(let task, let value, _), .below(let task, let value, _), .dropBy(let task, let value, _):
            (taskID, valueID, compares) = (task, value, true)
        case .notMeasured(let task, let value, _): (taskID, valueID, compares) = (task, value, false)
        case .silent: return
        }
        guard let task = tasks.first(where: { $0.id == taskID }) else {
            if !unloadedTasks.contains(taskID) {
                reader.error("no task '\(taskID)'" + Self.known(tasks.map(\.id)), at: Self.value("task", in: node) ?? node)
            }
            return
        }
        if let scoreNode = Self.value("score", in: node) {
            if task.score(valueID) == nil {
                reader.error("the task '\(task.id)' has no score '\(valueID)'" + Self.known((task.scores ?? []).map(\.id)), at: scoreNode)
            }
            return
        }
        guard let item = task.formItems.first(where: { $0.id == valueID }) else {
            reader.error("the task '\(task.id)' has no form item '\(valueID)'" + Self.known(task.formItems.map(\.id)),
                         at: Self.value("value", in: node) ?? node)
            return
        }
        if compares && !item.answer.isNumeric {
            reader.error("'\(valueID)' of '\(task.id)' is not a number, so it cannot be above or below one",
                         at: Self.value("value", in: node) ?? node)
        }
    }

    /// Whether `path` is inside the public folder and there (or there is no
    /// folder to look in); otherwise says why not.
    @discardableResult
    private func publicFile(_ path: String, at node: YAMLNode, reader: FieldReader) -> Bool {
        if path.hasPrefix("/") || path.contains("://") || !LinkRewriter.staysInside(path) {
            reader.error("'\(path)' must be a relative path inside the public folder, such as images/knee.svg", at: node)
            return false
        }
        guard let publicDirectory else { return true }
        if !FileSystem.exists(publicDirectory + "/" + path) {
            reader.error(LinkRewriter.missing(path, publicDirectory: publicDirectory), at: node)
            return false
        }
        return true
    }

    private static func iconExists(_ icon: String, _ publicDirectory: String?) -> Bool {
        guard let publicDirectory else { return true }
        return Identifier.isValid(icon.replacingOccurrences(of: ".", with: "_"))
            && (BuiltInAssets.hasIcon(icon) || FileSystem.exists(publicDirectory + "/icons/" + icon + ".svg"))
    }

    /// `bed.double.fill, bell.fill, …`: the icons built into CareFeed.
    private static var builtInIcons: String {
        BuiltInAssets.paths.filter { $0.hasPrefix("icons/") && $0.hasSuffix(".svg") }
            .map { String($0.dropFirst("icons/".count).dropLast(".svg".count)) }.sorted().joined(separator: ", ")
    }

    static func known(_ ids: [String]) -> String {
        ids.isEmpty ? "" : "; known: " + ids.sorted().joined(separator: ", ")
    }

    static func value(_ key: String, in node: YAMLNode) -> YAMLNode? {
        guard case .mapping(let pairs) = node.value else { return nil }
        return pairs.first { if case .scalar(key, _) = $0.key.value { true } else { false } }?.value
    }

    private static func stepNodes(_ task: YAMLNode) -> [YAMLNode]? {
        guard let survey = value("survey", in: task), case .sequence(let steps) = survey.value else { return nil }
        return steps
    }

    private static func items(_ step: YAMLNode) -> [YAMLNode] {
        guard let items = value("items", in: step), case .sequence(let nodes) = items.value else { return [] }
        return nodes
    }
}
