@_spi(Authoring) import AppAlert
import AppAlertTesting
import Foundation
import Testing

/// AppAlertTesting's samples are messages a real feed can hold, of every layout.
struct SampleMessagesTests {
    @Test
    func theSamplesFeedDecodesWithoutAWord() throws {
        let result = try FeedDecoder().decode(Data(SampleMessages.feedJSON.utf8))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.feed.messages.count == 6)
    }

    @Test
    func everyLayoutHasASample() {
        #expect(Set(SampleMessages.all.map(\.layout)) == Set(Message.Layout.allCases))
        #expect(SampleMessages.all.allSatisfy { $0.title != "Missing sample" })
        #expect(!SampleMessages.wall.dismissible)
        #expect(SampleMessages.banner.action == .event("show-paywall"))
    }

    @Test
    func theGermanAndArabicSamplesAreLocalized() throws {
        #expect(SampleMessages.longGerman.localization == LanguageTag("de"))
        #expect(SampleMessages.longGerman.text.count > 2 * SampleMessages.modal.text.count)
        #expect(SampleMessages.longGerman.buttons.map(\.title) == ["Jetzt ausprobieren", "Vielleicht später"])
        #expect(SampleMessages.arabic.localization == LanguageTag("ar"))
        #expect(SampleMessages.arabic.features?.count == 3)
        #expect(SampleMessages.arabic.buttons.map(\.title) == ["متابعة"])
    }

    @Test
    func theSampleImageIsAPictureTheLoaderAccepts() throws {
        #expect(
            try ImageHeader(inspecting: SampleMessages.imageData) == ImageHeader(format: .png, width: 40, height: 30))
    }
}
