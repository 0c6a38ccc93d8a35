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
