import Foundation
import Words

/// `en-XA`, a language no one speaks: every built-in word of the English
/// catalog wrapped and accented (`⟦Ţöðåý⟧`), and the check that finds a
/// word on a page that is not.
public enum PseudoLanguage {
    public static let tag = LanguageTag("en-XA")!

    public static var english: Catalog { Catalog.shipped(for: LanguageTag("en")!)! }

    public static var language: Language {
        Language(tag, studyCatalogs: [tag: Catalog.pseudolocalized(english)])
    }

    /// The check for pages of the study whose content is in `content`.
    public static func checker(content: String) throws -> UntranslatedText {
        let texts = english.entries.values.flatMap { entry -> [String] in
            switch entry {
            case .text(let text): [text]
            case .plural(let forms): Array(forms.values)
            }
        }
        return try UntranslatedText(englishCatalog: texts, content: content)
    }
}
