// The query languages extend the core's types (`JSON`, `JSON.Document`).
@_exported import PeregrineCore
