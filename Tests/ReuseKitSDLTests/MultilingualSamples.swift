import Foundation

/// Sample text in every script issue 10 names, for goldens and the no-missing-glyph corpus.
///
/// The seed session in `../shared/seeds/` is English only (with typographic quotes and bullets),
/// so the corpus reads its lines and adds these translations of its opening sentences.
enum MultilingualSamples {
  static let japanese = ["こんにちは、世界！", "TextKitは次世代のテキストエンジンです。"]
  static let korean = ["안녕하세요, 세계!", "TextKit은 차세대 텍스트 엔진입니다."]
  static let chinese = ["你好，世界！", "TextKit 是苹果的新一代文本引擎。"]
  static let hebrew = ["שלום עולם!", "TextKit הוא מנוע הטקסט של אפל."]
  static let arabic = ["مرحبا بالعالم!", "TextKit هو محرك النصوص من أبل."]
  static let hindi = ["नमस्ते दुनिया! क्षमा करें।", "TextKit एक टेक्स्ट इंजन है।"]
  static let thai = ["สวัสดีชาวโลก!", "ภาษาไทยมีสระและวรรณยุกต์ที่นี่"]
  /// A ZWJ family, flags and skin tones: each one grapheme cluster.
  static let emoji = ["Family 👨‍👩‍👧‍👦 flags 🇯🇵🇫🇷🇧🇷", "Tones 👍🏻👍🏽👍🏿 and 😀🎉❤️"]

  /// More translations of the seed's first sentences, beyond the goldens' scripts.
  static let others = [
    "Bienvenue dans « Améliorez l’expérience texte de votre app avec TextKit ».",
    "Добро пожаловать! TextKit — текстовый движок нового поколения.",
    "Καλώς ήρθατε! Το TextKit είναι η νέα μηχανή κειμένου.",
    "Willkommen! TextKit ist Apples Text-Engine der nächsten Generation.",
    "Chào mừng! TextKit là công cụ văn bản thế hệ mới.",
    "Hoş geldiniz! TextKit, yeni nesil metin motorudur.",
    "স্বাগতম! TextKit হল পরবর্তী প্রজন্মের টেক্সট ইঞ্জিন।",
    "வணக்கம்! TextKit அடுத்த தலைமுறை உரை இயந்திரம்.",
    "ยินดีต้อนรับสู่ TextKit 🎉",
    "Բարի գալուստ! გამარჯობა! Γειά σου!",
  ]

  /// Every sample line.
  static var all: [String] {
    japanese + korean + chinese + hebrew + arabic + hindi + thai + emoji + others
  }

  /// The seed session's lines, read from `../shared/seeds/` next to the checkout (never copied).
  static func seedLines(filePath: String = #filePath) throws -> [String] {
    let checkout = URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let seeds = checkout.deletingLastPathComponent().appendingPathComponent("shared/seeds")
    let files = try FileManager.default.contentsOfDirectory(at: seeds, includingPropertiesForKeys: nil)
      .filter { $0.pathExtension == "txt" }.sorted { $0.path < $1.path }
    return try files.flatMap { file in
      try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
    }
  }
}
