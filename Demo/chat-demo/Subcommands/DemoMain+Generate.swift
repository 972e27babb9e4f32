import ChatDemoCore
import ChatKit
import ChatModel
import Foundation

extension DemoMain {
  /// Writes the generator's messages as they are made (memory bounded by one piece of output).
  static func generate(_ generator: TranscriptGenerator, to output: URL?) -> Int32 {
    var stickers = 0
    let messages = generator.messageSequence.lazy.map { message in
      stickers += message.parts.count { if case .sticker = $0 { true } else { false } }
      return message
    }
    guard let output else {
      TranscriptCodec.encode(messages) { (chunk: [UInt8]) in FileHandle.standardOutput.write(Data(chunk)) }
      return 0
    }
    TranscriptFile.removeLeftoverTemporaryFiles(for: output)
    do {
      try TranscriptFile.save(messages: messages, to: output)
    } catch {
      return fail("cannot save the generated transcript: \(error)")
    }
    print("wrote \(generator.messages) messages (\(stickers) stickers) to \(output.path)")
    return 0
  }
}
