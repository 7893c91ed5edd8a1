// How the preview draws a resolved message as a phone shows it: each layout (alert, banner, modal,
// sheet, image) in a phone-sized frame, in light or dark appearance, right to left for Arabic, Hebrew,
// Persian and Urdu, images from their URLs with the alt text where one cannot be loaded; an inbox item
// as its row in the inbox (InboxList: an unread mark, the title, the text) and the card it opens. One renderer
// for the gallery and the simulator; it reads the message object `appalert evaluate --json` prints and
// builds the page with DOM text nodes only: nothing from the feed is parsed as HTML.
enum PhoneRenderer {
    static let style = PageCode.text(PackageResources.phones_css)

    /// `drawPhone(message, dark)` returns the phone for a message object; `fillPhones()` draws every
    /// `.phones[data-entry]` of the gallery from `galleryEntries`, light and dark side by side (an
    /// inbox item: its row in light and dark, and the card it opens).
    static let script = PageCode.text(PackageResources.phones_js)
}
