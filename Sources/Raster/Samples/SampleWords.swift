/// A few hundred common English words (written for this project) for tag
/// clouds: demos, benchmarks and tests that need real text.
public enum SampleWords {
  /// The words, each once, in no particular order.
  public static let all: [String] = [
    "time", "year", "people", "way", "day", "man", "thing", "woman", "life", "child", "world", "school",
    "state", "family", "student", "group", "country", "problem", "hand", "part", "place", "case", "week",
    "company", "system", "program", "question", "work", "government", "number", "night", "point", "home",
    "water", "room", "mother", "area", "money", "story", "fact", "month", "lot", "right", "study", "book",
    "eye", "job", "word", "business", "issue", "side", "kind", "head", "house", "service", "friend", "father",
    "power", "hour", "game", "line", "end", "member", "law", "car", "city", "community", "name", "president",
    "team", "minute", "idea", "kid", "body", "information", "back", "parent", "face", "others", "level",
    "office", "door", "health", "person", "art", "war", "history", "party", "result", "change", "morning",
    "reason", "research", "girl", "guy", "moment", "air", "teacher", "force", "education", "foot", "boy",
    "age", "policy", "music", "market", "sense", "nation", "plan", "college", "interest", "death",
    "experience", "effect", "use", "class", "control", "care", "field", "development", "role", "effort",
    "rate", "heart", "drug", "show", "leader", "light", "voice", "wife", "police", "mind", "price", "report",
    "decision", "son", "view", "relationship", "town", "road", "arm", "difference", "value", "building",
    "action", "model", "season", "society", "tax", "director", "position", "player", "record", "paper",
    "space", "ground", "form", "event", "official", "matter", "center", "couple", "site", "project",
    "activity", "star", "table", "need", "court", "oil", "situation", "cost", "industry", "figure", "street",
    "image", "phone", "data", "picture", "practice", "piece", "land", "product", "doctor", "wall", "patient",
    "worker", "news", "test", "movie", "north", "love", "support", "technology", "step", "baby", "computer",
    "type", "attention", "film", "tree", "source", "organization", "hair", "window", "evidence", "population",
    "truth", "song", "disease", "garden", "river", "ocean", "forest", "mountain", "island", "desert",
    "valley", "bridge", "harbor", "station", "library", "museum", "theater", "kitchen", "bedroom", "garage",
    "balcony", "cloud", "storm", "thunder", "rain", "snow", "wind", "sunshine", "rainbow", "winter", "spring",
    "summer", "autumn", "evening", "midnight", "breakfast", "lunch", "dinner", "coffee", "tea", "bread",
    "cheese", "apple", "orange", "banana", "grape", "lemon", "cherry", "peach", "melon", "tomato", "potato",
    "carrot", "onion", "garlic", "pepper", "salt", "sugar", "honey", "butter", "chocolate", "cookie", "pizza",
    "pasta", "noodle", "rice", "soup", "salad", "sandwich", "burger", "taco", "sushi", "curry", "swift",
    "kotlin", "python", "rust", "haskell", "scala", "ruby", "perl", "java", "layout", "scroll", "gesture",
    "velocity", "anchor", "render", "pixel", "font", "glyph", "kerning", "measure", "estimate", "bounce",
    "fling", "drag", "release", "viewport", "collection", "section", "header", "footer", "sticky", "carousel",
    "album", "photo", "filmstrip", "accordion", "parallax", "snapping", "paging", "deceleration", "rubber",
    "band", "inset", "offset", "content", "frame", "bounds", "origin", "transform", "alpha", "scale",
    "rotation", "translate", "animation", "timing", "curve", "progress", "transition", "identity", "snapshot",
    "diffable", "register", "dequeue", "reuse", "prefetch", "cache", "memory", "thread", "queue", "async",
    "await", "actor", "task", "sendable", "protocol", "extension", "generic", "closure", "struct", "enum",
    "property", "method", "initializer", "subscript", "operator", "tuple", "optional", "error", "throws",
    "array", "dictionary", "set", "string", "character", "integer", "double", "float", "boolean", "range",
    "sequence", "iterator", "index", "slice", "buffer", "pointer", "unsafe", "interop", "module", "package",
    "target", "dependency", "manifest", "resolve", "build", "debug", "archive", "signing", "profile",
    "instrument", "trace", "metric", "benchmark", "regression", "baseline", "median", "percentile",
    "throughput", "latency", "allocation", "retain", "weak", "unowned", "strong", "capture", "escape",
    "inout", "mutating", "nonmutating", "static", "dynamic", "lazy", "computed", "stored", "observer",
    "wrapper", "builder", "macro", "attribute", "availability", "deprecated", "platform", "linux", "darwin",
    "windows", "android", "embedded", "server", "client", "request", "response", "status", "session", "token",
    "secret", "hash", "cipher", "random", "seed", "sample", "noise", "signal", "filter", "kernel", "matrix",
    "vector", "tensor", "gradient", "neuron", "network", "layer", "weight", "bias", "epoch", "batch", "loss",
    "accuracy", "precision", "recall", "wonderful", "beautiful", "delightful", "marvelous", "splendid",
    "gorgeous", "brilliant", "charming", "elegant", "graceful", "gentle", "quiet", "bright", "shiny",
    "sparkling", "glowing", "vivid", "colorful", "dramatic", "mysterious", "ancient", "modern", "futuristic",
    "cosmic", "stellar", "lunar", "solar", "galactic", "nebula", "comet", "asteroid", "meteor", "planet",
    "orbit", "gravity", "momentum", "energy", "quantum", "photon", "electron", "proton", "neutron", "atom",
    "molecule", "crystal", "diamond", "emerald", "sapphire", "amber", "silver", "golden", "bronze", "copper",
    "iron", "steel", "marble", "granite", "velvet", "silk", "cotton", "linen", "wool", "leather", "canvas",
    "ink", "brush", "pencil", "crayon", "marker", "palette", "sketch", "portrait", "landscape", "sculpture",
    "pottery", "ceramic", "mosaic", "tapestry", "origami", "calligraphy", "typography", "illustration",
    "photography", "cinema", "documentary", "orchestra", "symphony", "melody", "harmony", "rhythm", "tempo",
    "chord", "lyric", "chorus", "verse", "ballad", "opera", "jazz", "blues", "reggae", "techno", "disco",
    "salsa", "tango", "waltz", "ballet", "hiphop", "breakdance", "acrobat", "juggler", "magician", "clown",
    "puppet", "carnival", "festival", "parade", "picnic", "camping", "hiking", "cycling", "swimming",
    "surfing", "sailing", "rowing", "skating", "skiing", "climbing", "fishing", "gardening", "knitting",
    "baking", "brewing", "reading", "writing", "painting", "drawing", "singing", "dancing", "dreaming",
    "wandering", "exploring", "discovering", "imagining", "creating", "inventing", "solving", "teaching",
    "learning", "sharing", "caring", "helping", "giving", "thanking", "smiling", "laughing",
  ]

  /// `count` words: the list repeated as needed, the `k`-th repetition
  /// joining neighbours into two-word tags ("coffee garden") so that tags
  /// vary in length; a non-positive count gives none.
  ///
  /// - Complexity: O(count).
  public static func words(_ count: Int) -> [String] {
    guard count > 0 else { return [] }
    var result: [String] = []
    result.reserveCapacity(count)
    var i = 0
    while result.count < count {
      let round = i / all.count
      let word = all[i % all.count]
      if round % 2 == 1 {
        result.append(word + " " + all[(i * 7 + round) % all.count])
      } else {
        result.append(word)
      }
      i += 1
    }
    return result
  }
}
