@testable import PeregrineMacrosPlugin
import SwiftSyntax
import SwiftSyntaxBuilder
import Testing

/// The check of `@Defaulted` literals against declared types
/// (`DefaultLiteral`), case by case.
@Suite struct DefaultLiteralTests {
    /// Which literals the check lets through: those of the property's type,
    /// and any literal for a type it does not know (the compiler checks those).
    @Test(arguments: [
        ("0", "Int", true), ("-2", "Int8", true), ("1", "Double", true), ("1.5", "Float", true), ("1e3", "Decimal", true),
        (#""x""#, "String", true), (#""x\(1)""#, "Substring", true), ("false", "Bool", true), ("nil", "Int?", true),
        ("nil", "Optional<[Int]>", true), ("[1, nil]", "[Int?]", true), ("[[1.5], []]", "Array<[Double]>", true), ("[]", "[String]", true),
        ("1.5", "Int", false), (#""1""#, "Double", false), ("1", "Bool", false), ("[1]", "Int", false), ("nil", "[Int]", false),
        ("[1]", "[String: Int]", false), ("true", "Swift.String", false), (#""x""#, "[Peregrine.JSON]", false),
        // Types the check does not know take any literal: a user's, a typealias, Character, Set, JSON.
        (#""a""#, "Character", nil), ("[1]", "Set<Int>", nil), ("1", "Count", nil), ("nil", "JSON", nil),
        (#"["x"]"#, "[Tag]", nil), ("1", "Foundation.Date", nil),
    ] as [(String, String, Bool?)])
    func whichDefaultsFit(literal: String, type: String, fits: Bool?) throws {
        let value = try #require(DefaultLiteral(ExprSyntax(stringLiteral: literal)), "\(literal) is a literal")
        #expect(value.fits(TypeSyntax(stringLiteral: type)) == fits, "\(literal) as \(type)")
    }

    /// Expressions that are no literal are left to the compiler.
    @Test func expressionsAreNotChecked() {
        for expression in ["Int.max", ".zero", "[String]()", "[1, x]", "-x", "f()"] {
            #expect(DefaultLiteral(ExprSyntax(stringLiteral: expression)) == nil, "\(expression)")
        }
    }
}
