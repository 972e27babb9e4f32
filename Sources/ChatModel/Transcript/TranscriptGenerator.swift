import ReuseKitSupport

/// Makes large, realistic transcripts, the same for the same seed: the one generator behind
/// `chat-demo --generate`, scenarios' `{"generate": …}` and the benchmarks.
public struct TranscriptGenerator: Equatable, Sendable {
  /// Messages that hold several stickers each, spread through their text (for benchmarks that type
  /// between stickers or scroll through many of them).
  public struct StickerRun: Equatable, Sendable {
    /// The messages, by index.
    public var messages: Range<Int>
    /// Stickers in each of them.
    public var stickersPerMessage: Int

    /// Creates a run.
    public init(messages: Range<Int>, stickersPerMessage: Int) {
      self.messages = messages
      self.stickersPerMessage = stickersPerMessage
    }
  }

  /// The number of messages.
  public var messages: Int
  /// The seed: the same seed and settings give the same transcript.
  public var seed: UInt64
  /// Every `stickerEvery`-th message holds a sticker (0: none).
  public var stickerEvery: Int
  /// The sticker names to draw from.
  public var stickers: [String]
  /// About how many characters each message has.
  public var averageLength: Int
  /// Every `stickerOnlyEvery`-th sticker message is a sticker alone (0: never).
  public var stickerOnlyEvery: Int
  /// Messages holding several stickers, instead of the `stickerEvery` rule (none by default).
  public var stickerRuns: [StickerRun]
  /// The number of days the messages are spread over, evenly, the last one being ``lastDay``
  /// (0, the default: messages carry no date and get no day separators).
  public var days = 0
  /// The day of the last messages when ``days`` is more than 0.
  public var lastDay = ChatDay(year: 2026, month: 11, day: 30)!

  /// Creates a generator; the defaults are `chat-demo --generate`'s.
  public init(
    messages: Int, seed: UInt64 = 1, stickerEvery: Int = 3,
    stickers: [String] = ["party", "wave", "heart", "fire", "star", "smile", "bounce", "spinner"],
    averageLength: Int = 80,
    stickerOnlyEvery: Int = 0,
    stickerRuns: [StickerRun] = []
  ) {
    self.stickerOnlyEvery = stickerOnlyEvery
    self.stickerRuns = stickerRuns
    self.messages = messages
    self.seed = seed
    self.stickerEvery = stickerEvery
    self.stickers = stickers
    self.averageLength = averageLength
  }

  private static let senders = ["ana", "ben", "me", "chloé", "me", "dev"]
  private static let phrases = [
    "Happy birthday!", "See you at the station tomorrow.", "Coffee later?", "Sounds great to me.",
    "What about lunch on Friday?", "Did you finish the review?", "The build is green again.", "Ship it!",
    "Any weekend plans?", "We could go hiking if it doesn't rain.", "My train is running five minutes late.",
    "Thanks so much, that was fun.", "Call me when you're free.", "The new sticker pack looks amazing.",
    "On my way.", "Can you send me the slides?", "I'll bring snacks.", "That movie was better than I expected.",
    "Running a bit behind, sorry!", "Let's pick a date next week.", "Good luck with the talk today!",
    "The cat knocked my plant over again.", "Pizza or tacos tonight?", "I found the bug, it was a typo.",
    "Meeting moved to 3pm.", "Happy Friday everyone!", "Just landed, heading home.", "Congrats on the new job!",
    "Who's in for board games on Saturday?", "It's snowing here.", "Don't forget your umbrella.",
    "I'll call you after the meeting.", "That's hilarious.", "Miss you all!", "Yes, absolutely.",
    "Maybe next time.", "Good morning!", "Good night, talk tomorrow.", "Where did you park?",
    "The concert tickets are booked.", "Can't wait for the holidays.", "Sending the photos now.",
  ]

  /// The phrases' lengths in characters.
  private static let phraseLengths = phrases.map(\.count)

  /// The transcript.
  /// - Complexity: O(messages × averageLength).
  public func generate() -> Transcript {
    var result: [ChatMessage] = []
    result.reserveCapacity(messages)
    result.append(contentsOf: messageSequence)
    return Transcript(messages: result)
  }

  /// The transcript's messages, made one at a time (the same as ``generate()``'s): writing them
  /// as they come keeps memory bounded by one message.
  public var messageSequence: Messages { Messages(generator: self) }

  /// The messages of a ``TranscriptGenerator``, made one at a time.
  public struct Messages: Sequence, IteratorProtocol, Sendable {
    private let generator: TranscriptGenerator
    private var random: SplitMix64
    private var minutes = 9 * 60
    private var index = 0

    init(generator: TranscriptGenerator) {
      self.generator = generator
      random = SplitMix64(seed: generator.seed)
    }

    /// The next message, or `nil` after the last.
    public mutating func next() -> ChatMessage? {
      guard index < generator.messages else { return nil }
      defer { index += 1 }
      var message = generator.message(at: index, minutes: &minutes, random: &random)
      message.date = generator.date(ofMessageAt: index)
      return message
    }
  }

  /// The day of message `index` when the messages are spread over ``days`` days, else `nil`.
  private func date(ofMessageAt index: Int) -> String? {
    guard days > 0 else { return nil }
    let day = index * days / max(1, messages)
    return lastDay.adding(days: day - (days - 1)).description
  }

  /// Message `index`, drawing from `random` in the same order as ever.
  private func message(at index: Int, minutes: inout Int, random: inout SplitMix64) -> ChatMessage {
    let from = Self.senders[Int(random.next() % UInt64(Self.senders.count))]
    minutes += Int(random.next() % 4)
    let time = "\(String(format2: (minutes / 60) % 24)):\(String(format2: minutes % 60))"
    var sentences: [String] = []
    let target = averageLength - 10 + Int(random.next() % 21)
    var joinedLength = 0  // sentences.joined(separator: " ").count, kept as they are added
    while joinedLength < target {
      let phrase = Int(random.next() % UInt64(Self.phrases.count))
      joinedLength += (sentences.isEmpty ? 0 : 1) + Self.phraseLengths[phrase]
      sentences.append(Self.phrases[phrase])
    }
    if let run = stickerRuns.first(where: { $0.messages.contains(index) }), !stickers.isEmpty {
      return ChatMessage(
        from: from, time: time, parts: spread(sentences, stickers: run.stickersPerMessage, random: &random))
    }
    var parts: [ChatMessage.Part] = []
    let stickerIndex = stickerEvery > 0 && index % stickerEvery == 0 ? index / stickerEvery : nil
    if let stickerIndex, !stickers.isEmpty {
      let sticker = stickers[Int(random.next() % UInt64(stickers.count))]
      if stickerOnlyEvery > 0, stickerIndex % stickerOnlyEvery == stickerOnlyEvery - 1 {
        parts = [.sticker(sticker)]
      } else {
        let split = max(1, sentences.count / 2)
        let head = sentences[..<split].joinedWithSpaces()
        let tail = sentences[split...].joinedWithSpaces()
        parts =
          tail.isEmpty
          ? [.text(head + " "), .sticker(sticker)] : [.text(head + " "), .sticker(sticker), .text(" " + tail)]
      }
    } else {
      parts = [.text(sentences[...].joinedWithSpaces())]
    }
    return ChatMessage(from: from, time: time, parts: parts)
  }

  /// `sentences` cut into `count + 1` runs of text with a random sticker between each two.
  private func spread(_ sentences: [String], stickers count: Int, random: inout SplitMix64) -> [ChatMessage.Part] {
    var parts: [ChatMessage.Part] = []
    for index in 0...count {
      let chunk = sentences[(index * sentences.count / (count + 1))..<((index + 1) * sentences.count / (count + 1))]
        .joined(separator: " ")
      if index < count {
        parts.append(.text(chunk.isEmpty ? " " : chunk + " "))
        parts.append(.sticker(stickers[Int(random.next() % UInt64(stickers.count))]))
      } else if !chunk.isEmpty {
        parts.append(.text(" " + chunk))
      }
    }
    return parts
  }
}

extension ArraySlice<String> {
  /// The strings joined with one space between each two (`joined(separator: " ")`, in one
  /// allocation: the generator's hot path at ten million messages).
  fileprivate func joinedWithSpaces() -> String {
    var result = ""
    result.reserveCapacity(reduce(count) { $0 + $1.utf8.count })
    for (index, string) in zip(indices, self) {
      if index != startIndex { result += " " }
      result += string
    }
    return result
  }
}

extension String {
  fileprivate init(format2 value: Int) { self = value < 10 ? "0\(value)" : "\(value)" }
}
