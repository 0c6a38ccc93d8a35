// Every page: submit the language switch on change; ask before forms marked data-confirm.
document.addEventListener("change", (event) => {
  const el = event.target;
  if (el.id === "lang-select" || (el.dataset && "autosubmit" in el.dataset)) el.form.submit();
});
document.addEventListener("submit", (event) => {
  const question = event.target.dataset && event.target.dataset.confirm;
  if (question && !window.confirm(question)) event.preventDefault();
});
// Installable: the service worker keeps the app's shell and the offline page (web/blueprints/shell.py).
(() => {
  const script = document.currentScript;
  const url = script && script.dataset.serviceWorker;
  if (!url || !("serviceWorker" in navigator)) return;  // plain http on the LAN: no worker
  navigator.serviceWorker.register(url).catch(() => { /* a self-signed certificate, say */ });
})();
// Five or six players on a phone: the board's table or each player's card (kept for the visit).
(() => {
  const KEY = "phase10-board-view";
  const root = document.documentElement;
  try { root.dataset.boardView = sessionStorage.getItem(KEY) || "table"; } catch (e) { /* */ }
  document.addEventListener("click", (event) => {
    const button = event.target.closest && event.target.closest(".board-view");
    if (!button) return;
    root.dataset.boardView = button.dataset.view;
    try { sessionStorage.setItem(KEY, button.dataset.view); } catch (e) { /* private mode */ }
  });
})();
