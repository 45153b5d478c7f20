// trackkit edit: the page.  It keeps the form being edited (tiles and race
// settings) and its undo history; the server answers every edit with the
// drawing and the findings.  No rule is checked here.
"use strict";

const TOKEN = new URLSearchParams(location.search).get("token") || "";

const PALETTES = {
  racepack: [
    { id: "straight", label: "Straight", tiles: ["S"], key: "s" },
    { id: "left", label: "Left", tiles: ["L"], key: "l" },
    { id: "right", label: "Right", tiles: ["R"], key: "r" },
    { id: "chicane-left", label: "Chicane left", tiles: ["CL"] },
    { id: "chicane-right", label: "Chicane right", tiles: ["CR"] },
    { id: "hairpin-right", label: "Hairpin right", tiles: ["R", "R", "L"], title: "three corners: right, right, left" },
    { id: "hairpin-left", label: "Hairpin left", tiles: ["L", "L", "R"], title: "three corners: left, left, right" },
  ],
  motocross: [
    { id: "straight", label: "Straight", tiles: ["S"], key: "s" },
    { id: "left", label: "Left", tiles: ["L"], key: "l" },
    { id: "right", label: "Right", tiles: ["R"], key: "r" },
    { id: "ramp-up", label: "Ramp coin +", ramp: 1, title: "slip one more coin under the selected tile" },
    { id: "ramp-down", label: "Ramp coin −", ramp: -1, title: "take a coin from under the selected tile" },
  ],
};

const DEFAULTS = {
  racepack: { laps: 3, cars: 4, packs: 1 },
  motocross: { players: 4, packs: 1 },
};

const state = {
  form: null,
  selected: -1,
  undo: [],
  redo: [],
  overlays: { lanes: false, grid: false, line: false, hazards: false },
  sequence: 0,
  shown: 0,
  faults: new Set(),
};

const $ = (id) => document.getElementById(id);

function emptyForm(game) {
  return Object.assign({ game, path: [], name: null, heading: "east", start: null, ramps: {} }, DEFAULTS[game]);
}

function copy(form) {
  return JSON.parse(JSON.stringify(form));
}

// --- talking to the server ---------------------------------------------------

let busy = 0;
function setBusy(change) {
  busy += change;
  document.body.dataset.busy = String(busy);
}

// Sends a request and reads its answer with ``read``; the page counts as busy
// (body[data-busy], which the browser tests wait on) until the answer is read.
async function post(route, body, read) {
  setBusy(1);
  try {
    const answer = await fetch(route, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Trackkit-Token": TOKEN },
      body: JSON.stringify(Saving.based(body)),
    });
    return { ok: answer.ok, status: answer.status, headers: answer.headers, data: await read(answer) };
  } finally {
    setBusy(-1);
  }
}

function postJson(route, body) {
  return post(route, body, (answer) => answer.json());
}

function say(text, kind) {
  const box = $("message");
  box.textContent = text || "";
  box.className = kind || "";
}

// --- editing -------------------------------------------------------------------

function commit(form, move) {
  state.undo.push(copy(state.form));
  state.redo = [];
  state.form = form;
  refresh(move);
}

function undo() {
  if (!state.undo.length) return;
  state.redo.push(copy(state.form));
  state.form = state.undo.pop();
  state.selected = Math.min(state.selected, state.form.path.length - 1);
  refresh();
}

function redo() {
  if (!state.redo.length) return;
  state.undo.push(copy(state.form));
  state.form = state.redo.pop();
  state.selected = Math.min(Math.max(state.selected, 0), state.form.path.length - 1);
  refresh();
}

function addTiles(tiles) {
  const form = copy(state.form);
  const at = state.selected + 1;
  form.path.splice(at, 0, ...tiles);
  form.ramps = shiftRamps(form.ramps, at, tiles.length);
  state.selected = at + tiles.length - 1;
  commit(form);
}

function removeSelected() {
  if (state.selected < 0 || !state.form.path.length) return;
  const form = copy(state.form);
  const at = state.selected;
  form.path.splice(at, 1);
  delete form.ramps[String(at)];
  form.ramps = shiftRamps(form.ramps, at + 1, -1);
  state.selected = Math.min(at - 1 < 0 && form.path.length ? 0 : at - 1, form.path.length - 1);
  commit(form);
}

function shiftRamps(ramps, from, by) {
  const moved = {};
  for (const [tile, coins] of Object.entries(ramps || {})) {
    const number = Number(tile);
    moved[String(number >= from ? number + by : number)] = coins;
  }
  return moved;
}

function changeRamp(by) {
  if (state.selected < 0) return say("select a tile first", "warn");
  const form = copy(state.form);
  const key = String(state.selected);
  const coins = (form.ramps[key] || 0) + by;
  if (coins > 0) form.ramps[key] = coins;
  else delete form.ramps[key];
  commit(form);
}

function setting(id, value) {
  const form = copy(state.form);
  form[id] = value;
  commit(form);
}

// --- showing -----------------------------------------------------------------------

async function refresh(move) {
  const sequence = ++state.sequence;
  document.body.dataset.requested = String(sequence);
  showForm();
  const body = { layout: state.form, overlays: state.overlays };
  if (move) body.move = move;
  const { ok, data } = await postJson("api/check", body);
  if (sequence !== state.sequence) return; // a later edit is on its way
  if (!ok) {
    document.body.dataset.revision = String(sequence);
    return say(data.error, "error");
  }
  if (move) state.form = data.form;
  state.shown = sequence;
  document.body.dataset.revision = String(sequence);
  showForm();
  showAnswer(data);
}

function showForm() {
  const form = state.form;
  $("game").value = form.game;
  for (const element of document.querySelectorAll("[data-game]")) {
    element.hidden = element.dataset.game !== form.game;
  }
  for (const id of ["name", "start", "laps", "cars", "players", "packs"]) {
    const input = $(id);
    if (document.activeElement !== input) input.value = form[id] === null || form[id] === undefined ? "" : form[id];
  }
  showPalette();
  showStrip();
  $("undo").disabled = !state.undo.length;
  $("redo").disabled = !state.redo.length;
}

let paletteGame = null;
function showPalette() {
  if (paletteGame === state.form.game) return;
  paletteGame = state.form.game;
  const box = $("palette");
  box.replaceChildren();
  for (const piece of PALETTES[paletteGame]) {
    const button = document.createElement("button");
    button.textContent = piece.label + (piece.key ? ` (${piece.key})` : "");
    button.title = piece.title || `add ${piece.tiles.join(" ")} after the selected tile`;
    button.dataset.piece = piece.id;
    button.addEventListener("click", () => usePiece(piece));
    button.draggable = true;
    button.addEventListener("dragstart", (event) => event.dataTransfer.setData("text/plain", piece.id));
    box.append(button);
  }
}

function usePiece(piece) {
  return piece.ramp ? changeRamp(piece.ramp) : addTiles(piece.tiles);
}

// A piece dragged from the palette and dropped on a tile (in the strip or on
// the drawing) goes after that tile; dropped elsewhere on the strip, at the end.
function acceptDrop(element, index) {
  element.addEventListener("dragover", (event) => event.preventDefault());
  element.addEventListener("drop", (event) => {
    event.preventDefault();
    event.stopPropagation();
    const piece = PALETTES[state.form.game].find((p) => p.id === event.dataTransfer.getData("text/plain"));
    if (!piece) return;
    state.selected = index === undefined ? state.form.path.length - 1 : index;
    usePiece(piece);
  });
}

// Pointing at a finding lights up the tiles it names.
function highlight(tiles) {
  const hot = new Set(tiles);
  for (const chip of document.querySelectorAll("#strip .tile")) chip.classList.toggle("hot", hot.has(Number(chip.dataset.tile)));
  document.querySelectorAll("#drawing svg #tiles > rect.pickable").forEach((tile, index) => tile.classList.toggle("hot", hot.has(index)));
}

function showStrip() {
  const strip = $("strip");
  strip.replaceChildren();
  state.form.path.forEach((kind, index) => {
    const chip = document.createElement("button");
    chip.className = "tile" + (index === state.selected ? " selected" : "") + (state.faults.has(index) ? " fault" : "");
    const coins = state.form.ramps[String(index)];
    chip.textContent = kind + (coins ? "▴".repeat(Math.min(coins, 3)) : "");
    chip.title = `tile ${index}` + (coins ? `, ramp of ${coins}` : "");
    chip.dataset.tile = String(index);
    acceptDrop(chip, index);
    chip.addEventListener("click", () => {
      state.selected = index;
      showStrip();
      markTiles();
    });
    strip.append(chip);
  });
  if (!state.form.path.length) strip.textContent = "No tiles yet: pick a piece from the palette, or press s, l or r.";
}

function showAnswer(data) {
  const status = data.status || {};
  const parts = [`${status.tiles} of ${status.supply} tiles`];
  if (status.closure) parts.push(status.closure);
  if (status.valid !== undefined) parts.push(status.valid ? "legal" : "illegal");
  $("status").textContent = parts.join(" · ");
  $("status").className = "status " + (status.valid ? "legal" : status.valid === false ? "illegal" : "");
  $("summary").textContent = status.summary || "";
  state.faults = new Set();
  const list = $("findings");
  list.replaceChildren();
  for (const finding of data.findings) {
    const item = document.createElement("li");
    item.className = finding.severity;
    item.dataset.rule = finding.rule;
    const head = document.createElement("strong");
    head.textContent = `${finding.severity}[${finding.rule}]`;
    const words = document.createElement("span");
    words.textContent = " " + finding.message;
    item.append(head, words);
    if (finding.hint) {
      const hint = document.createElement("div");
      hint.className = "hint";
      hint.textContent = "hint: " + finding.hint;
      item.append(hint);
    }
    item.title = finding.explain || finding.line_text;
    item.addEventListener("mouseenter", () => highlight(finding.tiles));
    item.addEventListener("mouseleave", () => highlight([]));
    if (finding.severity === "error") finding.tiles.forEach((tile) => state.faults.add(tile));
    list.append(item);
  }
  if (!data.findings.length && !data.errors.length) {
    const item = document.createElement("li");
    item.className = "none";
    item.textContent = "No findings: every rule is kept.";
    list.append(item);
  }
  for (const problem of data.errors) {
    const item = document.createElement("li");
    item.className = "error reader";
    item.dataset.rule = "reader";
    item.textContent = problem.message + (problem.hint ? ` (${problem.hint})` : "");
    list.append(item);
  }
  showStrip();
  $("text").textContent = data.text;
  const drawing = $("drawing");
  drawing.replaceChildren();
  if (data.svg) {
    const parsed = new DOMParser().parseFromString(data.svg, "image/svg+xml");
    drawing.append(document.importNode(parsed.documentElement, true));
    wireTiles();
    markTiles();
  }
}

// The drawing lists its tiles in driving order: clicking one selects it,
// a piece dropped on one goes after it, and the selected tile is outlined.
function drawnTiles() {
  const tiles = document.querySelectorAll("#drawing svg #tiles > rect");
  return tiles.length === state.form.path.length ? tiles : [];
}

function wireTiles() {
  drawnTiles().forEach((tile, index) => {
    tile.classList.add("pickable");
    acceptDrop(tile, index);
    tile.addEventListener("click", () => {
      state.selected = index;
      showStrip();
      markTiles();
    });
  });
}

function markTiles() {
  drawnTiles().forEach((tile, index) => tile.classList.toggle("picked", index === state.selected));
}

// --- files ------------------------------------------------------------------------

// Shows a file opened (or a new track): Saving calls it (saving.js).
function loadOpened(data) {
  const game = $("game");
  if (!game.options.length) for (const name of data.games) game.append(new Option(name, name));
  state.form = data.form;
  for (const [key, value] of Object.entries(DEFAULTS[data.form.game])) {
    if (state.form[key] === null && !state.form.path.length) state.form[key] = value;
  }
  state.undo = [];
  state.redo = [];
  state.selected = state.form.path.length - 1;
  refresh();
}

async function generate() {
  const seedText = $("seed").value.trim();
  const body = { layout: state.form, seed: seedText === "" ? null : Number(seedText) };
  const { ok, data } = await postJson("api/generate", body);
  if (!ok) return say(data.error, "error");
  $("seed").value = String(data.seed);
  say(`generated with seed ${data.seed}`, "ok");
  state.selected = data.form.path.length - 1;
  commit(data.form);
}

// The name a download is offered under: the exact name (filename*, UTF-8
// percent-encoded), else the ASCII one, else `fallback`.
function downloadName(disposition, fallback) {
  const exact = disposition.match(/filename\*=UTF-8''([^;\s]+)/);
  if (exact) {
    try {
      return decodeURIComponent(exact[1]);
    } catch (error) {
      // a malformed encoding: the ASCII name below
    }
  }
  return (disposition.match(/filename="([^"]+)"/) || [null, fallback])[1];
}

async function exportFile() {
  const kind = $("export-kind").value;
  const answer = await post("api/export", { layout: state.form, kind, overlays: state.overlays }, (a) =>
    a.ok ? a.blob() : a.json(),
  );
  if (!answer.ok) return say(answer.data.error, "error");
  const blob = answer.data;
  const disposition = answer.headers.get("Content-Disposition") || "";
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = downloadName(disposition, `track.${kind}`);
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  say(`exported ${link.download}`, "ok");
}

// --- wiring --------------------------------------------------------------------------

function typing(event) {
  const tag = event.target.tagName;
  return tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA";
}

function onKey(event) {
  const key = event.key.toLowerCase();
  if ((event.ctrlKey || event.metaKey) && key === "s") {
    event.preventDefault();
    return Saving.save();
  }
  if (typing(event)) return;
  if ((event.ctrlKey || event.metaKey) && (key === "y" || (key === "z" && event.shiftKey))) {
    event.preventDefault();
    return redo();
  }
  if ((event.ctrlKey || event.metaKey) && key === "z") {
    event.preventDefault();
    return undo();
  }
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const piece = PALETTES[state.form.game].find((p) => p.key === key);
  if (piece) {
    event.preventDefault();
    return addTiles(piece.tiles);
  }
  if (key === "delete" || key === "backspace") {
    event.preventDefault();
    return removeSelected();
  }
  if (key === "arrowleft" || key === "arrowright") {
    const step = key === "arrowleft" ? -1 : 1;
    state.selected = Math.max(0, Math.min(state.form.path.length - 1, state.selected + step));
    showStrip();
    markTiles();
  }
}

function numberOrNull(text) {
  return text.trim() === "" ? null : Number(text);
}

function wire() {
  document.addEventListener("keydown", onKey);
  acceptDrop($("strip"));
  acceptDrop($("drawing"));
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("clear").addEventListener("click", () => Saving.clear());
  for (const button of document.querySelectorAll("[data-move]")) {
    button.addEventListener("click", () => commit(copy(state.form), button.dataset.move));
  }
  $("game").addEventListener("change", (event) => {
    event.target.blur(); // the keys lay tiles again
    const form = Object.assign(emptyForm(event.target.value), { path: copy(state.form).path, name: state.form.name });
    commit(form);
  });
  $("name").addEventListener("change", (event) => setting("name", event.target.value.trim() || null));
  for (const id of ["start", "laps", "cars", "players", "packs"]) {
    $(id).addEventListener("change", (event) => setting(id, numberOrNull(event.target.value)));
  }
  $("start-here").addEventListener("click", () => {
    if (state.selected >= 0) setting("start", state.selected);
  });
  for (const box of document.querySelectorAll("[data-overlay]")) {
    box.addEventListener("change", () => {
      state.overlays[box.dataset.overlay] = box.checked;
      refresh();
    });
  }
  $("open-file").addEventListener("change", (event) => {
    if (event.target.value) Saving.open(event.target.value).then(() => (event.target.value = ""));
  });
  $("save").addEventListener("click", () => Saving.save());
  $("generate").addEventListener("click", generate);
  $("export").addEventListener("click", exportFile);
}

state.form = emptyForm("racepack");
wire();
Saving.init({
  form: () => state.form,
  blank: () => emptyForm(state.form.game),
  load: loadOpened,
  post: postJson,
  refresh: () => refresh(),
  say,
});
Saving.open(null, false);
