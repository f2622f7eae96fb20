// A phone back on its seat within seconds of a restart. A restarted companion has none of its Flet
// sessions, and Flutter's own retries wait longer and longer on any address but localhost (0.5, 1,
// 2, 4, 8 s…). So this script, loaded before Flutter starts, watches the page's websocket: when it
// closes, it asks the door every second for the server's boot id (`/companion-boot`, ui/guard.py);
// an id other than the one the page was loaded under means a restart, and the page is loaded afresh —
// its address still names the seat — with a one-minute cookie that makes the seat page say so.
(() => {
  const Native = window.WebSocket;
  const bootOf = () => fetch("/companion-boot", { method: "GET", cache: "no-store", credentials: "same-origin" })
    .then((r) => r.headers.get("x-companion-boot")).catch(() => null);
  let loadedUnder = null;
  let polling = null;
  bootOf().then((boot) => { loadedUnder = boot; });
  const watch = () => {
    if (polling !== null || loadedUnder === null) return;
    polling = setInterval(async () => {
      const boot = await bootOf();
      if (boot === null) return;  // not back yet
      clearInterval(polling);
      polling = null;
      if (boot !== loadedUnder) {
        document.cookie = "companion_back=1; path=/; max-age=60; samesite=strict";
        location.reload();
      }  // the same server: Flutter reconnects to its session by itself
    }, 1000);
  };
  function Watched(...args) {
    const socket = new Native(...args);
    socket.addEventListener("close", watch);
    return socket;
  }
  Watched.prototype = Native.prototype;
  for (const name of ["CONNECTING", "OPEN", "CLOSING", "CLOSED"]) Watched[name] = Native[name];
  window.WebSocket = Watched;
  if (document.cookie.includes("companion_back=")) {  // told once: the next reload is no restart
    setTimeout(() => { document.cookie = "companion_back=; path=/; max-age=0; samesite=strict"; }, 10000);
  }
})();
