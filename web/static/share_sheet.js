// The keeper's share sheet: "Share" opens a sheet with the QR code and a copy-link button
// (without script the button is a plain link to the read-only page).
(() => {
  const sheet = document.getElementById("share-sheet");
  const opener = document.getElementById("share-link");
  if (!sheet || !opener || !sheet.showModal) return;
  const input = document.getElementById("share-url");
  const status = document.getElementById("copy-status");
  const copy = document.getElementById("copy-link");
  opener.addEventListener("click", (event) => {
    event.preventDefault();
    status.textContent = "";
    sheet.showModal();
  });
  document.getElementById("close-share").addEventListener("click", () => sheet.close());
  sheet.addEventListener("click", (event) => { if (event.target === sheet) sheet.close(); });
  const copied = () => { status.textContent = copy.dataset.copied; };
  const byHand = () => {
    input.select();
    let done = false;
    try { done = document.execCommand("copy"); } catch (e) { done = false; }
    status.textContent = done ? copy.dataset.copied : copy.dataset.failed;
  };
  copy.addEventListener("click", () => {
    // the clipboard API needs a secure page; a LAN address over plain HTTP falls back
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(input.value).then(copied, byHand);
    } else {
      byHand();
    }
  });
})();
