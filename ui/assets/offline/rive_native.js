// A stand-in for Rive's runtime (rive_native.js from @rive-app/flutter-native-wasm), served instead of
// the CDN's (see offline.js). The companion draws no Rive animation. Flet's client starts Rive at load
// without waiting for it; offline the real script never loads, so Rive never finishes starting and the
// app runs on. This stand-in does the same — its start never settles — minus the request to the internet.
window.RiveNative = () => new Promise(() => {});
