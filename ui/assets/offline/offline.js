// The companion runs with no internet: a Raspberry Pi beside a board game. Flet's web client (even
// served with no_cdn) starts the Rive extension at load, which fetches Rive's runtime from a public
// CDN; the companion shows no Rive animation. This script, loaded before Flutter starts, sends any
// script request for that CDN to a local stand-in of the same name under offline/ instead.
// (ui/webroot.py puts this script into Flet's index.html; tests/e2e/test_layout_browser.py checks
// that a whole game's pages ask nothing of any host but 127.0.0.1.)
(() => {
  const CDN = "https://cdn.jsdelivr.net/npm/@rive-app/";
  const src = Object.getOwnPropertyDescriptor(HTMLScriptElement.prototype, "src");
  const local = (url) => (typeof url === "string" && url.startsWith(CDN))
    ? "offline/" + url.slice(url.lastIndexOf("/") + 1)
    : url;
  Object.defineProperty(HTMLScriptElement.prototype, "src", {
    configurable: true,
    enumerable: src.enumerable,
    get() { return src.get.call(this); },
    set(url) { src.set.call(this, local(url)); },
  });
  const setAttribute = Element.prototype.setAttribute;
  Element.prototype.setAttribute = function (name, value) {
    return setAttribute.call(this, name, this instanceof HTMLScriptElement && String(name).toLowerCase() === "src" ? local(value) : value);
  };
})();
