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
        // A study may have thousands of notes, all in one folder. Threads
        // creating files in one folder wait on its lock, so one thread
        // writes them while the others render the next batch.
        let notes = study.notes
        let noteWriter = Locked(NoteWriter(writer: FileWriter(root: writer.root, mode: writer.mode)))
        let queue = DispatchQueue(label: "carefeed.site.notes")
        let batchesAhead = DispatchSemaphore(value: 2)
        for start in stride(from: 0, to: notes.count, by: 256) {
            let batch = Array(notes[start..<min(start + 256, notes.count)])
            // A share of the batch on each core, each keeping the chrome its notes share.
            let pages = concurrentShares(batch) { share in
                let chrome = Layout.Chrome()
                return share.map { note in
                    EducationPages.note(note, study: study, reader: reader("education/\(note.slug).html"), chrome: chrome)
                }
            }.flatMap { $0 }
            batchesAhead.wait()
            queue.async {
                noteWriter.update { state in
                    for (note, html) in zip(batch, pages) where state.error == nil {
                        do {
                            try state.writer.page("education/\(note.slug).html", html)
                        } catch {
                            state.error = error
                        }
                    }
                }
                batchesAhead.signal()
            }
        }
        queue.sync {}
        if let error = noteWriter.value.error { throw error }
        writer.report.add(noteWriter.value.writer.report)
        for document in study.consentDocuments {
            let path = "consent/\(document.id).html"
            try writer.page(path, ConsentPages.document(document, study: study, reader: reader(path)))
        }
        try writer.page("care-team.html", CareTeamPage.render(study: study, reader: reader("care-team.html"),
                                                              nav: .study(current: .careTeam)))
    }
}

/// The writer of the notes and the first error it met, shared by the batches.
private struct NoteWriter: Sendable {
    var writer: FileWriter
    var error: (any Error)?
}
