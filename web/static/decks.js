// Decks page: poll each running fine-tuning job and show its progress; reload when it ends.
document.querySelectorAll(".deck-job").forEach((box) => {
  if (box.dataset.state !== "running") return;
  const bar = box.querySelector("progress");
  const message = box.querySelector(".job-message");
  const poll = async () => {
    try {
      const answer = await fetch(box.dataset.statusUrl, { headers: { Accept: "application/json" } });
      const job = await answer.json();
      if (job.state === "running") {
        bar.hidden = false;
        bar.value = job.fraction || 0;
        message.textContent = job.message || "";
        window.setTimeout(poll, 3000);
      } else {
        window.location.reload();
      }
    } catch (error) {
      window.setTimeout(poll, 10000);
    }
  };
  poll();
});

// The deck name: "Our deck" becomes our-deck (what the server accepts); nothing left says why.
(() => {
  const form = document.getElementById("deck-form");
  if (!form) return;
  const input = document.getElementById("deck-name");
  const error = document.getElementById("deck-name-error");
  form.addEventListener("submit", (event) => {
    const name = input.value.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
      .replace(/[^a-z0-9_-]+/g, "-").replace(/^[-_]+|-+$/g, "").slice(0, 40);
    if (!name) {
      event.preventDefault();
      error.textContent = input.dataset.empty;
      error.hidden = false;
      input.focus();
      return;
    }
    input.value = name;
  });
})();

// A sheet's photo: choosing it sends it, and a progress bar shows while the server finds the cards.
document.querySelectorAll(".sheet-upload").forEach((form) => {
  const input = form.querySelector("input[type=file]");
  const label = form.querySelector("label.button");
  input.addEventListener("change", () => {
    if (!input.files.length) return;
    form.querySelector(".sheet-progress").hidden = false;
    label.classList.add("busy");
    label.setAttribute("aria-disabled", "true");
    form.submit();
  });
});
