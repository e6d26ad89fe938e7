extension Binary {
    /// The types the binary coders know by name: ``Binary/Encoder`` writes
    /// their values as records (`0x11`) of that name, ``Binary/Decoder``
    /// checks the name when decoding them, and
    /// ``Binary/Decoder/decodeGraph(from:)`` builds them from records.
    ///
    /// ```swift
    /// var registry = Binary.TypeRegistry()
    /// registry.register(Point.self, as: "Point")
    /// var encoder = Binary.Encoder()
    /// encoder.registry = registry
    /// ```
    public struct TypeRegistry: Sendable {
        private var names: [ObjectIdentifier: String] = [:]
        private var builders: [String: @Sendable (any Swift.Decoder) throws -> Any] = [:]

        /// An empty registry.
        ///
        /// ```swift
        /// let registry = Binary.TypeRegistry()
        /// ```
        public init() {}

        /// Registers `type` under `name`; a later registration of the type
        /// or of the name replaces this one.
        ///
        /// ```swift
        /// registry.register(Point.self, as: "Point")
        /// ```
        public mutating func register<T: Codable & SendableMetatype>(_ type: T.Type, as name: String) {
            if let old = names[ObjectIdentifier(type)] { builders[old] = nil }
            names = names.filter { $0.value != name }
            names[ObjectIdentifier(type)] = name
            builders[name] = { try T(from: $0) }
        }

        /// Registers `type` under its unqualified Swift name (`Point`).
        ///
        /// ```swift
        /// registry.register(Point.self)   // as "Point"
        /// ```
        public mutating func register<T: Codable & SendableMetatype>(_ type: T.Type) {
            register(type, as: String(describing: type))
        }

        /// The name `type` is registered under.
        ///
        /// ```swift
        /// registry.name(of: Point.self)   // "Point"
        /// ```
        public func name(of type: Any.Type) -> String? { names[ObjectIdentifier(type)] }

        /// Whether no type is registered.
        var isEmpty: Bool { names.isEmpty }

        /// Whether a type is registered under `name`.
        ///
        /// ```swift
        /// registry.contains("Point")   // true
        /// ```
        public func contains(_ name: String) -> Bool { builders[name] != nil }

        /// Builds the type registered under `name` with its `init(from:)`.
        func build(_ name: String, from decoder: any Swift.Decoder) throws -> Any? {
            guard let build = builders[name] else { return nil }
            return try build(decoder)
        }
    }
}
