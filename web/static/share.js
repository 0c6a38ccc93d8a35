// Shared scoreboard: poll the game's version and swap in the new board when it changes.
(() => {
  const root = document.getElementById("shared");
  if (!root) return;
  const every = Math.max(1, Number(root.dataset.poll) || 3) * 1000;
  const current = () => document.getElementById("board").dataset.version;
  async function poll() {
    try {
      const response = await fetch(root.dataset.versionUrl, { cache: "no-store" });
      if (response.ok) {
        const data = await response.json();
        if (String(data.version) !== current()) {
          const board = await fetch(root.dataset.boardUrl, { cache: "no-store" });
          if (board.ok) root.innerHTML = await board.text();
        }
      }
    } catch (e) { /* offline for a moment: try again next time */ }
    window.setTimeout(poll, every);
  }
  window.setTimeout(poll, every);
})();
