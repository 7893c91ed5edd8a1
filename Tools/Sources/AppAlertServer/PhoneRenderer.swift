// The preview's phones: a phone-sized frame in light or dark appearance, right to left for Arabic, Hebrew,
// Persian and Urdu, named by what it shows (one picture of the app), with under it what a still picture
// cannot show (how long a banner stays, what a tap does, a wall); an inbox item as its row in the inbox
// (InboxList: an unread mark, the title, the text) and the card it opens. What is inside a phone is the
// web client's drawing of the message (Web/src/draw.js, `depictMessage`), the same code a web page shows
// messages with, which `serve --dev` answers at `/appalert-web-draw.js` from the binary. One
// renderer for the gallery, the simulator and the console; it reads the message object `appalert evaluate
// --json` prints and builds the page with DOM text nodes only: nothing from the feed is parsed as HTML.
enum PhoneRenderer {
    static let style = PageCode.text(PackageResources.phones_css)

    /// `drawPhone(message, dark)` returns the phone for a message object; `fillPhones()` draws every
    /// `.phones[data-entry]` of the gallery from `galleryEntries`, light and dark side by side (an
    /// inbox item: its row in light and dark, and the card it opens).
    static let script = PageCode.text(PackageResources.phones_js)
}
