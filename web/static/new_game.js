// New game: "first N phases" shows only for the variants it applies to (hidden, it is not sent).
(() => {
  const field = document.getElementById("phases-count-field");
  const variant = document.getElementById("variant");
  if (!field || !variant) return;
  const applies = field.dataset.variants.split(" ");
  const show = () => {
    const on = applies.includes(variant.value);
    field.hidden = !on;
    document.getElementById("phases_count").disabled = !on;
  };
  variant.addEventListener("change", show);
  show();
})();

// A recent player's name goes into the first empty seat; "same players" fills them all.
(() => {
  const box = document.getElementById("recent-players");
  if (!box) return;
  const seats = () => Array.from(document.querySelectorAll("input[name^=player-]"));
  const seated = (name) => seats().some((el) => el.value.trim().toLowerCase() === name.toLowerCase());
  const mark = () => {
    for (const chip of box.querySelectorAll(".chip-name")) chip.disabled = seated(chip.dataset.name);
  };
  box.addEventListener("click", (event) => {
    const chip = event.target.closest(".chip-name");
    const same = event.target.closest("#same-players");
    if (chip && !seated(chip.dataset.name)) {
      const empty = seats().find((el) => !el.value.trim());
      if (empty) empty.value = chip.dataset.name;
    } else if (same) {
      const names = same.dataset.names.split("\n");
      seats().forEach((el, index) => { el.value = names[index] || ""; });
    }
    mark();
  });
  document.addEventListener("input", mark);
  mark();
})();
