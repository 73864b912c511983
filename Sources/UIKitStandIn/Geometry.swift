#if !canImport(UIKit)
  import Foundation
  #if canImport(CoreGraphics)
    @_exported import CoreGraphics
  #endif

  /// Insets for each edge of a rectangle, in points.
  ///
  /// UIKit's `UIEdgeInsets` (a C struct in `UIGeometry.h`): positive values
  /// shrink a rectangle.
  public struct UIEdgeInsets: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var top: CGFloat
    public var left: CGFloat
    public var bottom: CGFloat
    public var right: CGFloat

    /// Insets of zero on every edge.
    public init() { self.init(top: 0, left: 0, bottom: 0, right: 0) }

    /// Insets of the given amounts.
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
      self.top = top
      self.left = left
      self.bottom = bottom
      self.right = right
    }

    /// `UIEdgeInsets.zero` (`UIEdgeInsetsZero`).
    public static let zero = UIEdgeInsets()

    public var description: String { "{\(top), \(left), \(bottom), \(right)}" }
  }

  extension CGRect {
    /// The rectangle inset by `insets` (UIKit's `CGRect.inset(by:)`,
    /// `UIEdgeInsetsInsetRect`).
    public func inset(by insets: UIEdgeInsets) -> CGRect {
      CGRect(
        x: origin.x + insets.left, y: origin.y + insets.top, width: size.width - insets.left - insets.right,
        height: size.height - insets.top - insets.bottom)
    }
  }

  #if !canImport(CoreGraphics)
    /// A 2-D affine transform (CoreGraphics' `CGAffineTransform`, which
    /// swift-corelibs-foundation does not provide): a point (x, y) maps to
    /// (a·x + c·y + tx, b·x + d·y + ty).
    public struct CGAffineTransform: Equatable, Hashable, Sendable, CustomStringConvertible {
      public var a: CGFloat
      public var b: CGFloat
      public var c: CGFloat
      public var d: CGFloat
      public var tx: CGFloat
      public var ty: CGFloat

      /// The identity transform.
      public init() { self.init(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0) }

      /// The transform with the given matrix entries.
      public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
      }

      /// A scale (`CGAffineTransformMakeScale`).
      public init(scaleX sx: CGFloat, y sy: CGFloat) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }

      /// A translation (`CGAffineTransformMakeTranslation`).
      public init(translationX tx: CGFloat, y ty: CGFloat) { self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty) }

      /// A rotation by `angle` radians (`CGAffineTransformMakeRotation`).
      public init(rotationAngle angle: CGFloat) {
        let cosine = CGFloat(Foundation.cos(Double(angle)))
        let sine = CGFloat(Foundation.sin(Double(angle)))
        self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
      }

      /// The identity transform.
      public static let identity = CGAffineTransform()

      /// Whether this is the identity transform.
      public var isIdentity: Bool { self == .identity }

      /// This transform followed by `t2` (`CGAffineTransformConcat(self, t2)`).
      public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(
          a: a * t2.a + b * t2.c, b: a * t2.b + b * t2.d,
          c: c * t2.a + d * t2.c, d: c * t2.b + d * t2.d,
          tx: tx * t2.a + ty * t2.c + t2.tx, ty: tx * t2.b + ty * t2.d + t2.ty)
      }

      /// A scale applied before this transform.
      public func scaledBy(x sx: CGFloat, y sy: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: sx, y: sy).concatenating(self)
      }

      /// A translation applied before this transform.
      public func translatedBy(x tx: CGFloat, y ty: CGFloat) -> CGAffineTransform {
        CGAffineTransform(translationX: tx, y: ty).concatenating(self)
      }

      /// A rotation applied before this transform.
      public func rotated(by angle: CGFloat) -> CGAffineTransform {
        CGAffineTransform(rotationAngle: angle).concatenating(self)
      }

      /// The inverse, or the transform unchanged when it is not invertible
      /// (as CoreGraphics does).
      public func inverted() -> CGAffineTransform {
        let det = a * d - b * c
        guard det != 0 else { return self }
        return CGAffineTransform(
          a: d / det, b: -b / det, c: -c / det, d: a / det,
          tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
      }

      public var description: String { "CGAffineTransform(a: \(a), b: \(b), c: \(c), d: \(d), tx: \(tx), ty: \(ty))" }
    }

    extension CGPoint {
      /// The point mapped by `t` (`CGPointApplyAffineTransform`).
      public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
      }
    }

    extension CGSize {
      /// The size mapped by `t`, without translation (`CGSizeApplyAffineTransform`).
      public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
      }
    }
  #endif

  /// The direction of a user interface's layout (UIKit's
  /// `UIUserInterfaceLayoutDirection`).
  public enum UIUserInterfaceLayoutDirection: Int, Sendable {
    case leftToRight = 0
    case rightToLeft = 1
  }

  /// How a view's contents are laid out in a right-to-left language
  /// (UIKit's `UISemanticContentAttribute`).
  public enum UISemanticContentAttribute: Int, Sendable {
    case unspecified = 0
    case playback = 1
    case spatial = 2
    case forceLeftToRight = 3
    case forceRightToLeft = 4
  }
#endif
