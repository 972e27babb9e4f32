import Foundation
import TextEngine

let size = Int(CommandLine.arguments.dropFirst().first ?? "1000") ?? 1000
let env = try BenchEnvironment()
let gen = env.generator(count: size)
var messages: [(AttributedText, [String: String])] = []
let tGen = Stopwatch.time { messages = gen.messages() }
print("generate \(tGen)")
var storage: TextContentStorage!
let tStore = Stopwatch.time { storage = TextContentStorage(paragraphs: messages) }
print("storage \(tStore) rss \(PeakMemory.residentBytes()! >> 20)")
var view: TextView!
let tView = Stopwatch.time {
  view = TextView(storage: storage, viewportSize: BenchFixture.viewportSize, glyphMeasurer: env.measurer)
}
print("view \(tView) rss \(PeakMemory.residentBytes()! >> 20)")
let tDel = Stopwatch.time { view.textLayoutManager.delegate = env.layoutDelegate }
print("delegate \(tDel)")
let tBottom = Stopwatch.time { view.wantsBottomAnchoring = true; view.scrollToBottom() }
print("bottom \(tBottom) frags \(view.textViewportLayoutController.configuredFragments.count)")
if CommandLine.arguments.count > 2 { exit(0) }
let p = gen.typingParagraph
try view.scroll(toParagraphAt: p, position: .center)
let start = try storage.startOffset(ofParagraphAt: p)
try view.setSelectedRange((start + 5)..<(start + 5))
var ts: [Double] = []
for i in 0..<400 { ts.append(Stopwatch.time { if i % 2 == 0 { view.insertText("k") } else { view.deleteBackward() } }) }
print("keystroke median \(SampleSet(samples: ts).median * 1e6) us p99 \(SampleSet(samples: ts).p99 * 1e6)")
print("peak \(PeakMemory.peakResidentBytes()! >> 20) MiB")
