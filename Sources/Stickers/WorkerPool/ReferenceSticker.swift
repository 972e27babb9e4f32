/// The built-in sticker the pool measures a machine's speed with (``StickerWorkerPool/BudgetScale``):
/// a Lottie file of typical size and shape, 120 shape layers of animated ellipses, rectangles,
/// gradients and strokes, about 24 of them visible in each frame.
enum ReferenceSticker {
  /// The ids of the two loads (a warm-up and the timed one), kept apart from the ids files get.
  static let ids: [UInt32] = [UInt32.max - 1, UInt32.max]
  /// The size frames are rendered at.
  static let pixelSize = 256

  /// The frames rendered after load `round`: one to warm up, then eight timed.
  static func frames(round: Int) -> [Int] {
    round == 0 ? [0] : stride(from: 3, to: 60, by: 7).map { $0 }
  }

  /// The file's bytes.
  static let bytes: [UInt8] = {
    var layers: [String] = []
    for index in 0..<120 {
      let start = index % 60
      let (x, y) = (64 + (index * 37) % 384, 64 + (index * 53) % 384)
      let size = 40 + index % 80
      let hue = Double(index % 12) / 12
      layers.append(
        """
        {"ty":4,"ind":\(index + 1),"ip":\(start),"op":\(start + 12),"st":0,\
        "ks":{"o":{"a":0,"k":90},"r":{"a":1,"k":[{"t":\(start),"s":[0],"o":{"x":[0.3],"y":[0]},"i":{"x":[0.7],"y":[1]}},\
        {"t":\(start + 12),"s":[180]}]},"p":{"a":1,"k":[{"t":\(start),"s":[\(x),\(y)],"o":{"x":0.3,"y":0},"i":{"x":0.7,"y":1}},\
        {"t":\(start + 12),"s":[\(y),\(x)]}]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]}},\
        "shapes":[{"ty":"gr","it":[{"ty":"el","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[\(size),\(size / 2)]}},\
        {"ty":"rc","p":{"a":0,"k":[\(size / 3),0]},"s":{"a":0,"k":[\(size / 2),\(size / 2)]},"r":{"a":0,"k":6}},\
        {"ty":"gf","o":{"a":0,"k":100},"r":1,"t":1,"s":{"a":0,"k":[0,0]},"e":{"a":0,"k":[\(size),\(size)]},\
        "g":{"p":2,"k":{"a":0,"k":[0,\(hue),0.4,0.9,1,0.1,\(1 - hue),0.6]}}},\
        {"ty":"st","c":{"a":0,"k":[0.1,0.1,0.2,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":3},"lc":2,"lj":2},\
        {"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},\
        "o":{"a":0,"k":100}}]}]}
        """)
    }
    let file =
      #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":512,"h":512,"assets":[],"layers":["#
      + layers.joined(separator: ",") + "]}"
    return Array(file.utf8)
  }()
}
