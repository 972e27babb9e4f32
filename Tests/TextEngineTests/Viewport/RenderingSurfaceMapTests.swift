import Foundation
import ReuseKitSupport
import ReuseKitTestSupport
import Testing

@testable import TextEngine

/// The pass's rendering-surface map under random assignments, removals and passes, against a model:
/// an ordered list of keys with their surfaces (a key keeps the place of its first assignment, a
/// removed key assigned again goes last).
@Suite struct RenderingSurfaceMapTests {
  private final class ObjectKey: TextViewportRenderingSurfaceKey {}

  @Test(arguments: [1, 2, 3] as [UInt64])
  func randomAssignmentsMatchTheModel(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    let view = Fixtures.view(Fixtures.chat(paragraphs: 30))
    let controller = view.textViewportLayoutController
    let names = (0..<6).map { "surface \($0)" }
    let objects = (0..<6).map { _ in ObjectKey() }
    let surfaces = (0..<8).map { _ in PlaceholderRenderingSurface() }
    /// The key a model entry stands for: a name's index (0..<6) or an object's (6..<12).
    func key(_ index: Int) -> any TextViewportRenderingSurfaceKey {
      index < names.count ? names[index] : objects[index - names.count]
    }
    // What the pass assigned (the fragments' and attachment views' surfaces) stays in front.
    var passSurfaces: [ObjectIdentifier] = []
    controller.enumerateRenderingSurfaces { _, surface in
      passSurfaces.append(ObjectIdentifier(surface))
      return true
    }
    var model: [(key: Int, surface: Int)] = []
    for step in 0..<2_000 {
      let index = random.next(below: 12)
      switch random.next(below: 10) {
      case 0..<6:
        let surface = random.next(below: surfaces.count)
        controller.setRenderingSurface(surfaces[surface], for: key(index))
        if let at = model.firstIndex(where: { $0.key == index }) {
          model[at].surface = surface
        } else {
          model.append((index, surface))
        }
      case 6..<9:
        controller.setRenderingSurface(nil, for: key(index))
        model.removeAll { $0.key == index }
      default:
        if step % 50 == 0 {
          view.setNeedsLayout()  // a pass: the map starts again from the pass's own surfaces
          model.removeAll()
          passSurfaces.removeAll()
          controller.enumerateRenderingSurfaces { _, surface in
            passSurfaces.append(ObjectIdentifier(surface))
            return true
          }
        }
      }
      try #require(controller.checkRenderingSurfaceInvariants() == [], "step \(step)")
      for candidate in 0..<12 {
        let expected = model.first { $0.key == candidate }.map { surfaces[$0.surface] }
        #expect(controller.renderingSurface(for: key(candidate)) === expected, "step \(step), key \(candidate)")
      }
      var order: [ObjectIdentifier] = []
      controller.enumerateRenderingSurfaces { _, surface in
        order.append(ObjectIdentifier(surface))
        return true
      }
      #expect(order == passSurfaces + model.map { ObjectIdentifier(surfaces[$0.surface]) }, "step \(step)")
      #expect(controller.renderingSurfaceCount == passSurfaces.count + model.count)
    }
  }
}
