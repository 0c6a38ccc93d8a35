// Dark or light: the system's choice until the header toggle picks one (kept in this browser).
// Loaded in <head>, before the page paints, so a dark page never flashes white.
(() => {
  const KEY = "phase10-theme";
  const root = document.documentElement;
  let saved = null;
  try { saved = localStorage.getItem(KEY); } catch (e) { saved = null; }
  if (saved === "dark" || saved === "light") root.dataset.theme = saved;
  const dark = () => root.dataset.theme === "dark" || (root.dataset.theme !== "light"
    && window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches);
  document.addEventListener("DOMContentLoaded", () => {
    const toggle = document.getElementById("theme-toggle");
    if (!toggle) return;
    const show = () => { toggle.setAttribute("aria-pressed", String(dark())); };
    toggle.hidden = false;
    show();
    toggle.addEventListener("click", () => {
      root.dataset.theme = dark() ? "light" : "dark";
      try { localStorage.setItem(KEY, root.dataset.theme); } catch (e) { /* private mode */ }
      show();
    });
  });
})();
