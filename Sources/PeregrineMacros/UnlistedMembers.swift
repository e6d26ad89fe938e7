extension DirectDecodable {
    /// What a type with generated coders that does not list the members it
    /// reads answers when a model flattens it: a compile error that says
    /// so. `@JSONCodable` gives each struct and class its own
    /// `claimedMemberKeys` (its key table, then its flattened properties'
    /// and superclass's), which this one never hides; an enum has none,
    /// since the members its value reads depend on its case, and neither
    /// has a type whose coders are written by hand.
    ///
    /// ```swift
    /// @JSONCodable @Discriminator("type")
    /// enum Shape { case circle(radius: Double) }
    ///
    /// @JSONCodable
    /// struct Drawing {
    ///     @Flattened var shape: Shape   // error: 'claimedMemberKeys' is unavailable: @Flattened needs …
    /// }
    /// ```
    @available(
        *, unavailable,
        message: "@Flattened needs a @JSONCodable struct or class, which lists the members it reads (claimedMemberKeys); an enum's depend on its case"
    )
    public static var claimedMemberKeys: [MemberKeys] { [] }
}
