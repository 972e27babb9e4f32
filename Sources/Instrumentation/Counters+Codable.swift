extension Counters: Codable {
  private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  /// Encodes every counter under its public name, in declaration order.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    for counter in Counter.allCases {
      try container.encode(self[counter], forKey: Key(stringValue: counter.rawValue))
    }
  }

  /// Decodes counters by their public names; missing names read as zero.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    self.init()
    for counter in Counter.allCases {
      self[counter] = try container.decodeIfPresent(Int.self, forKey: Key(stringValue: counter.rawValue)) ?? 0
    }
  }
}
