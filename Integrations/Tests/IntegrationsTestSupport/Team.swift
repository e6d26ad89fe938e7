import Foundation

/// A member of a ``Team``: an integer, a string and an ISO 8601 date.
public struct Member: Codable, Equatable, Sendable {
    public var id: Int
    public var name: String
    public var joined: Date

    public init(id: Int, name: String, joined: Date) {
        self.id = id
        self.name = name
        self.joined = joined
    }
}

/// The model the servers under test decode, change and answer with.
public struct Team: Codable, Equatable, Sendable {
    public var name: String
    public var members: [Member]

    /// `POST /team`'s change: the name in capitals and one member more.
    public mutating func grow() {
        name = name.uppercased()
        members.append(Member(id: members.count + 1, name: "new", joined: Date(timeIntervalSince1970: 86_400)))
    }

    /// A team in JSON, one line.
    public static let text = #"{"name": "core", "members": [{"id": 1, "name": "Ada", "joined": "2024-05-01T10:00:00Z"}]}"#

    /// ``text`` after ``grow()``, as the servers write it.
    public static let grownText =
        #"{"name":"CORE","members":[{"id":1,"name":"Ada","joined":"2024-05-01T10:00:00Z"},"#
        + #"{"id":2,"name":"new","joined":"1970-01-02T00:00:00Z"}]}"#

    /// A team of `count` members in JSON: 1 KiB and more from 18 members.
    public static func text(members count: Int) -> String {
        let members = (0..<count).map { #"{"id": \#($0), "name": "member", "joined": "2024-05-01T10:00:00Z"}"# }
        return #"{"name": "big", "members": [\#(members.joined(separator: ","))]}"#
    }
}
