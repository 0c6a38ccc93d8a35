// Round entry: keep an unsaved draft in this tab (so a trip to the camera page loses nothing).
// Values in the page's address (a checked phase, scanned points) win over the draft.
(() => {
  const form = document.getElementById("round-form");
  if (!form || !window.sessionStorage) return;
  const key = "phase10-" + form.dataset.draft;
  const fromUrl = new URLSearchParams(window.location.search);
  const fields = () => Array.from(form.elements).filter(
    (el) => el.name && el.name !== "csrf_token" && el.name !== "version");
  const save = () => {
    const draft = {};
    for (const el of fields()) {
      if (el.type === "radio") { if (el.checked) draft[el.name] = el.value; }
      else draft[el.name] = el.value;
    }
    sessionStorage.setItem(key, JSON.stringify(draft));
  };
  const hasErrors = document.querySelector(".error, .conflict");
  let draft = null;
  try { draft = JSON.parse(sessionStorage.getItem(key) || "null"); } catch (e) { draft = null; }
  if (draft && !hasErrors) {
    for (const el of fields()) {
      if (fromUrl.has(el.name) || !(el.name in draft)) continue;
      if (el.type === "radio") el.checked = draft[el.name] === el.value;
      else el.value = draft[el.name];
    }
  }
  form.addEventListener("input", save);
  form.addEventListener("change", save);
  form.addEventListener("submit", () => sessionStorage.removeItem(key));
})();
