extension JSON.Missing: CustomStringConvertible {
    /// `$.statuses has no element 5 (it has 1)`.
    public var description: String { "\(JSON.PathComponent.text(of: parent)) \(reason)" }
}
