// The explorer page: plain JS, no libraries, nothing fetched. It draws each scene's screen (the SVG the
// server renders), sends the browser's pointer events over the WebSocket, and shows what dispatch did, step by
// step: each finger's hit-test path, the responder chain, a lane per gesture recognizer, the explained trace.
"use strict";
(function () {
  const SVGNS = "http://www.w3.org/2000/svg";
  const $ = (id) => document.getElementById(id);
  const state = { screens: [], steps: [], current: -1, differences: new Set(), socket: null, down: new Map(),
    refusals: 0, idleTimer: null, lit: null, mode: "" };
  window.explorer = state;

  function text(el, value) { el.textContent = value; return el; }
  function make(tag, cls, content) {
    const el = document.createElement(tag);
    if (cls) el.className = cls;
    if (content !== undefined) el.textContent = content;
    return el;
  }

  // MARK: screens

  function buildScreens(screens) {
    state.screens = screens.map((screen, index) => ({ report: screen, index }));
    const host = $("screens");
    host.textContent = "";
    state.screens.forEach((entry) => {
      const box = make("div", "screen");
      box.appendChild(make("h3", "", entry.report.title));
      const stage = document.createElementNS(SVGNS, "svg");
      stage.setAttribute("class", "stage");
      stage.dataset.variant = entry.index;
      box.appendChild(stage);
      host.appendChild(box);
      entry.stage = stage;
      drawScreen(entry, entry.report);
      // The screen the variant started from, for stepping back over a step that changed it.
      entry.initial = entry.report;
      attachPointers(stage);
    });
    state.steps = state.screens.map(() => []);
  }

  function drawScreen(entry, report) {
    entry.report = report;
    const stage = entry.stage;
    stage.textContent = "";
    const doc = new DOMParser().parseFromString(report.svg, "image/svg+xml");
    const picture = document.importNode(doc.documentElement, true);
    const width = parseFloat(picture.getAttribute("width")) || report.width;
    const height = parseFloat(picture.getAttribute("height")) || report.height;
    stage.setAttribute("viewBox", "0 0 " + width + " " + height);
    stage.style.height = (300 * height / width) + "px";
    stage.appendChild(picture);
    entry.overlay = document.createElementNS(SVGNS, "g");
    stage.appendChild(entry.overlay);
  }

  function outline(entry, viewIndex, cls) {
    const view = entry.report.views[viewIndex];
    if (!view) return;
    const polygon = document.createElementNS(SVGNS, "polygon");
    polygon.setAttribute("points", view.corners.map((c) => c[0] + "," + c[1]).join(" "));
    polygon.setAttribute("class", "hl " + cls);
    polygon.dataset.view = viewIndex;
    entry.overlay.appendChild(polygon);
  }

  function dot(entry, point) {
    const circle = document.createElementNS(SVGNS, "circle");
    circle.setAttribute("cx", point[0]);
    circle.setAttribute("cy", point[1]);
    circle.setAttribute("r", 9);
    circle.setAttribute("class", "dot");
    entry.overlay.appendChild(circle);
  }

  // MARK: pointers (mouse, pen, every finger of a touchscreen)

  function screenPoint(stage, event) {
    const p = stage.createSVGPoint();
    p.x = event.clientX;
    p.y = event.clientY;
    const local = p.matrixTransform(stage.getScreenCTM().inverse());
    const report = state.screens[0].report;
    return { x: Math.min(Math.max(local.x, 0), report.width), y: Math.min(Math.max(local.y, 0), report.height) };
  }

  function attachPointers(stage) {
    const send = (phase, event) => {
      if (!state.socket || state.socket.readyState !== 1) return;
      const p = screenPoint(stage, event);
      state.socket.send(JSON.stringify({ type: "pointer", phase, id: event.pointerId,
        x: Math.round(p.x * 100) / 100, y: Math.round(p.y * 100) / 100, t: event.timeStamp }));
    };
    stage.addEventListener("pointerdown", (event) => {
      event.preventDefault();
      if (state.down.has(event.pointerId)) return;
      const p = screenPoint(stage, event);
      if (p.y >= state.screens[0].report.height) return;  // the legend under the screen
      try { stage.setPointerCapture(event.pointerId); } catch (e) { /* synthetic pointers cannot be captured */ }
      state.down.set(event.pointerId, stage);
      clearTimeout(state.idleTimer);
      send("down", event);
    });
    stage.addEventListener("pointermove", (event) => {
      if (state.down.get(event.pointerId) !== stage) return;
      send("move", event);
    });
    const lift = (phase) => (event) => {
      if (state.down.get(event.pointerId) !== stage) return;
      state.down.delete(event.pointerId);
      send(phase, event);
      if (state.down.size === 0) {
        // With every finger up, let the clock run on so pending timers (a double-tap wait) fire and show.
        // A live ensemble's clock runs by itself: nothing to advance.
        if (state.mode === "live") return;
        state.idleTimer = setTimeout(() => {
          if (state.socket && state.socket.readyState === 1 && state.down.size === 0) {
            state.socket.send(JSON.stringify({ type: "advance", t: performance.now() }));
          }
        }, 800);
      }
    };
    stage.addEventListener("pointerup", lift("up"));
    stage.addEventListener("pointercancel", lift("cancel"));
  }

  // MARK: messages

  function receive(message) {
    switch (message.type) {
      case "hello":
      case "reset":
      case "foreground":
        // A live explorer's foreground changed (an icon tapped, an app switched): its screen, fresh steps.
        showNote(message.note);
        state.mode = message.mode;
        text($("mode"), "— " + message.mode);
        buildScreens(message.screens);
        state.differences = new Set();
        state.current = -1;
        render();
        break;
      case "steps":
      case "run":
        if (message.type === "run") {
          state.steps = state.screens.map(() => []);
          state.differences = new Set();
          state.screens.forEach((entry) => drawScreen(entry, entry.initial || entry.report));
        }
        (message.variants || []).forEach((steps, v) => { state.steps[v] = (state.steps[v] || []).concat(steps); });
        (message.differences || []).forEach((i) => state.differences.add(i));
        if (message.variants && message.variants[0] && message.variants[0].length) {
          state.current = message.type === "run" ? 0 : state.steps[0].length - 1;
        }
        render();
        break;
      case "note":
        showNote(message.note);
        break;
      case "append": {
        // A live app's trace records, arriving after the frame that caused them.
        const step = stepAt(0, message.step);
        if (!step) break;
        step.trace = step.trace.concat(message.trace || []);
        render();
        break;
      }
      case "refused":
        state.refusals += 1;
        const box = $("refusals");
        box.hidden = false;
        const counts = message.counts || {};
        const refused = Object.keys(counts).filter((k) => k.startsWith("refused.") && counts[k] > 0)
          .map((k) => k.slice(8) + " " + counts[k]).join(", ");
        text(box, "refused (" + message.code + "): " + message.refusal + " — refused so far: " + refused);
        break;
    }
  }

  function showNote(note) {
    const box = $("note");
    box.hidden = !note;
    text(box, note || "");
  }

  // MARK: rendering a step

  function stepAt(v, i) { return (state.steps[v] || [])[i]; }

  function render() {
    const total = state.steps[0] ? state.steps[0].length : 0;
    const scrubber = $("scrubber");
    scrubber.max = Math.max(total - 1, 0);
    scrubber.value = Math.max(state.current, 0);
    const step = stepAt(0, state.current);
    text($("stepLabel"), step ? "step " + step.index + " of " + total + " — t=" + (step.time / 1e9).toFixed(3) + " s — " + step.input
      : "no step yet");
    text($("status"), state.static ? "static export: step through the recorded run" :
      (state.socket && state.socket.readyState === 1 ? "connected: touch the screen" : $("status").textContent));
    state.screens.forEach((entry, v) => {
      // The screen as it was at this step (a step that changed it carries the new one).
      let report = entry.initial || entry.report;
      for (let i = 0; i <= state.current; i++) { const s = stepAt(v, i); if (s && s.screen) report = s.screen; }
      if (report !== entry.report) drawScreen(entry, report);
      entry.overlay.textContent = "";
    });
    renderHitTest();
    renderLanes();
    renderTrace();
    renderDifferences();
  }

  /// The latest step at or before the current one where fingers went down.
  function lastFingers(v) {
    for (let i = state.current; i >= 0; i--) { const s = stepAt(v, i); if (s && s.fingers.length) return s; }
    return null;
  }

  function renderHitTest() {
    const panel = $("hitpath");
    const chain = $("chain");
    panel.textContent = "";
    chain.textContent = "";
    const latest = stepAt(0, state.current);
    if (latest && latest.note) panel.appendChild(make("div", "stepNote", latest.note));
    if (state.mode === "live" && lastFingers(0)) {
      panel.appendChild(make("div", "stepNote",
        "hit-tested on the scene file as loaded; what the app itself did is its trace, below"));
    }
    state.screens.forEach((entry, v) => {
      const step = lastFingers(v);
      if (!step) return;
      step.fingers.forEach((finger) => {
        const line = make("div", "finger");
        const prefix = state.screens.length > 1 ? entry.report.title + ": " : "";
        line.appendChild(make("span", "", prefix + "finger " + finger.finger + " at (" + finger.point.join(",") + "): "));
        finger.path.forEach((visit, n) => {
          if (n > 0) line.appendChild(document.createTextNode(" → "));
          const chosen = visit.view === finger.chosen;
          const span = make("span", "visit" + (visit.skipped ? " skipped" : "") + (chosen ? " chosen" : ""),
            visit.label + (visit.skipped ? " (skipped, " + visit.skipped + ")" : ""));
          if (visit.reason) span.title = visit.reason;
          line.appendChild(span);
          if (visit.view !== undefined && visit.view !== null) outline(entry, visit.view, visit.skipped ? "skip" : "path");
        });
        line.appendChild(make("div", "chosenLine", "chosen: " + (finger.chosenLabel || "no view (nothing is hit-testable there)")));
        if (finger.recognizers.length) line.appendChild(make("div", "", "recognizers that see it: " + finger.recognizers.join(", ")));
        panel.appendChild(line);
        if (finger.chosen !== undefined && finger.chosen !== null) outline(entry, finger.chosen, "chosen");
        dot(entry, finger.point);
        chain.appendChild(make("div", "chainLine", prefix + finger.chain.join(" → ")));
      });
    });
    if (!panel.childNodes.length) text(panel, "touch the screen");
  }

  function renderLanes() {
    const panel = $("lanes");
    panel.textContent = "";
    state.screens.forEach((entry, v) => {
      const lanes = new Map();
      for (let i = 0; i <= state.current; i++) {
        const step = stepAt(v, i);
        if (!step) continue;
        step.trace.forEach((t) => {
          if (t.kind !== "transition" || !t.recognizer) return;
          if (!lanes.has(t.recognizer)) lanes.set(t.recognizer, [{ state: t.from, cause: "" }]);
          lanes.get(t.recognizer).push({ state: t.state, cause: t.reason || "", step: step.index, seq: t.seq });
        });
      }
      lanes.forEach((states, name) => {
        const lane = make("div", "lane");
        lane.dataset.recognizer = name;
        lane.appendChild(make("span", "name", (state.screens.length > 1 ? entry.report.title + ": " : "") + name));
        states.forEach((s, n) => {
          if (n > 0) lane.appendChild(document.createTextNode("→"));
          const chip = make("span", "state " + s.state, s.state);
          chip.title = (s.step !== undefined ? "step " + s.step + ": " : "") + s.cause;
          if (s.step !== undefined) chip.addEventListener("click", () => { state.current = s.step; render(); });
          lane.appendChild(chip);
        });
        panel.appendChild(lane);
      });
    });
    if (!panel.childNodes.length) text(panel, "no recognizer changed state yet");
  }

  function renderTrace() {
    const holder = $("trace");
    holder.textContent = "";
    for (let v = 0; v < state.screens.length; v++) {
      for (let i = 0; i <= state.current; i++) {
        const step = stepAt(v, i);
        if (!step) continue;
        step.trace.forEach((t) => {
          const li = make("li", (i === state.current ? "current" : "") + (state.differences.has(step.index) ? " differs" : ""),
            (state.screens.length > 1 ? "[" + state.screens[v].report.title + "] " : "") + t.explained);
          li.dataset.step = step.index;
          li.dataset.variant = v;
          if (t.view !== undefined && t.view !== null) li.dataset.view = t.view;
          // Each line is linked to what it is about: its view on the screen, or its recognizer's lane.
          li.addEventListener("mouseenter", () => light(v, t));
          li.addEventListener("mouseleave", () => light(v, null));
          li.addEventListener("click", () => { state.current = step.index; render(); });
          holder.appendChild(li);
        });
      }
    }
    const current = holder.querySelector("li.current");
    if (current) current.scrollIntoView({ block: "nearest" });
  }

  function light(v, t) {
    const entry = state.screens[v];
    entry.overlay.querySelectorAll(".hl.lit").forEach((n) => n.remove());
    document.querySelectorAll(".lane.litLane").forEach((n) => n.classList.remove("litLane"));
    if (!t) return;
    if (t.view !== undefined && t.view !== null) outline(entry, t.view, "lit");
    if (t.recognizer) {
      document.querySelectorAll(".lane").forEach((lane) => {
        if (lane.dataset.recognizer === t.recognizer) lane.classList.add("litLane");
      });
    }
  }

  function renderDifferences() {
    const box = $("differences");
    if (state.screens.length < 2) { box.hidden = true; return; }
    box.hidden = false;
    const list = Array.from(state.differences).sort((a, b) => a - b);
    text(box, list.length ? "the variants differ at steps " + list.join(", ") + " (marked red in the trace)"
      : "the variants agree so far");
  }

  // MARK: controls

  function setup() {
    $("scrubber").addEventListener("input", (e) => { state.current = parseInt(e.target.value, 10); render(); });
    $("prev").addEventListener("click", () => { if (state.current > 0) { state.current -= 1; render(); } });
    $("next").addEventListener("click", () => {
      if (state.current < state.steps[0].length - 1) { state.current += 1; render(); }
    });
    $("play").addEventListener("click", () => {
      state.current = -1;
      const tick = () => {
        if (state.current >= state.steps[0].length - 1) return;
        state.current += 1;
        render();
        setTimeout(tick, 400);
      };
      tick();
    });
    $("reset").addEventListener("click", () => {
      if (state.socket && state.socket.readyState === 1) state.socket.send(JSON.stringify({ type: "reset" }));
    });
    $("scriptFile").addEventListener("change", (e) => {
      const file = e.target.files[0];
      if (!file || !state.socket) return;
      file.text().then((body) => state.socket.send(JSON.stringify({ type: "play", name: file.name, text: body })));
    });
  }

  function connect() {
    const token = new URLSearchParams(location.search).get("token");
    const url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws" +
      (token ? "?token=" + encodeURIComponent(token) : "");
    const socket = new WebSocket(url);
    state.socket = socket;
    socket.addEventListener("open", () => text($("status"), "connected: touch the screen"));
    socket.addEventListener("message", (e) => {
      try { receive(JSON.parse(e.data)); } catch (error) { text($("status"), "bad message from the server: " + error); }
    });
    socket.addEventListener("close", (e) => {
      text($("status"), "disconnected (" + e.code + (e.code === 1009 ? ": message too large" : "") + ")");
    });
  }

  setup();
  if (window.EXPLORER_STATIC) {
    state.static = true;
    receive(window.EXPLORER_STATIC.hello);
    receive(window.EXPLORER_STATIC.run);
  } else {
    connect();
  }
})();
