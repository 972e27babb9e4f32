import ChatDemoCore
import ChatKit
import ChatModel
import ChatStore
import Foundation

/// `--generate … --out FILE.sqlite`, `--import` and `--export`: chat stores from and to JSON.
extension DemoMain {
  /// Messages between two progress lines.
  private static let progressStep = 250_000

  /// Writes the generator's messages straight into a new chat store, with a progress line on
  /// standard error.
  static func generateHistory(_ generator: TranscriptGenerator, to output: URL) -> Int32 {
    writeStore(
      generator.messageSequence, count: generator.messages, to: output, verb: "wrote",
      failure: "cannot write the chat store")
  }

  /// Reads a JSON transcript and writes it as a new chat store.
  static func importTranscript(_ input: URL, to output: URL) -> Int32 {
    let transcript: Transcript
    do {
      transcript = try TranscriptFile.load(input)
    } catch {
      return fail("cannot import: \(error)")
    }
    return writeStore(
      transcript.messages, count: transcript.messages.count, to: output, verb: "imported", failure: "cannot import")
  }

  /// Writes `messages` (`count` of them) into a new chat store at `output`, with a progress line on
  /// standard error and a summary on standard output.
  private static func writeStore<Messages: Sequence<ChatMessage> & Sendable>(
    _ messages: Messages, count: Int, to output: URL, verb: String, failure: String
  ) -> Int32 {
    let clock = ContinuousClock()
    let start = clock.now
    do {
      let writer = try ChatStoreWriter(creating: output)
      var reported = 0
      try writer.append(concurrently: messages) { written in
        guard written - reported >= progressStep else { return }
        reported = written
        progress(written, of: count)
      }
      try writer.finish { indexed, total in
        progressSearch(indexed, of: total)
        if indexed == total { progressIndexing() }
      }
      progressDone()
      print(
        "\(verb) \(writer.messageCount) messages (\(writer.stickerCount) stickers) to \(output.path) "
          + "in \(seconds(clock.now - start)) s")
      return 0
    } catch {
      progressDone()
      return fail("\(failure): \(error)")
    }
  }

  /// Writes a chat store's messages as a JSON transcript, replacing `output` only once every
  /// message was read.
  static func exportHistory(_ input: URL, to output: URL) -> Int32 {
    do {
      let store = try ChatStore(contentsOf: input, access: .readOnly)
      let messages = try store.messages()
      var count = 0
      let counted = messages.lazy.map { message in
        count += 1
        return message
      }
      let target = try TranscriptFile.SaveTarget(output)
      try target.checkReplaceable()
      let temporary = try target.writeTemporary(counted)
      if let error = messages.error {
        unlink(temporary)
        return fail("cannot export: \(error)")
      }
      try target.replace(with: temporary)
      print("exported \(count) messages to \(output.path)")
      return 0
    } catch {
      return fail("cannot export: \(error)")
    }
  }

  private static func progress(_ done: Int, of total: Int) {
    let percent = total > 0 ? done * 100 / total : 100
    FileHandle.standardError.write(Data("\rwriting the chat store: \(done) / \(total) messages (\(percent)%)".utf8))
  }

  private static func progressSearch(_ done: Int, of total: Int) {
    let percent = total > 0 ? done * 100 / total : 100
    FileHandle.standardError.write(
      Data("\r\u{1B}[Kwriting the chat store: search index, \(done) / \(total) messages (\(percent)%)".utf8))
  }

  private static func progressIndexing() {
    FileHandle.standardError.write(Data("\r\u{1B}[Kwriting the chat store: building the indexes".utf8))
  }

  private static func progressDone() { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }

  private static func seconds(_ duration: Duration) -> String {
    let (whole, attoseconds) = duration.components
    return String(format: "%.1f", Double(whole) + Double(attoseconds) / 1e18)
  }
}
