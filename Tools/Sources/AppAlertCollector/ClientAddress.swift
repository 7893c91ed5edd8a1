import NIOCore

/// Whose batches one rate-limit bucket counts: an IPv4 address, or the /64 of an IPv6 address (one
/// site's network: a host picks any address of its /64 at will). An IPv4-mapped IPv6 address is its
/// IPv4 address.
enum ClientBucket: Hashable, Sendable {
    case v4(UInt32)
    case v6(prefix: UInt64)
    /// No IP address (a Unix socket): one bucket for all.
    case other

    init(_ address: SocketAddress?) {
        switch address {
        case .v4(let v4):
            self = .v4(UInt32(bigEndian: v4.address.sin_addr.s_addr))
        case .v6(let v6):
            let bytes = withUnsafeBytes(of: v6.address.sin6_addr) { Array($0) }
            if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF {
                self = .v4(bytes[12..<16].reduce(0) { $0 << 8 | UInt32($1) })
            } else {
                self = .v6(prefix: bytes[0..<8].reduce(0) { $0 << 8 | UInt64($1) })
            }
        default:
            self = .other
        }
    }
}

/// `--trust-forwarded-for`: the client's address as the proxy in front of the collector wrote it.
///
/// One order: the standard `Forwarded` (RFC 7239) when the request has one, else `X-Forwarded-For`;
/// of either, the right-most entry (every field line of the header, in order), which is the one the
/// proxy appended; a `for=` value quoted or not; a port (`:4711`, or RFC 7239's `:_obfuscated`)
/// dropped; an IPv6 address with or without brackets. The address is read by `inet_pton` (NIO's
/// `SocketAddress`): IPv4 only as four decimal numbers without leading zeros, so `010.000.000.007`,
/// `10.7` or `0x0a.0.0.7` are not addresses. What is not an address is refused, with the header and
/// the value, rather than given a bucket of its own or the proxy's.
enum ForwardedFor {
    static let forwarded = "Forwarded"
    static let xForwardedFor = "X-Forwarded-For"

    typealias Bytes = ArraySlice<UInt8>

    /// The bucket of the address the proxy appended, or nil when neither header is there.
    static func bucket(forwarded: [String], xForwardedFor: [String]) throws(Refusal) -> ClientBucket? {
        if !forwarded.isEmpty {
            let elements = split(Bytes(forwarded.joined(separator: ",").utf8), at: UInt8(ascii: ","))
            let last = trimmed(elements.last ?? [])
            var value: Bytes?
            for pair in split(last, at: UInt8(ascii: ";")) {
                let pair = trimmed(pair)
                guard let equals = pair.firstIndex(of: UInt8(ascii: "=")),
                    String(decoding: pair[..<equals], as: UTF8.self).lowercased() == "for"
                else { continue }
                value = pair[(equals + 1)...]
            }
            guard let value else {
                throw Refusal(
                    .forwarded,
                    "Forwarded: its last element, \(text(last)), has no for= (the proxy in front of the "
                        + "collector adds the client's address)")
            }
            return try bucket(of: value, header: "Forwarded: for=", bracketedIPv6: true)
        }
        if !xForwardedFor.isEmpty {
            let entries = split(Bytes(xForwardedFor.joined(separator: ",").utf8), at: UInt8(ascii: ","))
            return try bucket(of: trimmed(entries.last ?? []), header: "X-Forwarded-For: ", bracketedIPv6: false)
        }
        return nil
    }

    private static func text(_ bytes: Bytes) -> String {
        BatchCheck.quote(String(decoding: bytes, as: UTF8.self))
    }

    private static func bucket(of value: Bytes, header: String, bracketedIPv6: Bool) throws(Refusal) -> ClientBucket {
        guard let node = unquoted(value), let address = address(node, bracketedIPv6: bracketedIPv6) else {
            throw Refusal(
                .forwarded,
                "\(header)\(text(value)) is not an IP address (IPv4 as four decimal numbers, IPv6 in brackets"
                    + (bracketedIPv6 ? ")" : " when a port follows)"))
        }
        return ClientBucket(address)
    }

    /// `node` (`10.0.0.4`, `10.0.0.4:4711`, `[2001:db8::1]:4711`, `2001:db8::1`) without its port. With
    /// `bracketedIPv6` (RFC 7239's `Forwarded`), an IPv6 address only in brackets: `2001:db8::1:80`
    /// could be an address and a port.
    static func address(_ node: Bytes, bracketedIPv6: Bool) -> SocketAddress? {
        let colon = UInt8(ascii: ":")
        var host = node
        if host.first == UInt8(ascii: "[") {
            guard let close = host.firstIndex(of: UInt8(ascii: "]")) else { return nil }
            let rest = host[(close + 1)...]
            guard rest.isEmpty || rest.first == colon && isPort(rest.dropFirst()) else { return nil }
            host = host[(host.startIndex + 1)..<close]
            guard host.contains(colon) else { return nil }
        } else if let first = host.firstIndex(of: colon) {
            if host.lastIndex(of: colon) == first {
                // IPv4 and a port.
                guard isPort(host[(first + 1)...]) else { return nil }
                host = host[..<first]
            } else if bracketedIPv6 {
                return nil
            }
        }
        // Hex digits, dots and colons only: no zone (`%eth0`, which would ask the system for an
        // interface), no NUL that would end the C string early.
        let allowed = host.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
                || byte == UInt8(ascii: ".") || byte == colon
        }
        guard allowed, !host.isEmpty, host.count <= 45 else { return nil }
        return try? SocketAddress(ipAddress: String(decoding: host, as: UTF8.self), port: 0)
    }

    /// A port: 1 to 5 digits up to 65535, or RFC 7239's obfuscated port (`_` and letters, digits,
    /// `.`, `_`, `-`).
    private static func isPort(_ text: Bytes) -> Bool {
        if text.first == UInt8(ascii: "_") {
            return text.count > 1 && text.count <= 64
                && text.allSatisfy { byte in
                    (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                        || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
                }
        }
        guard (1...5).contains(text.count), text.allSatisfy({ (0x30...0x39).contains($0) }) else { return false }
        return text.reduce(0) { $0 * 10 + Int($1 - 0x30) } <= 65535
    }

    /// A token as it is, a quoted-string without its quotes and escapes; nil for a quote not closed.
    private static func unquoted(_ value: Bytes) -> Bytes? {
        guard value.first == UInt8(ascii: "\"") else { return value }
        var text: [UInt8] = []
        var escaped = false
        for index in (value.startIndex + 1)..<value.endIndex {
            let byte = value[index]
            if escaped {
                text.append(byte)
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                return index + 1 == value.endIndex ? Bytes(text) : nil
            } else {
                text.append(byte)
            }
        }
        return nil
    }

    /// `text` split at `separator` outside quoted-strings.
    private static func split(_ text: Bytes, at separator: UInt8) -> [Bytes] {
        var parts: [Bytes] = []
        var start = text.startIndex
        var quoted = false
        var escaped = false
        for index in text.indices {
            let byte = text[index]
            if escaped {
                escaped = false
            } else if quoted && byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                quoted.toggle()
            } else if !quoted && byte == separator {
                parts.append(text[start..<index])
                start = index + 1
            }
        }
        parts.append(text[start...])
        return parts
    }

    /// Without the spaces and tabs around it (RFC 9110's OWS).
    private static func trimmed(_ text: Bytes) -> Bytes {
        var text = text
        while text.first == 0x20 || text.first == 0x09 { text.removeFirst() }
        while text.last == 0x20 || text.last == 0x09 { text.removeLast() }
        return text
    }
}
