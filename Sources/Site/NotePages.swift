import Dispatch
import Pages
import Support

extension SiteBuilder {
    /// The education index and notes, the consent documents as they read
    /// today, and the care team.
    func writeNotes(_ plan: BuildPlan, into writer: inout FileWriter) throws {
        let study = plan.study
        // Pages about no participant: nothing of anyone's to withhold, no name to show.
        let reader: @Sendable (String) -> Reader = { page in
            Reader.clinician(links: plan.links(page), sharing: .everything, names: false, language: input.language)
        }
        try writer.page("education/index.html", EducationPages.index(study: study, reader: reader("education/index.html")))
        // A study may have thousands of notes, all in one folder. Writing
        // them costs more than rendering them, so three threads write, taking
        // batches in turn, while the cores render the batches after. Threads
        // making files in one folder wait on its lock, but not while they copy
        // bytes: on two cores, one writer left the disk's build 10 % slower
        // than three, and four gained nothing on three.
        let notes = study.notes
        let noteWriters = (0..<3).map { _ in Locked(FileWriter(root: writer.root, mode: writer.mode)) }
        let queues = noteWriters.indices.map { DispatchQueue(label: "carefeed.site.notes.\($0)") }
        // The first error any writer meets stops them all, as one writer stopped at its own.
        let failure = Locked<(any Error)?>(nil)
        let batchesAhead = DispatchSemaphore(value: 4)
        for (number, start) in stride(from: 0, to: notes.count, by: 256).enumerated() {
            let batch = Array(notes[start..<min(start + 256, notes.count)])
            // A share of the batch on each core, each keeping the chrome its notes share.
            let pages = concurrentShares(batch) { share in
                let chrome = Layout.Chrome()
                return share.map { note in
                    EducationPages.note(note, study: study, reader: reader("education/\(note.slug).html"), chrome: chrome)
                }
            }.flatMap { $0 }
            batchesAhead.wait()
            let noteWriter = noteWriters[number % noteWriters.count]
            queues[number % noteWriters.count].async {
                noteWriter.update { writer in
                    for (note, html) in zip(batch, pages) where failure.value == nil {
                        do {
                            try writer.page("education/\(note.slug).html", html)
                        } catch {
                            failure.update { $0 = $0 ?? error }
                        }
                    }
                }
                batchesAhead.signal()
            }
        }
        for queue in queues { queue.sync {} }
        if let error = failure.value { throw error }
        for noteWriter in noteWriters { writer.report.add(noteWriter.value.report) }
        for document in study.consentDocuments {
            let path = "consent/\(document.id).html"
            try writer.page(path, ConsentPages.document(document, study: study, reader: reader(path)))
        }
        try writer.page("care-team.html", CareTeamPage.render(study: study, reader: reader("care-team.html"),
                                                              nav: .study(current: .careTeam)))
    }
}
