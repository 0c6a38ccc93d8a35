// Check a phase / scan a hand from a photo: detect, show boxes, correct, verdict, confirm.
// Nothing is saved here: confirming opens the round entry pre-filled.
(() => {
  const root = document.getElementById("camera");
  if (!root) return;
  const T = JSON.parse(document.getElementById("camera-text").textContent);
  const $ = (id) => document.getElementById(id);
  const mode = root.dataset.mode;
  const MAX_SIDE = 1600;  // a photo over the upload limit is shrunk to this before upload
  const SNAP_SIDE = 4096;  // a camera frame is sent whole (no camera streams more than this)
  const MAX_UPLOAD = Number(root.dataset.maxUpload) || 8 * 1024 * 1024;
  const least = Number(root.dataset.least) || 0;  // cards the hand or the phase holds at least
  const FACES = [];
  for (const c of ["R", "B", "G", "Y"]) for (let n = 1; n <= 12; n++) FACES.push(c + n);
  FACES.push("W", "S");
  const headers = { "X-Requested-With": "phase10" };
  // the reader marks the cards it is unsure of, for the player to check (confirmed ones are not)
  const unsure = (item) => item.unsure === true;
  const fmt = (text, values) => text.replace(/\{(\w+)\}/g, (_, k) => values[k]);

  let cards = [];        // [{card, box: [x1, y1, x2, y2] | null, confidence, unsure}]
  let selected = null;   // index into cards, or -1 while adding
  let size = null;       // [width, height] of the photo shown
  let stream = null;

  const status = (text, isError) => {
    delete $("status").dataset.kind;
    $("status").textContent = text;
    $("status").className = isError ? "error" : "muted";
  };

  // ---- taking the photo ------------------------------------------------------------------
  const canUseCamera = window.isSecureContext && navigator.mediaDevices
    && navigator.mediaDevices.getUserMedia;
  if (canUseCamera) $("start-camera").hidden = false;

  $("start-camera").addEventListener("click", async () => {
    try {
      stream = await navigator.mediaDevices.getUserMedia(
        { video: { facingMode: "environment", width: { ideal: 1920 } }, audio: false });
    } catch (e) {
      status(T.camera_failed, true);
      return;
    }
    const video = $("video");
    video.srcObject = stream;
    await video.play();
    $("stage").hidden = false; video.hidden = false; $("photo").hidden = true;
    $("overlay").innerHTML = "";
    $("snap").hidden = false;
  });

  $("snap").addEventListener("click", () => {
    const video = $("video");
    const canvas = scaled(video, video.videoWidth, video.videoHeight, SNAP_SIDE);
    canvas.toBlob((blob) => show(blob, canvas.width, canvas.height), "image/jpeg", 0.9);
  });

  $("file").addEventListener("change", () => {
    const file = $("file").files[0];
    if (!file) return;
    const img = new Image();
    const url = URL.createObjectURL(file);
    img.onload = () => {
      URL.revokeObjectURL(url);
      // the reader reads the photo as taken, so the page agrees with the API; only a photo over
      // the upload limit is shrunk first
      if (file.size <= MAX_UPLOAD) { show(file, img.naturalWidth, img.naturalHeight); return; }
      const canvas = scaled(img, img.naturalWidth, img.naturalHeight);
      canvas.toBlob((blob) => show(blob, canvas.width, canvas.height), "image/jpeg", 0.9);
    };
    img.onerror = () => { URL.revokeObjectURL(url); detect(file); };  // let the server explain
    img.src = url;
  });

  function scaled(source, width, height, side = MAX_SIDE) {
    const k = Math.min(1, side / Math.max(width, height));
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(width * k); canvas.height = Math.round(height * k);
    canvas.getContext("2d").drawImage(source, 0, 0, canvas.width, canvas.height);
    return canvas;
  }

  function show(blob, width, height) {
    if (stream) { stream.getTracks().forEach((t) => t.stop()); stream = null; }
    $("video").hidden = true; $("snap").hidden = true;
    const photo = $("photo");
    photo.onload = drawOverlay;
    photo.src = URL.createObjectURL(blob);
    photo.hidden = false; $("stage").hidden = false;
    size = [width, height];
    $("overlay").setAttribute("viewBox", `0 0 ${width} ${height}`);
    detect(blob);
  }

  async function detect(blob) {
    status(T.reading);
    const body = new FormData();
    body.append("image", blob, "photo.jpg");
    let data;
    try {
      const response = await fetch(root.dataset.detectUrl, { method: "POST", body, headers });
      data = await response.json();
      if (!response.ok) throw new Error(data.error || response.statusText);
    } catch (e) {
      status(T.failed + " " + e.message, true);
      return;
    }
    cards = data.cards.map((d) => ({
      card: d.card, box: d.box, confidence: d.confidence, unsure: d.unsure === true,
      or: d.or || null,
    }));
    $("status").dataset.kind = "found";  // render() keeps the count current
    selected = null;
    render();
  }

  // ---- showing and correcting the cards -----------------------------------------------------
  const SVG = "http://www.w3.org/2000/svg";
  function drawOverlay() {
    const overlay = $("overlay");
    overlay.innerHTML = "";
    if (!size) return;
    // labels about 15 screen pixels high, whatever the photo's resolution
    const unit = 10 * size[0] / ($("photo").clientWidth || size[0]);
    const shown = cards.map((item, index) => ({ item, index })).filter(({ item }) => item.box);
    const labels = shown.map(({ item }) => {
      const [x1, , x2] = item.box;
      const text = item.card + (unsure(item) ? "?" : "");
      // a label never wider than its card
      const u = Math.min(unit, (x2 - x1) / (0.6 + 0.85 * text.length));
      return { box: item.box, text, u, w: u * (0.6 + 0.85 * text.length), h: u * 1.6 };
    });
    const spots = placeLabels(labels);
    shown.forEach(({ item, index }) => {
      const [x1, y1, x2, y2] = item.box;
      const doubt = unsure(item);
      const rect = document.createElementNS(SVG, "rect");
      rect.setAttribute("x", x1); rect.setAttribute("y", y1);
      rect.setAttribute("width", x2 - x1); rect.setAttribute("height", y2 - y1);
      rect.setAttribute("class", "box" + (doubt ? " unsure" : "")
        + (index === selected ? " selected" : ""));
      rect.setAttribute("stroke-width", unit / 3);
      if (doubt) rect.setAttribute("stroke-dasharray", `${unit} ${unit * 0.6}`);
      rect.dataset.index = index;
      rect.addEventListener("click", () => select(index));
      overlay.append(rect);
    });
    // the labels over every box, so that no box's outline crosses a label
    shown.forEach(({ item, index }, i) => {
      const { text, u } = labels[i];
      const spot = spots[i];
      const bg = document.createElementNS(SVG, "rect");
      bg.setAttribute("x", spot.x); bg.setAttribute("y", spot.y);
      bg.setAttribute("width", spot.w); bg.setAttribute("height", spot.h);
      bg.setAttribute("class", "box-label-bg" + (unsure(item) ? " unsure" : ""));
      bg.dataset.index = index;
      const label = document.createElementNS(SVG, "text");
      label.setAttribute("x", spot.x + u * 0.2); label.setAttribute("y", spot.y + u * 1.3);
      label.setAttribute("font-size", u * 1.3);
      label.setAttribute("class", "box-label");
      label.textContent = text;
      overlay.append(bg, label);
    });
  }

  // Where each label goes: above its box, else down the box's left edge, else its right edge,
  // else below it, at the first spot no label placed before covers. Cards fanned in a hand
  // overlap; their labels must not cover each other.
  function placeLabels(labels) {
    const placed = [];
    const hits = (a, b) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
    return labels.map(({ box, w, h }) => {
      const [x1, y1, x2, y2] = box;
      const spots = [];
      if (y1 - h >= 0) spots.push({ x: x1, y: y1 - h });
      for (let y = y1; y + h <= Math.max(y2, y1 + h); y += h / 2) spots.push({ x: x1, y });
      for (let y = y1; y + h <= y2; y += h / 2) spots.push({ x: Math.max(x1, x2 - w), y });
      for (let y = y2; y + h <= size[1]; y += h / 2) spots.push({ x: x1, y });
      const free = spots.find((spot) => !placed.some((other) => hits({ ...spot, w, h }, other)));
      const chosen = { ...(free || spots[0] || { x: x1, y: y1 }), w, h };
      placed.push(chosen);
      return chosen;
    });
  }
  window.addEventListener("resize", drawOverlay);

  function render() {
    drawOverlay();
    const chips = $("chips");
    chips.innerHTML = "";
    cards.forEach((item, index) => {
      const li = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.className = `chip ${item.card[0]}` + (unsure(item) ? " unsure" : "")
        + (index === selected ? " selected" : "");
      button.textContent = item.card;
      button.dataset.card = item.card;
      if (item.confidence != null) button.title = `${Math.round(item.confidence * 100)}%`;
      button.addEventListener("click", () => select(index));
      li.append(button);
      chips.append(li);
    });
    $("count").textContent = cards.length ? `(${cards.length})` : "";
    if ($("status").dataset.kind === "found") {
      // no card read for sure is no card: phantoms on an empty table are read unsure
      const noneSure = cards.length > 0 && cards.every(unsure);
      $("status").textContent = !cards.length ? T.none
        : noneSure ? T.none_sure : fmt(T.found, { n: cards.length });
      $("status").className = cards.length && !noneSure ? "muted" : "error";
    }
    // fewer cards than the hand or the phase must hold: one may be hidden or missed
    const short = cards.length > 0 && cards.length < least;
    $("count-hint").hidden = !short;
    $("count-hint").textContent = short ? fmt(mode === "check" ? T.short_phase : T.short_hand,
      { n: cards.length, least }) : "";
    const toCheck = cards.filter(unsure).length;
    $("unsure-hint").hidden = !toCheck;
    $("unsure-hint").textContent = fmt(T.unsure, { n: toCheck });
    evaluate();
  }

  function select(index) {
    selected = index;
    $("editor").hidden = false;
    $("remove").hidden = index < 0;
    $("editor-title").querySelector("strong").textContent =
      index < 0 ? T.add : fmt(T.change, { card: cards[index].card });
    // the reader's likely alternative comes first, then every face
    const other = index >= 0 && cards[index].or;
    for (const button of pick.querySelectorAll(".suggested")) button.classList.remove("suggested");
    const suggested = other && pick.querySelector(`[data-face="${other}"]`);
    if (suggested) { suggested.classList.add("suggested"); pick.prepend(suggested); }
    else for (const face of FACES) pick.append(pick.querySelector(`[data-face="${face}"]`));
    render();
    $("editor").scrollIntoView({ block: "nearest" });
  }

  const pick = $("pick");
  for (const face of FACES) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = `chip ${face[0]}`;
    button.textContent = face === "W" ? T.wild : face === "S" ? T.skip : face;
    button.dataset.face = face;
    button.addEventListener("click", () => {
      if (selected === null) return;
      if (selected < 0) cards.push({ card: face, box: null, confidence: null, unsure: false });
      else Object.assign(cards[selected], { card: face, confidence: null, unsure: false });
      // (the player's word: no confidence, not unsure)
      closeEditor();
    });
    pick.append(button);
  }
  $("remove").addEventListener("click", () => {
    if (selected !== null && selected >= 0) { cards.splice(selected, 1); selected = null; }
    closeEditor();
  });
  $("close-editor").addEventListener("click", closeEditor);
  $("add-card").addEventListener("click", () => select(-1));
  function closeEditor() {
    // a card the player opened and left is confirmed: no longer marked unsure
    if (selected !== null && selected >= 0 && cards[selected]) {
      Object.assign(cards[selected], { confidence: null, unsure: false });
    }
    selected = null; $("editor").hidden = true; render();
  }

  // ---- verdict and confirmation ------------------------------------------------------------
  let pending = 0;
  async function evaluate() {
    const ticket = ++pending;
    const verdict = $("verdict"), confirm = $("confirm");
    if (!cards.length) { verdict.hidden = true; confirm.hidden = true; return; }
    // unsure cards go marked ("W?", "Y8?/Y9") so the verdict says whether it hangs on them
    const marked = (c) => (unsure(c) ? `${c.card}?${c.or ? "/" + c.or : ""}` : c.card);
    const body = { cards: cards.map(marked) };
    if (mode === "check") {
      body.game = Number(root.dataset.game); body.player = root.dataset.player;
      if (root.dataset.phase) body.phase = Number(root.dataset.phase);
    }
    let data;
    try {
      const response = await fetch(root.dataset.checkUrl, {
        method: "POST", headers: { ...headers, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      data = await response.json();
      if (!response.ok) throw new Error(data.error || response.statusText);
    } catch (e) {
      if (ticket !== pending) return;
      verdict.hidden = false; verdict.className = "verdict no"; verdict.textContent = e.message;
      confirm.hidden = true;
      return;
    }
    if (ticket !== pending) return;
    verdict.hidden = false;
    const done = new URL(root.dataset.doneUrl, window.location.href);
    if (mode === "check") {
      const ok = data.verdict && data.verdict.valid;
      const doubt = data.verdict && data.verdict.doubt;
      verdict.className = "verdict " + (doubt ? "doubt" : ok ? "ok" : "no");
      verdict.textContent = doubt ? "? " + doubt.message
        : (ok ? "✓ " + T.valid : "✗ " + T.invalid)
          + (data.verdict && data.verdict.message ? ": " + data.verdict.message : "");
      confirm.hidden = !ok;
    } else {
      // (a short count is only pointed out: after laying down, fewer than ten is right)
      verdict.className = "verdict " + (data.unsure_points ? "doubt" : "ok");
      verdict.textContent = fmt(T.points, { n: data.count, points: data.points })
        + (data.unsure_points ? " " + fmt(T.unsure_points, { points: data.unsure_points }) : "");
      done.searchParams.set(`points-${root.dataset.seat}`, data.points);
      confirm.hidden = false;
    }
    confirm.href = done.pathname + done.search;
    gate();
  }

  // ---- unsure cards are confirmed before anything is recorded --------------------------------
  function gate() {
    const toCheck = cards.filter(unsure);
    $("confirm").classList.toggle("waiting", toCheck.length > 0);
    $("confirm-unsure").hidden = true;
    if (!toCheck.length) return;
    $("confirm-unsure-text").textContent = fmt(T.confirm_first,
      { cards: toCheck.map((c) => c.card + "?").join(" ") });
  }
  $("confirm").addEventListener("click", (event) => {
    if (!cards.some(unsure)) return;
    event.preventDefault();  // the cards marked ? first
    $("confirm-unsure").hidden = false;
    $("confirm-unsure").scrollIntoView({ block: "nearest" });
  });
  $("confirm-all").addEventListener("click", () => {
    for (const item of cards) if (unsure(item)) Object.assign(item, { unsure: false });
    $("confirm-unsure").hidden = true;
    render();
  });

  // cards handed over in the address (?cards=, from the live page): start from them
  if (root.dataset.cards) {
    cards = root.dataset.cards.split(" ").map((card) => ({ card, box: null, confidence: null }));
    render();
  }
})();
