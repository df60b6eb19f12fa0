import StudyModel
/// Reads `study.yaml`'s `contacts`: the care team, each with a name and a
/// phone number or e-mail address that a phone can dial or write to.
extension FieldReader {
    func contacts(_ node: YAMLNode) -> [Contact]? {
        enter(.careTeam)
        defer { leave() }
        guard let items = list(node, "contacts") else { return nil }
        let contacts = items.map(contact)
        return contacts.allSatisfy { $0 != nil } ? contacts.compactMap { $0 } : nil
    }

    private func contact(_ node: YAMLNode) -> Contact? {
        guard let fields = fields(node, in: "a contact", allowed: ["name", "role", "phone", "email", "address", "note"],
                                  required: ["name"]) else { return nil }
        let name = text(fields["name"], "name")
        let optional = { (key: String) in fields[key].flatMap { self.text($0, key) } }
        var valid = true
        let phone = optional("phone")
        if let phone, let phoneNode = fields["phone"], let problem = PhoneNumber.problem(phone) {
            error("phone '\(phone)' cannot be dialled: \(problem); write it as \"+1 212 555 0142\" or \"(212) 555-0142\"",
                  at: phoneNode)
            valid = false
        }
        let email = optional("email")
        if let email, let emailNode = fields["email"], !EmailAddress.isValid(email) {
            error("email '\(email)' is not an e-mail address such as team@example.org", at: emailNode)
            valid = false
        }
        if fields["phone"] == nil && fields["email"] == nil {
            error("a contact needs a phone or an email, so participants can reach them", at: node)
            valid = false
        }
        guard valid, let name else { return nil }
        return Contact(name: name, role: optional("role"), phone: phone, email: email, address: optional("address"),
                       note: optional("note"))
    }
}
