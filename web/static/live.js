// Live camera mode: send the newest camera frame, one at a time, and draw the reading it returns.
// Browser camera: capture -> 1280x720 JPEG -> POST /live/frame -> overlay + card list + verdict.
// Server webcam: poll /live/camera/reading and show /live/camera/frame.jpg (boxes drawn there).
(() => {
  "use strict";
  const root = document.getElementById("live");
  if (!root) return;
  const $ = (id) => document.getElementById(id);
  const video = $("live-video");
  const serverImg = $("live-server");
  const overlay = $("live-overlay");
  const status = $("live-status");
  const freezeButton = $("live-freeze");
  const MAX_W = 1280;
  const MAX_H = 720;
  const JPEG_QUALITY = 0.75;
  const streamId = Math.random().toString(36).slice(2, 12) + Date.now().toString(36);
  const capture = document.createElement("canvas");
  const stats = { readings: 0, busy: 0, errors: 0, sent: 0, started: performance.now(),
                  last: null, rate: 0, source: "browser", frozen: null, changes: [] };
  window.liveStats = stats;  // read by the end-to-end tests
  let running = false;
  let frozen = false;
  let generation = 0;  // bumped to stop a loop when the source changes
  let rateWindow = [];
  // camera frames presented so far (requestVideoFrameCallback): a frame is never sent twice, so
  // a slow camera cannot make one odd frame count as several in the server's majority vote
  let presented = 0;
  let sentPresented = -1;
  let frameWaiters = [];
  let watching = false;
  function watchFrames() {
    if (watching || !video.requestVideoFrameCallback) return;
    watching = true;
    const tick = (now, meta) => {
      presented = meta && meta.presentedFrames ? meta.presentedFrames : presented + 1;
      frameWaiters.forEach((resolve) => resolve());
      frameWaiters = [];
      video.requestVideoFrameCallback(tick);
    };
    video.requestVideoFrameCallback(tick);
  }
  function newFrame(timeoutMs) {
    if (!presented || presented !== sentPresented) return Promise.resolve();
    return new Promise((resolve) => {
      frameWaiters.push(resolve);
      setTimeout(resolve, timeoutMs);
    });
  }

  const ema = (old, value) => (old === undefined ? value : old * 0.8 + value * 0.2);
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const msg = (name, values) => {
    let text = root.dataset["msg" + name] || "";
    for (const [key, value] of Object.entries(values || {})) text = text.replace("{" + key + "}", value);
    return text;
  };
  const setStatus = (text, kind) => {
    status.textContent = text;
    status.className = "live-status" + (kind ? " live-status-" + kind : "");
    status.hidden = !text;
  };

  function query() {
    const params = new URLSearchParams(root.dataset.query || "");
    const select = $("live-phase");
    if (select) params.set("phase", select.value);
    return params;
  }

  // ---- drawing ---------------------------------------------------------------------------
  function drawOverlay(reading) {
    const box = overlay.getBoundingClientRect();
    const ratio = window.devicePixelRatio || 1;
    overlay.width = Math.round(box.width * ratio);
    overlay.height = Math.round(box.height * ratio);
    const ctx = overlay.getContext("2d");
    ctx.clearRect(0, 0, overlay.width, overlay.height);
    if (!reading || stats.source !== "browser") return;
    const [w, h] = reading.size;
    // the video is shown with object-fit: contain; map frame pixels to overlay pixels
    const scale = Math.min(overlay.width / w, overlay.height / h);
    const dx = (overlay.width - w * scale) / 2;
    const dy = (overlay.height - h * scale) / 2;
    const stable = {};
    for (const name of reading.cards) stable[name] = (stable[name] || 0) + 1;
    const font = Math.max(12, Math.round(15 * ratio));
    ctx.font = `600 ${font}px system-ui, sans-serif`;
    ctx.lineWidth = Math.max(2, 3 * ratio);
    for (const det of reading.detections) {
      const isStable = (stable[det.card] || 0) > 0;
      if (isStable) stable[det.card] -= 1;
      const colour = isStable ? "#2ecc40" : "#ffb300";
      const [x1, y1, x2, y2] = det.box;
      const x = dx + x1 * scale, y = dy + y1 * scale;
      ctx.strokeStyle = colour;
      ctx.strokeRect(x, y, (x2 - x1) * scale, (y2 - y1) * scale);
      const label = det.card;
      const tw = ctx.measureText(label).width + 8;
      const ty = Math.max(0, y - font - 6);
      ctx.fillStyle = colour;
      ctx.fillRect(x, ty, tw, font + 6);
      ctx.fillStyle = "#000";
      ctx.fillText(label, x + 4, ty + font);
    }
  }

  function cardChip(name, pending) {
    const li = document.createElement("li");
    li.className = "live-card live-card-" + (name[0] === "W" || name[0] === "S" ? name : name[0])
      + (pending ? " live-card-pending" : "");
    li.textContent = name;
    return li;
  }

  function showReading(reading) {
    stats.last = reading;
    if (reading.changed) stats.changes.push(reading.cards.join(" "));
    // no card read sure: a steady "no cards in view", never a verdict on phantoms
    const empty = reading.no_cards === true || !reading.cards.length;
    const list = $("live-cards");
    const unsure = new Set(reading.unsure || []);
    list.replaceChildren(...(empty ? [] : reading.cards.map((name) => {
      const chip = cardChip(name, false);
      if (unsure.has(name)) chip.classList.add("live-card-unsure");
      return chip;
    })), ...(empty ? [] : reading.pending.map((name) => cardChip(name, true))));
    $("live-count").textContent = empty ? 0 : reading.count;
    $("live-points").textContent = empty ? 0 : reading.points;
    const verdict = $("live-verdict");
    if (reading.verdict && !empty) {
      verdict.hidden = false;
      const doubt = reading.verdict.doubt;
      verdict.className = "live-verdict " + (doubt ? "live-doubt"
        : reading.verdict.valid ? "live-valid" : "live-invalid");
      const phase = reading.phase && reading.phase.description;
      const why = reading.verdict.valid ? "" : reading.verdict.message
        || (reading.verdict.reason && reading.verdict.reason.message) || "";
      verdict.textContent = doubt ? "? " + [phase, doubt.message].filter(Boolean).join(": ")
        : (reading.verdict.valid ? "✓ " : "✗ ") + [phase, why].filter(Boolean).join(": ");
    } else {
      verdict.hidden = true;
    }
    freezeButton.disabled = empty;
    if (empty) setStatus(msg("Empty"), "hint");
    else setStatus("");
    drawOverlay(reading);
  }

  function countReading() {
    stats.readings += 1;
    const now = performance.now();
    rateWindow.push(now);
    rateWindow = rateWindow.filter((t) => now - t < 3000);
    if (rateWindow.length > 1) {
      stats.rate = (rateWindow.length - 1) / ((now - rateWindow[0]) / 1000);
      $("live-rate").textContent = "· " + msg("Rate", { rate: stats.rate.toFixed(1) });
    }
  }

  // ---- browser camera ----------------------------------------------------------------------
  async function startBrowserCamera() {
    if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) {
      setStatus(msg("Insecure"), "error");
      return false;
    }
    try {
      const stream = await navigator.mediaDevices.getUserMedia({
        audio: false,
        // the camera's own framing (no crop to 16:9): a phone held upright stays portrait
        video: { facingMode: { ideal: "environment" }, width: { ideal: MAX_W },
                 height: { ideal: MAX_H }, resizeMode: { ideal: "none" } },
      });
      video.srcObject = stream;
      await video.play().catch(() => {});
      watchFrames();
      return true;
    } catch (error) {
      cameraFailed(error);
      return false;
    }
  }

  // no camera, or not allowed: say so in words, and make the photo the way on
  const CAMERA_ERRORS = {
    NotFoundError: "NoCamera", DevicesNotFoundError: "NoCamera", OverconstrainedError: "NoCamera",
    NotAllowedError: "Blocked", PermissionDeniedError: "Blocked", SecurityError: "Blocked",
    NotReadableError: "CameraBusy", TrackStartError: "CameraBusy",
  };
  function cameraFailed(error) {
    stats.cameraError = error && error.name;
    setStatus(msg(CAMERA_ERRORS[stats.cameraError] || "CameraFailed"), "error");
    $("live-stage").classList.add("live-stage-off");
    const photo = $("live-photo-link");
    if (photo) photo.classList.remove("secondary");
  }

  function stopBrowserCamera() {
    const stream = video.srcObject;
    if (stream) stream.getTracks().forEach((track) => track.stop());
    video.srcObject = null;
  }

  function grabFrame() {
    const w0 = video.videoWidth, h0 = video.videoHeight;
    if (!w0 || !h0) return Promise.resolve(null);
    // at most 1280x720 either way round (a phone held upright gives portrait frames)
    const scale = Math.min(1, MAX_W / Math.max(w0, h0), MAX_H / Math.min(w0, h0));
    capture.width = Math.round(w0 * scale);
    capture.height = Math.round(h0 * scale);
    capture.getContext("2d").drawImage(video, 0, 0, capture.width, capture.height);
    return new Promise((resolve) => capture.toBlob(resolve, "image/jpeg", JPEG_QUALITY));
  }

  async function browserLoop(mine) {
    while (running && mine === generation) {
      if (frozen) { await sleep(100); continue; }
      await newFrame(250);
      if (mine !== generation || frozen) continue;
      sentPresented = presented;
      const t0 = performance.now();
      const blob = await grabFrame();  // the newest frame, taken only when the last answer is in
      if (!blob) { await sleep(50); continue; }
      const t1 = performance.now();
      let response, body;
      try {
        stats.sent += 1;
        response = await fetch(root.dataset.frameUrl + "?" + new URLSearchParams({
          stream: streamId, ...Object.fromEntries(query()) }), {
          method: "POST", body: blob, credentials: "same-origin",
          headers: { "Content-Type": "image/jpeg", Accept: "application/json" },
        });
        body = await response.json();
      } catch (error) {
        stats.errors += 1;
        setStatus(String(error), "error");
        await sleep(1000);
        continue;
      }
      if (mine !== generation || frozen) continue;
      if (response.status === 503 && body.busy) {
        stats.busy += 1;
        if (body.reading) showReading({ ...body.reading, changed: false });  // an old answer
        setStatus(msg("Busy"), "hint");
        await sleep(40 + Math.random() * 60);  // let another viewer in, then send a newer frame
        continue;
      }
      if (!response.ok) {
        stats.errors += 1;
        setStatus(body.error || response.statusText, "error");
        await sleep(1000);
        continue;
      }
      const t2 = performance.now();
      stats.encodeMs = ema(stats.encodeMs, t1 - t0);  // canvas + JPEG in this browser
      stats.roundTripMs = ema(stats.roundTripMs, t2 - t1);  // upload, server, answer
      countReading();
      showReading(body);
    }
  }

  // ---- server webcam -----------------------------------------------------------------------
  async function serverLoop(mine) {
    let seq = 0;
    while (running && mine === generation) {
      if (frozen) { await sleep(100); continue; }
      let body;
      try {
        const response = await fetch(root.dataset.cameraReadingUrl + "?" + query(),
                                     { headers: { Accept: "application/json" } });
        body = await response.json();
        if (!response.ok) throw new Error(body.error || response.statusText);
      } catch (error) {
        stats.errors += 1;
        setStatus(String(error.message || error), "error");
        await sleep(1000);
        continue;
      }
      if (mine !== generation) return;
      const reading = body.reading;
      if (reading && reading.seq !== seq) {
        seq = reading.seq;
        countReading();
        showReading(reading);
        await new Promise((resolve) => {  // one image in flight too
          serverImg.onload = serverImg.onerror = resolve;
          serverImg.src = root.dataset.cameraFrameUrl + "?seq=" + seq;
        });
      } else {
        if (body.error) setStatus(body.error, "error");
        await sleep(60);
      }
    }
  }

  async function start(source) {
    generation += 1;
    const mine = generation;
    running = true;
    stats.source = source;
    rateWindow = [];
    drawOverlay(null);
    if (source === "server") {
      stopBrowserCamera();
      video.hidden = true;
      serverImg.hidden = false;
      setStatus("");
      serverLoop(mine);
    } else {
      serverImg.hidden = true;
      video.hidden = false;
      if (await startBrowserCamera()) {
        setStatus("");
        browserLoop(mine);
      }
    }
  }

  // ---- freeze, confirm, reset ---------------------------------------------------------------
  function freeze() {
    const reading = stats.last;
    if (!reading || !reading.cards.length) return;
    frozen = true;
    freezeButton.disabled = true;
    stats.frozen = reading.cards.slice();
    if (root.dataset.game && root.dataset.photoUrl) {
      // a player's page: the photo check's own confirm-and-correct step, with these cards
      const url = new URL(root.dataset.photoUrl, window.location.href);
      url.searchParams.set("cards", reading.cards.join(" "));
      const select = $("live-phase");
      if (select) url.searchParams.set("phase", select.value);
      window.location.assign(url.toString());
      return;
    }
    video.pause();
    setStatus(msg("Frozen"), "hint");
    $("live-frozen-cards").value = reading.cards.join(" ");
    $("live-frozen").hidden = false;
    $("live-frozen").scrollIntoView({ block: "nearest" });
    confirmFrozen();
  }

  // the confirm-and-correct step: the (corrected) cards go to /api/check, as on the photo page
  async function confirmFrozen() {
    const cards = $("live-frozen-cards").value;
    const params = query();
    const body = { cards };
    if (params.get("phase")) body.phase = params.get("phase");
    let response, data;
    try {
      response = await fetch(root.dataset.checkUrl, {
        method: "POST", credentials: "same-origin", body: JSON.stringify(body),
        headers: { "Content-Type": "application/json", Accept: "application/json" },
      });
      data = await response.json();
    } catch (error) {
      setStatus(String(error), "error");
      return;
    }
    if (!response.ok) { setStatus(data.error || response.statusText, "error"); return; }
    stats.frozen = data.cards;
    showReading({ ...data, pending: [], detections: [], size: [1, 1], changed: false });
    freezeButton.disabled = true;
    setStatus(msg("Frozen"), "hint");
  }

  function resume() {
    frozen = false;
    stats.frozen = null;
    $("live-frozen").hidden = true;
    if (stats.source === "photo") { start("browser"); return; }  // back from a photo: the camera
    freezeButton.disabled = !(stats.last && stats.last.cards && stats.last.cards.length);
    video.play().catch(() => {});
    setStatus("");
  }

  async function resetHand() {
    resume();
    rateWindow = [];
    await fetch(root.dataset.resetUrl + "?" + new URLSearchParams({ stream: streamId }),
                { method: "POST", headers: { "Content-Type": "image/none" } }).catch(() => {});
  }

  // ---- a photo instead of the camera (the page on its own; a player's page links the photo check)
  async function readPhoto(file) {
    frozen = true;
    generation += 1;  // the camera loop stops
    stopBrowserCamera();
    stats.source = "photo";
    video.hidden = true;
    serverImg.hidden = false;
    serverImg.src = URL.createObjectURL(file);
    $("live-stage").classList.remove("live-stage-off");
    drawOverlay(null);
    setStatus(msg("Reading"), "hint");
    const body = new FormData();
    body.append("image", file, file.name || "photo.jpg");
    let response, data;
    try {
      response = await fetch(root.dataset.detectUrl, {
        method: "POST", body, credentials: "same-origin",
        headers: { "X-Requested-With": "phase10", Accept: "application/json" },
      });
      data = await response.json();
      if (!response.ok) throw new Error(data.error || response.statusText);
    } catch (error) {
      setStatus(msg("PhotoFailed") + " " + String(error.message || error), "error");
      return;
    }
    // the cards it was unsure of keep their "?", for the player to confirm
    $("live-frozen-cards").value = data.cards.map((d) => d.card + (d.unsure ? "?" : "")).join(" ");
    $("live-frozen").hidden = false;
    await confirmFrozen();
    $("live-frozen").scrollIntoView({ block: "nearest" });
  }
  const photoInput = $("live-photo");
  if (photoInput) {
    photoInput.addEventListener("change", () => {
      if (photoInput.files[0]) readPhoto(photoInput.files[0]);
    });
  }

  $("live-controls").addEventListener("submit", (event) => event.preventDefault());
  freezeButton.addEventListener("click", freeze);
  $("live-reset").addEventListener("click", resetHand);
  $("live-resume").addEventListener("click", resume);
  $("live-confirm").addEventListener("click", confirmFrozen);
  $("live-frozen-cards").addEventListener("keydown", (event) => {
    if (event.key === "Enter") { event.preventDefault(); confirmFrozen(); }
  });
  document.querySelectorAll("input[name=source]").forEach((radio) => {
    radio.addEventListener("change", () => { if (radio.checked) start(radio.value); });
  });
  window.addEventListener("resize", () => drawOverlay(stats.last));
  const fitStage = (width, height) => {
    if (width && height) $("live-stage").style.aspectRatio = `${width} / ${height}`;
  };
  video.addEventListener("loadedmetadata", () => fitStage(video.videoWidth, video.videoHeight));
  video.addEventListener("resize", () => fitStage(video.videoWidth, video.videoHeight));
  serverImg.addEventListener("load", () => fitStage(serverImg.naturalWidth, serverImg.naturalHeight));
  // leaving for the photo check releases the camera; coming back (back button) goes live again
  window.addEventListener("pagehide", () => { running = false; generation += 1; stopBrowserCamera(); });
  window.addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    frozen = false;
    $("live-frozen").hidden = true;
    start(stats.source);
  });
  document.addEventListener("visibilitychange", () => {
    if (document.hidden && stats.source === "browser") { running = false; generation += 1; stopBrowserCamera(); }
    else if (!document.hidden && !running) start(stats.source);
  });
  start("browser");
})();
