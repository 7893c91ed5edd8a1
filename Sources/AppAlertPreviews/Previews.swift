#if canImport(SwiftUI) && DEBUG
    import AppAlertTesting
    import SwiftUI

    // Every layout, light and dark, and the long and right-to-left samples. Open this file in Xcode
    // with the package to see them in the canvas.

    #Preview("Alert") { LayoutPreview(SampleMessages.alert) }
    #Preview("Alert, dark") { LayoutPreview(SampleMessages.alert).environment(\.colorScheme, .dark) }
    #Preview("Banner") { LayoutPreview(SampleMessages.banner) }
    #Preview("Banner, dark") { LayoutPreview(SampleMessages.banner).environment(\.colorScheme, .dark) }
    #Preview("Modal") { LayoutPreview(SampleMessages.modal) }
    #Preview("Modal, dark") { LayoutPreview(SampleMessages.modal).environment(\.colorScheme, .dark) }
    #Preview("Sheet") { LayoutPreview(SampleMessages.sheet) }
    #Preview("Sheet, dark") { LayoutPreview(SampleMessages.sheet).environment(\.colorScheme, .dark) }
    #Preview("Image") { LayoutPreview(SampleMessages.image) }
    #Preview("Image, dark") { LayoutPreview(SampleMessages.image).environment(\.colorScheme, .dark) }
    #Preview("Wall") { LayoutPreview(SampleMessages.wall) }
    #Preview("Long German text") { LayoutPreview(SampleMessages.longGerman) }
    #Preview("Arabic, right to left") { LayoutPreview(SampleMessages.arabic) }
    #Preview("Arabic, dark") { LayoutPreview(SampleMessages.arabic).environment(\.colorScheme, .dark) }
#endif
