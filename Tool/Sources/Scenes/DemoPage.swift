import Foundation

/// Writes `index.html`: each scene's animation (an APNG in an `<img>`,
/// which browsers play by themselves), its script, and its key frames.
/// Plain HTML and CSS with relative paths, so it opens from disk with no
/// server; a few lines of script add "replay" buttons and record in
/// `<body data-status>` whether every image loaded (the browser check
/// reads it).
package enum DemoPage {
  package static func html(_ scenes: [RecordedScene], title: String, note: String) -> String {
    var body = ""
    var images = 0
    for scene in scenes {
      // Shown at the size in points, so --scale 2 gives sharp images.
      let w = Int(scene.pointSize.width.rounded())
      let h = Int(scene.pointSize.height.rounded())
      images += 1 + scene.keyFrames.count
      body += """
        <section id="\(escape(scene.entry.name))">
          <h2>\(escape(scene.entry.title)) <code>--layout \(escape(scene.entry.layout)) --preset \(escape(scene.entry.preset))</code></h2>
          <p>\(escape(scene.entry.summary))</p>
          <div class="row">
            <figure class="animation">
              <img class="anim" src="\(escape(scene.animation))" width="\(w)" height="\(h)"
                alt="\(escape(scene.entry.title)), animated">
              <figcaption>\(String(format: "%.1f", scene.duration)) s, \(scene.frameCount) frames
                <button type="button" data-replay>Replay</button></figcaption>
            </figure>
            <div class="side">
              <pre>\(escape(scene.script.replacingOccurrences(of: "; ", with: "\n")))</pre>
              <div class="keys">

        """
      for key in scene.keyFrames {
        let time = String(format: "%.2f", key.time)
        body += """
                  <figure><img src="\(escape(key.path))" width="\(w / 3)" height="\(h / 3)"
                    alt="key frame at \(time) s">
                    <figcaption>\(time) s</figcaption></figure>

          """
      }
      body += """
              </div>
            </div>
          </div>
        </section>

        """
    }
    return """
      <!doctype html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <title>\(escape(title))</title>
      <style>
        body { font: 15px/1.4 -apple-system, "DejaVu Sans", sans-serif; margin: 24px;
               background: #f2f2f7; color: #1c1c1e; }
        h1 { margin: 0 0 4px; } h2 { margin: 0 0 4px; font-size: 20px; } code { font-size: 13px; color: #6e6e73; }
        section { background: #fff; border-radius: 14px; padding: 16px 20px; margin: 18px 0;
                  box-shadow: 0 1px 3px #0002; }
        .row { display: flex; gap: 24px; flex-wrap: wrap; align-items: flex-start; }
        figure { margin: 0; } figcaption { font-size: 12px; color: #6e6e73; margin-top: 4px; }
        .animation img { border-radius: 18px; background: #000; box-shadow: 0 2px 10px #0004;
                         max-width: 100%; height: auto; }
        .side { flex: 1; min-width: 260px; }
        pre { background: #f2f2f7; padding: 10px; border-radius: 8px; font-size: 12px; }
        .keys { display: flex; gap: 10px; flex-wrap: wrap; }
        .keys img { border-radius: 8px; background: #000; }
        button { font-size: 12px; margin-left: 8px; }
      </style>
      </head>
      <body data-status="loading" data-images="\(images)">
      <h1>\(escape(title))</h1>
      <p>\(escape(note))</p>
      \(body)
      <script>
        // Replay: set the animation's source again, which restarts an APNG.
        document.querySelectorAll("[data-replay]").forEach(function (button) {
          button.addEventListener("click", function () {
            var img = button.closest("figure").querySelector("img");
            var src = img.getAttribute("src").split("?")[0];
            img.src = src + "?" + Date.now();
          });
        });
        // Record whether every image decoded (read by Scripts/check-page.sh).
        window.addEventListener("load", function () {
          var all = Array.prototype.slice.call(document.images);
          var ok = all.filter(function (img) { return img.complete && img.naturalWidth > 0; }).length;
          document.body.setAttribute("data-loaded", ok + "/" + all.length);
          document.body.setAttribute("data-status", ok === all.length && all.length > 0 ? "ok" : "broken");
        });
      </script>
      </body>
      </html>

      """
  }

  package static func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }
}
