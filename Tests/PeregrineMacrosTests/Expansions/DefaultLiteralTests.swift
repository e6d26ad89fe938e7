import Testing

/// `@Defaulted` literals checked against the property's declared type: a
/// literal of another type is refused when the macro expands; a literal
/// for a type the check does not know is left to the compiler.
@Suite struct DefaultLiteralTests {
    /// Whether `@Defaulted(literal)` on a property of `type` is refused.
    @Test(arguments: [
        ("0", "Int", false), ("-2", "Int8", false), ("1", "Double", false), ("1.5", "Float", false), ("1e3", "Decimal", false),
        (#""x""#, "String", false), (#""x\(1)""#, "Substring", false), ("false", "Bool", false), ("nil", "Int?", false),
        ("nil", "Optional<[Int]>", false), ("[1, nil]", "[Int?]", false), ("[[1.5], []]", "Array<[Double]>", false), ("[]", "[String]", false),
        ("1.5", "Int", true), (#""1""#, "Double", true), ("1", "Bool", true), ("[1]", "Int", true), ("nil", "[Int]", true),
        ("[1]", "[String: Int]", true), ("true", "Swift.String", true), (#""x""#, "[Peregrine.JSON]", true),
        // Types the check does not know take any literal: a user's, a typealias, Character, Set, JSON.
        (#""a""#, "Character", false), ("[1]", "Set<Int>", false), ("1", "Count", false), ("nil", "JSON", false),
        (#"["x"]"#, "[Tag]", false), ("1", "Foundation.Date", false),
        // Expressions that are no literal are left to the compiler.
        ("Int.max", "String", false), (".zero", "Bool", false), ("[String]()", "Int", false), ("[1, x]", "[String]", false),
        ("-x", "String", false), ("f()", "Int", false),
    ] as [(String, String, Bool)])
    func whichDefaultsAreRefused(literal: String, type: String, refused: Bool) async throws {
        let (_, diagnostics) = try await ExpansionSnapshot.expand("@JSONCodable\nstruct S {\n    @Defaulted(\(literal)) var a: \(type)\n}")
        #expect(diagnostics.map(\.line) == (refused ? [3] : []), "\(literal) as \(type): \(diagnostics)")
        #expect(diagnostics.allSatisfy { $0.message.hasPrefix("the default") }, "\(diagnostics)")
    }
}
