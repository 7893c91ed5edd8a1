import Foundation

/// Reads and writes RFC 3339 timestamps (`2026-03-01T09:00:00Z`, `2026-03-01T10:00:00.5+01:00`).
///
/// The offset is required, as the feed contract says: a time without one means different instants on
/// different devices. `T` may also be written `t` or a space, `Z` also `z`. A leap second (`:60`) is
/// read as the last second of its minute.
package enum RFC3339 {
    /// Why a string is not an RFC 3339 timestamp.
    package struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
        package var input: String
        package var reason: String
        package var description: String { "invalid timestamp \"\(input)\": \(reason)" }
    }

    package static func parse(_ string: String) throws(ParseError) -> Date {
        let bytes = Array(string.utf8)
        var index = 0
        func fail(_ reason: String) -> ParseError { ParseError(input: string, reason: reason) }
        func number(_ digits: Int, _ name: String) throws(ParseError) -> Int {
            guard bytes.count - index >= digits else { throw fail("\(name) is missing") }
            var value = 0
            for _ in 0..<digits {
                let byte = bytes[index]
                guard byte >= 0x30 && byte <= 0x39 else { throw fail("\(name) must be \(digits) digits") }
                value = value * 10 + Int(byte - 0x30)
                index += 1
            }
            return value
        }
        func expect(_ characters: String, _ what: String) throws(ParseError) {
            guard index < bytes.count, characters.utf8.contains(bytes[index]) else {
                throw fail("expected \(what) at position \(index + 1)")
            }
            index += 1
        }
        let year = try number(4, "the year")
        try expect("-", "'-' after the year")
        let month = try number(2, "the month")
        try expect("-", "'-' after the month")
        let day = try number(2, "the day")
        try expect("Tt ", "'T' between date and time")
        let hour = try number(2, "the hour")
        try expect(":", "':' after the hour")
        let minute = try number(2, "the minute")
        try expect(":", "':' after the minute")
        var second = try number(2, "the second")
        var fraction = 0.0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            var scale = 0.1
            let start = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                fraction += Double(bytes[index] - 0x30) * scale
                scale /= 10
                index += 1
            }
            if index == start { throw fail("a digit must follow '.'") }
        }
        guard index < bytes.count else { throw fail("the offset (Z or ±hh:mm) is missing") }
        var offsetSeconds = 0
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            index += 1
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            index += 1
            let offsetHour = try number(2, "the offset's hours")
            try expect(":", "':' in the offset")
            let offsetMinute = try number(2, "the offset's minutes")
            guard offsetHour <= 23, offsetMinute <= 59 else { throw fail("the offset is out of range") }
            offsetSeconds = sign * (offsetHour * 3600 + offsetMinute * 60)
        default:
            throw fail("the offset (Z or ±hh:mm) is missing")
        }
        guard index == bytes.count else { throw fail("unexpected text after the offset") }
        guard (1...12).contains(month) else { throw fail("month \(month) is out of range") }
        guard (1...daysInMonth(year, month)).contains(day) else { throw fail("day \(day) is out of range") }
        guard hour <= 23 else { throw fail("hour \(hour) is out of range") }
        guard minute <= 59 else { throw fail("minute \(minute) is out of range") }
        guard second <= 60 else { throw fail("second \(second) is out of range") }
        second = min(second, 59)
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = Double(days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds) + fraction
        return Date(timeIntervalSince1970: seconds)
    }

    /// The date in UTC, to the second (`2026-03-01T09:00:00Z`), or to the millisecond when it has a
    /// fraction of a second.
    package static func format(_ date: Date) -> String {
        let total = date.timeIntervalSince1970
        let wholeSeconds = Int(total.rounded(.down))
        let milliseconds = Int(((total - Double(wholeSeconds)) * 1000).rounded())
        var days = wholeSeconds / 86_400
        var secondsOfDay = wholeSeconds % 86_400
        if secondsOfDay < 0 {
            secondsOfDay += 86_400
            days -= 1
        }
        let (year, month, day) = civilFromDays(days)
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        var text = "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T"
        text += "\(pad(secondsOfDay / 3600, 2)):\(pad(secondsOfDay / 60 % 60, 2)):\(pad(secondsOfDay % 60, 2))"
        if milliseconds > 0 && milliseconds < 1000 { text += "." + pad(milliseconds, 3) }
        return text + "Z"
    }

    static func daysInMonth(_ year: Int, _ month: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civilFromDays(_ days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
