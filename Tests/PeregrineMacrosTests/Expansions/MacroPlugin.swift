import Foundation
import Peregrine
import Testing
import TestSupport

/// The `@JSONCodable` compiler plugin as the compiler runs it: the
/// executable SwiftPM built for the host, spoken to over its standard input
/// and output with the compiler's plugin messages (swift-syntax's
/// `HostToPluginMessage`: JSON, each message after its length as a 64-bit
/// little-endian integer).
///
/// The expansion tests run the macro through it, so that they need no
/// swift-syntax of their own: a test target that imports the macro's
/// implementation makes SwiftPM build swift-syntax a second time, for the
/// target, which took a sixth of CI.
struct MacroPlugin {
    /// One macro expanded in one role: the code it wrote, and what it reported.
    struct Expansion {
        var source: String?
        var diagnostics: [Diagnostic]
    }

    /// A diagnostic, at a byte offset of the file the syntax came from.
    struct Diagnostic {
        var message: String
        var severity: String
        var offset: Int
    }

    /// A piece of syntax as the compiler sends it: its text, and where it
    /// starts in the file (a byte offset, and its line and column there).
    struct Syntax {
        var kind: String
        var source: String
        var offset: Int
        var line: Int
        var column: Int
    }

    /// An attached macro's roles that one request expands.
    enum Role: String {
        case member, peer, `extension`
    }

    /// The plugin executable, built by `swift build` next to the test bundle.
    static let executable = builtExecutable(named: "PeregrineMacrosPlugin-tool")

    /// The plugin's protocol version that these messages follow (swift-syntax 600 and later).
    static let protocolVersion = 7

    /// Expands each request in one run of the plugin, in order, on a
    /// thread of its own, so that a test waiting for the plugin never holds
    /// one of the test pool's threads.
    static func expand(_ requests: [Request]) async throws -> [Expansion] {
        let executable = try #require(executable, "the macro's plugin executable was not built")
        return try await onOwnThread { try run(executable, requests) }
    }

    /// One expansion asked of the plugin.
    struct Request {
        var macro: String
        var type: String
        var role: Role
        var attribute: Syntax
        var declaration: Syntax
        var extendedType: Syntax?
        var conformances: Syntax?
    }

    private static func run(_ executable: URL, _ requests: [Request]) throws -> [Expansion] {
        let process = Process()
        process.executableURL = executable
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        defer {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
        func exchange(_ message: JSON) throws -> JSON {
            let body = try message.serialized()
            var length = UInt64(body.count).littleEndian
            try input.fileHandleForWriting.write(contentsOf: Data(bytes: &length, count: 8) + body)
            let header = try #require(try output.fileHandleForReading.read(upToCount: 8), "the plugin stopped")
            let count = header.enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
            let reply = try #require(try output.fileHandleForReading.read(upToCount: count), "the plugin stopped")
            return try JSON(parsing: Array(reply))
        }
        let capability = try exchange(["getCapability": ["capability": ["protocolVersion": .number(JSON.Number(Int64(protocolVersion)))]]])
        #expect(capability["getCapabilityResult"]["capability"]["protocolVersion"].int == protocolVersion)
        return try requests.enumerated().map { index, request in
            let reply = try exchange(message(request, discriminator: "$expansion\(index)"))["expandMacroResult"]
            return Expansion(
                source: reply["expandedSource"].string,
                diagnostics: (reply["diagnostics"].array ?? []).map {
                    Diagnostic(message: $0["message"].string ?? "", severity: $0["severity"].string ?? "", offset: $0["position"]["offset"].int ?? -1)
                })
        }
    }

    private static func message(_ request: Request, discriminator: String) -> JSON {
        func syntax(_ syntax: Syntax?) -> JSON {
            guard let syntax else { return .null }
            let location: JSON = [
                "fileID": "Expansions/test.swift", "fileName": "test.swift", "offset": .number(JSON.Number(Int64(syntax.offset))),
                "line": .number(JSON.Number(Int64(syntax.line))), "column": .number(JSON.Number(Int64(syntax.column))),
            ]
            return ["kind": .string(syntax.kind), "source": .string(syntax.source), "location": location]
        }
        return [
            "expandAttachedMacro": [
                "macro": ["moduleName": "PeregrineMacrosPlugin", "typeName": .string(request.type), "name": .string(request.macro)],
                "macroRole": .string(request.role.rawValue),
                "discriminator": .string(discriminator),
                "attributeSyntax": syntax(request.attribute),
                "declSyntax": syntax(request.declaration),
                "parentDeclSyntax": .null,
                "extendedTypeSyntax": syntax(request.extendedType),
                "conformanceListSyntax": syntax(request.conformances),
            ]
        ]
    }
}
