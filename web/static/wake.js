// Keep the screen on while this page shows the scores (Screen Wake Lock, where the browser has
// it); the lock is dropped when the tab is hidden, so it is asked for again on return.
(() => {
  if (!("wakeLock" in navigator)) return;
  let lock = null;
  const ask = async () => {
    if (document.visibilityState !== "visible" || lock) return;
    try {
      lock = await navigator.wakeLock.request("screen");
      document.documentElement.dataset.awake = "1";
      lock.addEventListener("release", () => { lock = null; delete document.documentElement.dataset.awake; });
    } catch (e) { lock = null; /* battery saver or no permission: the screen may sleep */ }
  };
  document.addEventListener("visibilitychange", ask);
  ask();
})();
