import Foundation
import Testing
import TestSupport

/// What the compiler says of `@Flattened` on a type that cannot list the
/// members it reads (an enum: they depend on its case): the message of
/// the unavailable `DirectDecodable.claimedMemberKeys`, not "no member".
/// Each source is type-checked by `swiftc` against the built modules and
/// the macro's plugin, as a user's would be.
@Suite struct FlattenedTypeCheckTests {
    static let shape = """
        import PeregrineMacros

        @JSONCodable
        @Discriminator("type")
        enum Shape {
            case circle(radius: Double)
            case square(side: Double)
        }

        """

    static let message = "'claimedMemberKeys' is unavailable: @Flattened needs a @JSONCodable struct or class, which lists the members it reads (claimedMemberKeys); an enum's depend on its case"

    @Test func aFlattenedEnumBesideACollectorIsRefusedWithTheReason() async throws {
        let (status, output) = try await Self.typeCheck(
            Self.shape + """
                @JSONCodable
                struct Drawing {
                    var name: String
                    @Flattened var shape: Shape
                    @UnknownMembers var extra: JSON.Object
                }
                """)
        #expect(status != 0)
        // Where the model lists its claims and where its collector leaves them out (decode, init(from:), two encoders).
        #expect(Self.errors(in: output) == 5, "\(output)")
        #expect(output.contains("in expansion of macro 'JSONCodable' on struct 'Drawing' here"), "\(output)")
        #expect(!output.contains("has no member"), "\(output)")
    }

    /// A model that flattens one holding the enum cannot list its claims either.
    @Test func aModelFlatteningAnEnumIsRefusedWithTheReason() async throws {
        let (status, output) = try await Self.typeCheck(
            Self.shape + """
                @JSONCodable
                struct Drawing {
                    @Flattened var shape: Shape
                }
                """)
        #expect(status != 0)
        #expect(Self.errors(in: output) == 1, "\(output)")
    }

    /// The same model with a struct flattened compiles: the error is the enum's.
    @Test func aFlattenedStructBesideACollectorCompiles() async throws {
        let (status, output) = try await Self.typeCheck(
            """
            import PeregrineMacros

            @JSONCodable
            struct Circle { var radius: Double }

            @JSONCodable
            struct Drawing {
                var name: String
                @Flattened var shape: Circle
                @UnknownMembers var extra: JSON.Object
            }
            """)
        #expect(status == 0, "\(output)")
        #expect(output.isEmpty, "\(output)")
    }

    /// How many errors `swiftc` printed: each is the message, in `@JSONCodable`'s expansion.
    static func errors(in output: String) -> Int {
        let errors = output.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(errors.allSatisfy { $0.hasPrefix("macro expansion @JSONCodable:") && $0.hasSuffix(message) }, "\(output)")
        return errors.count
    }

    /// `swiftc -typecheck` of `source`: its exit status and what it printed.
    static func typeCheck(_ source: String) async throws -> (status: Int32, output: String) {
        let plugin = try #require(builtExecutable(named: "PeregrineMacrosPlugin-tool"), "the macro's plugin executable was not built")
        let built = plugin.deletingLastPathComponent()
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("peregrine-typecheck-\(UUID().uuidString).swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let arguments = [
            "swiftc", "-typecheck", "-I", built.appendingPathComponent("Modules").path,
            "-I", package.appendingPathComponent("Sources/CZlib").path,
            "-load-plugin-executable", plugin.path + "#PeregrineMacrosPlugin", file.path,
        ]
        return try await onOwnThread {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = arguments
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            let output = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: output, as: UTF8.self))
        }
    }
}
