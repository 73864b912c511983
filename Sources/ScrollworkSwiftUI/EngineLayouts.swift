#if canImport(UIKit)
  import LayoutCore
  import SwiftUI

  /// Places SwiftUI subviews with an engine layout: each subview's size
  /// (its ideal size, no wider than the proposal) is an item's size; the
  /// engine prepares for the proposed width (with no width proposed, the
  /// layout's ideal width: see `IdealWidth`) and places each subview at
  /// its frame. For small counts: a `Layout` is not lazy (use
  /// `ScrollworkCollection` for large data).
  struct EngineLayoutCore {
    static func frames<L: CollectionLayout>(
      _ layout: L, sizes: [Size], width: Double
    ) -> (frames: [Rect], size: Size) where L.Prepared.State == ScrollState {
      let viewport = Viewport(size: Size(width: Swift.max(width, 1), height: 1))
      guard let prepared = try? layout.prepare(items: LayoutItems(sizes), viewport: viewport) else {
        return (sizes.map { Rect(origin: .zero, size: $0) }, .zero)
      }
      let state = ScrollState()
      let frames = sizes.indices.map { prepared.attributes(for: .cell($0), at: state)?.frame ?? .zero }
      return (frames, prepared.contentSize(at: state))
    }

    static func sizes(_ subviews: LayoutSubviews, width: Double?) -> [Size] {
      subviews.map { view in
        let ideal = view.sizeThatFits(.unspecified)
        let w = width.map { Swift.min(Double(ideal.width), $0) } ?? Double(ideal.width)
        let fitted = view.sizeThatFits(ProposedViewSize(width: CGFloat(w), height: nil))
        return Size(width: Double(fitted.width), height: Double(fitted.height))
      }
    }

    /// How wide the layout is when no width is proposed (SwiftUI asks for
    /// the ideal size): the tag cloud on one line, the others as wide as
    /// their widest subview.
    enum IdealWidth {
      case oneLine(spacing: Double)
      case widestSubview
    }

    static func size<L: CollectionLayout>(
      _ layout: L, proposal: ProposedViewSize, subviews: LayoutSubviews, ideal: IdealWidth
    ) -> CGSize
    where L.Prepared.State == ScrollState {
      let width: Double
      if let proposed = proposal.width, proposed.isFinite {
        width = Double(proposed)
      } else {
        let natural = sizes(subviews, width: nil)
        switch ideal {
        case .oneLine(let spacing):
          width = natural.reduce(0) { $0 + $1.width } + spacing * Double(Swift.max(0, natural.count - 1))
        case .widestSubview:
          width = natural.map(\.width).max() ?? 0
        }
      }
      let result = frames(layout, sizes: sizes(subviews, width: width), width: width)
      return CGSize(width: CGFloat(width), height: CGFloat(result.size.height))
    }

    static func place<L: CollectionLayout>(_ layout: L, in bounds: CGRect, subviews: LayoutSubviews)
    where L.Prepared.State == ScrollState {
      let width = Double(bounds.width)
      let result = frames(layout, sizes: sizes(subviews, width: width), width: width)
      for (view, frame) in zip(subviews, result.frames) {
        view.place(
          at: CGPoint(x: bounds.minX + CGFloat(frame.minX), y: bounds.minY + CGFloat(frame.minY)), anchor: .topLeading,
          proposal: ProposedViewSize(width: CGFloat(frame.width), height: CGFloat(frame.height)))
      }
    }
  }

  /// Places SwiftUI subviews with any engine layout whose state is a
  /// scroll offset (see `EngineLayoutCore`): the one SwiftUI `Layout` of
  /// the package; `TagCloudStack`, `MosaicStack` and `WaterfallStack` are
  /// its configurations.
  public struct EngineStack<Configuration: CollectionLayout>: Layout
  where Configuration.Prepared.State == ScrollState {
    /// The engine layout's configuration.
    public var layout: Configuration
    /// How wide it is when no width is proposed.
    let ideal: EngineLayoutCore.IdealWidth

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
      EngineLayoutCore.size(layout, proposal: proposal, subviews: subviews, ideal: ideal)
    }
    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
      EngineLayoutCore.place(layout, in: bounds, subviews: subviews)
    }
  }

  /// A tag cloud: subviews flow into lines at their own sizes.
  public typealias TagCloudStack = EngineStack<TagCloudLayout>
  /// The mosaic: full-width, half and third segments, in order.
  public typealias MosaicStack = EngineStack<MosaicLayout>
  /// A waterfall: columns of subviews at their own aspect ratios.
  public typealias WaterfallStack = EngineStack<WaterfallLayout>

  extension EngineStack where Configuration == TagCloudLayout {
    /// A tag cloud; with no width proposed, all its tags on one line.
    public init(_ layout: TagCloudLayout = TagCloudLayout()) {
      self.init(layout: layout, ideal: .oneLine(spacing: layout.itemSpacing))
    }
  }

  extension EngineStack where Configuration == MosaicLayout {
    /// The mosaic; with no width proposed, as wide as its widest subview.
    public init(_ layout: MosaicLayout = .appleMosaic) { self.init(layout: layout, ideal: .widestSubview) }
  }

  extension EngineStack where Configuration == WaterfallLayout {
    /// A waterfall; with no width proposed, as wide as its widest subview.
    public init(_ layout: WaterfallLayout = WaterfallLayout()) { self.init(layout: layout, ideal: .widestSubview) }
  }
#endif
