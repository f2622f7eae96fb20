// The first frame sooner: Flutter's bootstrap asks for its wasm client (main.dart.mjs, main.dart.wasm:
// 8 MB) and its renderer (skwasm) only after its own scripts have loaded and run, and for the fonts only
// once that client runs. This script, loaded at the top of the page, asks for them at once, so they
// download and compile while the bootstrap starts; Flutter's own requests then take them from the
// preload. Only where Flutter will choose that build: a browser with WebAssembly GC (the same test as
// flutter.js); any other loads Flet's JavaScript build and would not use them.
// (ui/webroot.py puts this script into Flet's index.html.)
(() => {
  const wasmGC = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 95, 1, 120, 0]);
  if (typeof WebAssembly !== "object" || !WebAssembly.validate(wasmGC)) {
    return;
  }
  const ask = (href, rel, as) => {
    const link = document.createElement("link");
    link.rel = rel;
    link.href = href;
    if (as) {
      link.as = as;
      link.crossOrigin = "anonymous"; // what fetch() asks with: otherwise the preload is not reused
    }
    document.head.appendChild(link);
  };
  ask("main.dart.mjs", "modulepreload");
  ask("canvaskit/skwasm.js", "modulepreload");
  ask("main.dart.wasm", "preload", "fetch");
  ask("canvaskit/skwasm.wasm", "preload", "fetch");
  // the fonts Flutter loads before its first frame: the ones its manifest names (ui/webroot.py writes it)
  fetch("assets/FontManifest.json")
    .then((answer) => answer.json())
    .then((families) => families.forEach((family) => family.fonts.forEach((font) => ask(`assets/${font.asset}`, "preload", "fetch"))))
    .catch(() => {}); // no manifest: Flutter asks for its fonts itself, as it would without this script
})();
