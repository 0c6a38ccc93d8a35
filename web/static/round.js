// Round entry: keep a draft of the round in this tab until Save or Cancel, so every value typed,
// checked or scanned stays across trips to the camera pages and a reload. Values arriving in the
// page's address (a checked phase, scanned points) win over the draft and join it at once.
(() => {
  const form = document.getElementById("round-form");
  if (!form) return;
  const store = window.sessionStorage;
  const key = "phase10-" + form.dataset.draft;
  const fromUrl = new URLSearchParams(window.location.search);
  const fields = () => Array.from(form.elements).filter(
    (el) => el.name && el.name !== "csrf_token" && el.name !== "version");
  const radio = (name, value) => form.querySelector(`input[name="${name}"][value="${value}"]`);

  const save = () => {
    if (!store) return;
    const draft = {};
    for (const el of fields()) {
      if (el.type === "radio") { if (el.checked) draft[el.name] = el.value; }
      else draft[el.name] = el.value;
    }
    store.setItem(key, JSON.stringify(draft));
  };
  const forget = () => { if (store) store.removeItem(key); };

  // the server shows what was submitted beside its errors: that wins over an older draft
  const submitted = form.querySelector(".error") || document.querySelector(".conflict");
  let draft = null;
  try { draft = store && JSON.parse(store.getItem(key) || "null"); } catch (e) { draft = null; }
  if (draft && !submitted) {
    for (const el of fields()) {
      if (fromUrl.has(el.name) || !(el.name in draft)) continue;
      if (el.type === "radio") el.checked = draft[el.name] === el.value;
      else el.value = draft[el.name];
    }
  }
  save();
  if (fromUrl.toString() && window.history.replaceState) {
    // the draft holds them now: a reload must not bring back a value the player changed since
    window.history.replaceState(null, "", window.location.pathname);
  }

  // whoever went out completed their phase
  form.addEventListener("change", (event) => {
    const el = event.target;
    if (el.name === "went_out" && el.checked) {
      const yes = radio(`completed-${el.value}`, "yes");
      if (yes) yes.checked = true;
    }
    save();
  });
  form.addEventListener("input", save);

  // a fix offered beside an error: "they did lay down" marks Completed? as Yes
  form.addEventListener("click", (event) => {
    const button = event.target.closest("[data-fix-completed]");
    if (!button) return;
    const yes = radio(`completed-${button.dataset.fixCompleted}`, "yes");
    if (yes) yes.checked = true;
    const note = button.closest(".fix");
    if (note) note.hidden = true;
    save();
  });

  form.addEventListener("submit", forget);
  const cancel = document.getElementById("cancel-round");
  if (cancel) cancel.addEventListener("click", forget);

  // every problem is shown at once: bring the first into view, above the Save bar
  const first = form.querySelector(".has-error, .error");
  if (first) {
    first.scrollIntoView({ block: "center" });
    const input = first.querySelector("input:not([type=hidden]), select");
    if (input) input.focus({ preventScroll: true });
  }
})();
