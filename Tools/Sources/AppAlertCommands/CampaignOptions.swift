@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import ArgumentParser
import Foundation

/// The campaign flags of `evaluate` and `audience`: what the app knows about the install beyond its
/// version and device. A stable interface (docs/appalert-command.md).
struct CampaignOptions: ParsableArguments {
    @Option(
        name: .customLong("attribute"),
        help: ArgumentHelp(
            "An attribute the app supplies, KEY=VALUE; VALUE is a number or true/false when it reads as one, "
                + "else a string (KEY='\"3\"' for the string 3); repeatable.", valueName: "key=value"))
    var attributes: [String] = []

    @Option(help: ArgumentHelp("Decide for this event instead of a launch.", valueName: "name"))
    var event: String?

    @Option(help: ArgumentHelp("This install's launches, this one included.", valueName: "n"))
    var launchCount: Int = 1

    @Option(help: ArgumentHelp("The install's first launch, RFC 3339. Default: unknown.", valueName: "time"))
    var installedAt: String?

    @Option(help: ArgumentHelp("The last version change, RFC 3339. Default: unknown.", valueName: "time"))
    var updatedAt: String?

    /// Sets the values these flags give, or names the flag at fault.
    func apply(
        to attributes: inout [String: AttributeValue], event: inout String?, launchCount: inout Int?,
        installedAt: inout Date?, updatedAt: inout Date?
    ) throws(InputError) {
        for entry in self.attributes {
            let (key, value) = try Self.attribute(entry)
            attributes[key] = value
        }
        if let name = self.event {
            guard Message.Trigger.isValidEventName(name) else {
                throw InputError(
                    message: "--event: \"\(name)\" is not an event name (1 to 64 letters, digits, _, - or .)")
            }
            event = name
        }
        guard self.launchCount >= 1 else { throw InputError(message: "--launch-count: must be 1 or more") }
        launchCount = self.launchCount
        if let text = self.installedAt { installedAt = try Self.time(text, "--installed-at") }
        if let text = self.updatedAt { updatedAt = try Self.time(text, "--updated-at") }
    }

    /// `KEY=VALUE`: a number or a boolean when VALUE reads as one, a JSON string literal as that
    /// string, anything else as the text itself.
    static func attribute(_ entry: String) throws(InputError) -> (String, AttributeValue) {
        guard let equals = entry.firstIndex(of: "="), equals != entry.startIndex else {
            throw InputError(message: "--attribute: \"\(entry)\" is not KEY=VALUE")
        }
        let key = String(entry[..<equals])
        let text = String(entry[entry.index(after: equals)...])
        switch try? JSONParser().parse(text) {
        case .bool(let flag)?: return (key, .bool(flag))
        case .integer(let number)?: return (key, .number(Double(number)))
        case .number(let number)?: return (key, .number(number))
        case .string(let string)?: return (key, .string(string))
        default: return (key, .string(text))
        }
    }

    static func time(_ text: String, _ option: String) throws(InputError) -> Date {
        do {
            return try RFC3339.parse(text)
        } catch {
            throw InputError(message: "\(option): \(error)")
        }
    }

}
