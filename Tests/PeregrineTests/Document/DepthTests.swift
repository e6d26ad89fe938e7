import Foundation
import Peregrine
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Nesting at and beyond the depth limit: parsing, writing, comparing,
/// hashing, printing and dropping stay within a 512 KiB stack.
@Suite struct DepthTests {
    static let limit = JSON.ParseOptions.defaultMaxDepth

    static func nestedArrays(_ depth: Int) -> String {
        String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    }

    static func nestedObjects(_ depth: Int) -> String {
        String(repeating: #"{"k":"#, count: depth - 1) + "{}" + String(repeating: "}", count: depth - 1)
    }

    static func nestedValue(_ depth: Int) -> JSON {
        var value: JSON = [1, "leaf"]
        for level in 1..<depth { value = level.isMultiple(of: 2) ? [value, nil] : ["k": value, "n": 2] }
        return value
    }

    @Test func parsesAtTheLimitAndRejectsBeyond() throws {
        for text in [Self.nestedArrays(Self.limit), Self.nestedObjects(Self.limit)] {
            #expect(throws: Never.self) { try JSON(parsing: text) }
            #expect(throws: Never.self) { try JSON.Document(parsing: text) }
        }
        for text in [Self.nestedArrays(Self.limit + 1), Self.nestedObjects(Self.limit + 1)] {
            let error = #expect(throws: JSON.ParseError.self) { try JSON(parsing: text) }
            #expect(error?.kind == .tooDeep)
        }
        let error = #expect(throws: JSON.ParseError.self) { try JSON(parsing: Self.nestedArrays(Self.limit + 1)) }
        #expect(error?.offset == Self.limit)
    }

    @Test func depthLimitIsConfigurable() throws {
        let options = JSON.ParseOptions(maxDepth: 3)
        #expect(throws: Never.self) { try JSON(parsing: "[[[1]]]", options: options) }
        let error = #expect(throws: JSON.ParseError.self) { try JSON(parsing: "[[[[1]]]]", options: options) }
        #expect(error?.kind == .tooDeep)
        #expect(error?.column == 4)
        // A document is flat: any depth the options allow is safe to hold and drop.
        let deep = try JSON.Document(parsing: Self.nestedArrays(100_000), options: .init(maxDepth: 100_000))
        #expect(deep.root.count == 1)
    }

    @Test func writesAtTheLimitAndThrowsBeyond() throws {
        #expect(throws: Never.self) { try Self.nestedValue(Self.limit).serialized() }
        #expect(throws: Never.self) { try Self.nestedValue(Self.limit).serialized(options: [.prettyPrinted, .sortedKeys]) }
        let error = #expect(throws: JSON.SerializationError.self) { try Self.nestedValue(Self.limit + 1).serialized() }
        #expect(error?.kind == .tooDeep)
        let custom = #expect(throws: JSON.SerializationError.self) {
            try JSON(parsing: "[[1]]").serialized(options: [.maxDepth(1)])
        }
        #expect(custom?.kind == .tooDeep)
        let empty = #expect(throws: JSON.SerializationError.self) {
            try JSON(parsing: Self.nestedArrays(Self.limit)).serialized(options: [.maxDepth(Self.limit - 1)])
        }
        #expect(empty?.kind == .tooDeep)
    }

    /// Everything a value nested to the limit goes through, on a thread with
    /// a 512 KiB stack (a secondary thread's default on Apple platforms).
    static func exerciseDeepValues() throws {
        for text in [nestedArrays(limit), nestedObjects(limit)] {
            let parsed = try JSON(parsing: text)
            let document = try JSON.Document(parsing: text)
            let copy = try JSON(parsing: parsed.serialized(options: [.prettyPrinted]))
            guard parsed == copy, parsed.hashValue == copy.hashValue, document.root.value == parsed,
                parsed.description.utf8.count == text.utf8.count
            else {
                throw DeepValueFailure()
            }
        }
        let built = nestedValue(limit)
        guard try JSON(parsing: built.serialized()) == built else { throw DeepValueFailure() }
        let tooDeep = nestedValue(limit + 1)
        guard (try? tooDeep.serialized()) == nil, !tooDeep.description.isEmpty else { throw DeepValueFailure() }
        // Every value above is dropped when this function returns.
    }

    struct DeepValueFailure: Error {}

    @Test func deepValuesOnTheMainThread() throws {
        try Self.exerciseDeepValues()
    }

    @Test func deepValuesOnA512KiBThread() throws {
        let succeeded = runOnThread(stackSize: 512 * 1024) { (try? Self.exerciseDeepValues()) != nil }
        #expect(succeeded)
    }
}

/// Whether the tests run under AddressSanitizer, whose redzones make every
/// stack frame several times larger.
let runsUnderAddressSanitizer: Bool = {
    #if canImport(Darwin)
    let everyImage = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
    #else
    let everyImage = UnsafeMutableRawPointer(bitPattern: 0)  // RTLD_DEFAULT
    #endif
    return dlsym(everyImage, "__asan_init") != nil
}()

/// Runs `body` on a new thread with the given stack size (four times that
/// under AddressSanitizer) and returns its result.
func runOnThread(stackSize: Int, _ body: @escaping @Sendable () -> Bool) -> Bool {
    let stackSize = runsUnderAddressSanitizer ? 4 * stackSize : stackSize
    final class Box: @unchecked Sendable {
        let body: @Sendable () -> Bool
        var result = false
        init(_ body: @escaping @Sendable () -> Bool) { self.body = body }
    }
    let box = Box(body)
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setstacksize(&attributes, stackSize)
    #if canImport(Glibc)
    var thread = pthread_t()
    #else
    var thread: pthread_t?
    #endif
    let started = pthread_create(&thread, &attributes, { context in
        #if canImport(Glibc)
        let box = Unmanaged<Box>.fromOpaque(context!).takeUnretainedValue()
        #else
        let box = Unmanaged<Box>.fromOpaque(context).takeUnretainedValue()
        #endif
        box.result = box.body()
        return nil
    }, Unmanaged.passUnretained(box).toOpaque())
    guard started == 0 else { return false }
    #if canImport(Glibc)
    pthread_join(thread, nil)
    #else
    if let thread { pthread_join(thread, nil) }
    #endif
    return box.result
}
