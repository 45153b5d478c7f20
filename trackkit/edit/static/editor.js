// trackkit edit: the page.  It keeps the layout being edited as the text of
// its file and its undo history, and draws the table the server describes:
// every piece on its cell.  A piece put down, a road dragged, a section moved
// is sent as a placement; the server answers with the new text, the table,
// the drawing and the findings.  No game and no rule is known here: the
// palette, the settings and the Generate options come from the game.
"use strict";

const TOKEN = new URLSearchParams(location.search).get("token") || "";
const CELL = 48; // pixels of one table cell at zoom 1
const MARGIN = 2; // empty cells round the pieces

const state = {
  form: { game: "racepack", text: "trackkit: 1\n" },
  answer: null,
  chosen: new Set(),
  armed: null, // the palette piece clicks put down
  undo: [],
  redo: [],
  overlays: { lanes: false, grid: false, line: false, hazards: false },
  sequence: 0,
  zoom: 1,
  origin: [0, 0], // the table cell at the top-left corner of the canvas
};

const $ = (id) => document.getElementById(id);

// --- talking to the server ---------------------------------------------------

let busy = 0;
function setBusy(change) {
  busy += change;
  document.body.dataset.busy = String(busy);
}

// Sends a request and reads its answer with ``read``; the page counts as busy
// (body[data-busy], which the browser tests wait on) until the answer is read.
// ``timing`` keeps the milliseconds the last answer took on the page: the
// request until its answer's headers came (``request``), its body read and
// parsed (``read``), and the answer shown (``show``); and ``ready``, when
// the first drawing was on the page (from the start of the page's loading).
// The benchmark reads it.
const timing = { request: 0, read: 0, show: 0, ready: 0 };
async function post(route, body, read) {
  setBusy(1);
  try {
    const sent = performance.now();
    const answer = await fetch(route, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Trackkit-Token": TOKEN },
      body: JSON.stringify(Saving.based(body)),
    });
    const reached = performance.now();
    const data = await read(answer);
    timing.request = reached - sent;
    timing.read = performance.now() - reached;
    return { ok: answer.ok, status: answer.status, headers: answer.headers, data };
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

// --- editing: every change is one request, its answer the new state ----------

// Sends an edit (a route and its body beside the layout); an answer that
// changes the text goes on the undo history.
// Edits take turns: each is sent once the one before is answered, so keys
// typed fast each build on the last.
let queue = Promise.resolve();
function edit(route, extra) {
  const sequence = ++state.sequence;
  document.body.dataset.requested = String(sequence);
  queue = queue.then(() => sendEdit(route, extra, sequence));
  return queue;
}

async function sendEdit(route, extra, sequence) {
  const before = state.form;
  const { ok, data } = await postJson(route, Object.assign({ layout: before, overlays: state.overlays }, extra));
  if (!ok) return answered(sequence, () => say(data.error, "error"));
  if (data.form.text !== before.text) {
    state.undo.push(before);
    state.redo = [];
  }
  answered(sequence, () => show(data));
  return data;
}

// Shows the answer to edit ``sequence`` (``shown``), then counts it as
// answered (body[data-revision], which the browser tests and the benchmark
// wait on): everything is on the page by then.
function answered(sequence, shown) {
  const start = performance.now();
  try {
    shown();
  } finally {
    timing.show = performance.now() - start;
    document.body.dataset.revision = String(sequence);
  }
}

function place(placement) {
  return edit("api/place", { placement });
}

function check() {
  return edit("api/check", {});
}

function goTo(form, from, to) {
  if (!from.length) return;
  to.push(state.form);
  state.form = from.pop();
  state.chosen.clear();
  refreshAs(state.form);
}

function refreshAs(form) {
  const sequence = ++state.sequence;
  document.body.dataset.requested = String(sequence);
  queue = queue.then(async () => {
    const { ok, data } = await postJson("api/check", { layout: form, overlays: state.overlays });
    answered(sequence, () => (ok ? show(data) : say(data.error, "error")));
  });
  return queue;
}

const undo = () => goTo(state.form, state.undo, state.redo);
const redo = () => goTo(state.form, state.redo, state.undo);

function removeChosen() {
  if (!state.chosen.size) return say("choose a piece first: click it", "warn");
  const chosen = [...state.chosen];
  state.chosen.clear();
  return place({ action: "remove", chosen });
}

// --- showing an answer ---------------------------------------------------------

// Shows an answer, drawing and all.
function show(data) {
  state.form = data.form;
  state.answer = data;
  const count = data.table.spots.length;
  state.chosen = new Set([...state.chosen].filter((index) => index < count));
  $("game").value = data.form.game;
  for (const element of document.querySelectorAll("[data-for]")) setHidden(element, element.dataset.for !== data.form.game);
  showPalette(data.table.palette);
  showSettings(data.settings, data.values);
  showGenerate(data.generate);
  showStatus(data);
  showFindings(data);
  showTable();
  showDrawing(data.svg);
  const pane = $("text");
  if (document.activeElement !== pane) pane.value = data.text;
  const unreadable = data.errors.length && data.errors[0].line !== undefined && data.errors[0].line !== null;
  if (unreadable) $("text-pane").open = true;
  $("undo").disabled = !state.undo.length;
  $("redo").disabled = !state.redo.length;
  Saving.mark(); // the file's name marked while the table differs from the file
}

let paletteShown = "";
function showPalette(pieces) {
  const key = JSON.stringify(pieces);
  if (key === paletteShown) return;
  paletteShown = key;
  state.armed = null;
  const box = $("palette");
  box.replaceChildren();
  for (const piece of pieces) {
    const button = document.createElement("button");
    button.textContent = piece.label + (piece.key ? ` (${piece.key})` : "");
    button.title = piece.title;
    button.dataset.piece = piece.id;
    button.draggable = true;
    button.addEventListener("click", () => arm(piece));
    button.addEventListener("dragstart", (event) => event.dataTransfer.setData("text/plain", piece.id));
    box.append(button);
  }
}

// Clicking a palette piece arms it: the next click on the table puts it down
// (a piece that goes on a piece, on the piece clicked); clicking it again
// disarms it.
function arm(piece) {
  state.armed = state.armed && state.armed.id === piece.id ? null : piece;
  for (const button of document.querySelectorAll("#palette button")) {
    button.classList.toggle("armed", state.armed !== null && button.dataset.piece === state.armed.id);
  }
  if (state.armed && state.armed.on === "piece" && state.chosen.size) {
    const chosen = [...state.chosen];
    const piece = state.armed;
    arm(piece);
    return place({ action: "put", piece: piece.id, chosen });
  }
}

function pieceOf(id) {
  return state.answer.table.palette.find((piece) => piece.id === id);
}

// Changes what the page shows only where it differs: an element written to,
// even with the same words, is laid out again, and the page with it.
function setText(element, text) {
  if (element.textContent !== text) element.textContent = text;
}

function setAttribute(element, name, value) {
  if (element.getAttribute(name) !== String(value)) element.setAttribute(name, value);
}

function setHidden(element, hidden) {
  if (element.hidden !== hidden) element.hidden = hidden;
}

let inventoryShown = "";
function showStatus(data) {
  const status = data.status || {};
  const parts = [status.pieces];
  if (status.size && status.size.split(" ")[0] !== (status.pieces || "").split(" ")[0]) parts.push(status.size);
  if (status.closing) parts.push("open");
  if (status.valid !== undefined) parts.push(status.valid ? "legal" : "illegal");
  setText($("status"), parts.filter(Boolean).join(" · "));
  setAttribute($("status"), "class", "status " + (status.valid ? "legal" : status.valid === false ? "illegal" : ""));
  setText($("summary"), status.summary || "");
  const close = $("close-loop");
  setHidden(close, !status.closing);
  setText(close, `Close the loop (${status.closing} more)`);
  const key = JSON.stringify(data.table.inventory);
  if (key === inventoryShown) return;
  inventoryShown = key;
  const inventory = $("inventory");
  inventory.replaceChildren();
  for (const stock of data.table.inventory) {
    const item = document.createElement("span");
    item.dataset.what = stock.what;
    item.textContent = `${stock.what}: ${stock.used} used, ${stock.supply - stock.used} left`;
    if (stock.used > stock.supply) item.className = "over";
    inventory.append(item);
  }
}

let findingsShown = "";
function showFindings(data) {
  const key = JSON.stringify([data.findings, data.errors]);
  if (key === findingsShown) return; // the same findings: the same list and faults
  findingsShown = key;
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
    item.addEventListener("mouseenter", () => highlight(finding.tiles || []));
    item.addEventListener("mouseleave", () => highlight([]));
    if (finding.severity === "error") (finding.tiles || []).forEach((tile) => state.faults.add(tile));
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
    const where = problem.line ? `line ${problem.line}, column ${problem.column}: ` : "";
    item.textContent = where + problem.message + (problem.hint ? ` (${problem.hint})` : "");
    list.append(item);
  }
}

function highlight(indices) {
  const hot = new Set(indices);
  for (const spot of document.querySelectorAll("#table .spot")) spot.classList.toggle("hot", hot.has(Number(spot.dataset.index)));
}

let drawingShown = null;
// The drawing is the server's SVG, read by the page's own parser (quicker
// than an XML parse and a copy into the page; under load, quicker than
// decoding it as an image too); it holds no script.  Only a drawing that
// changed is read.
function showDrawing(svg) {
  if (svg === drawingShown) return;
  drawingShown = svg;
  if (svg && !timing.ready) timing.ready = performance.now();
  $("drawing").innerHTML = svg ? svg.replace(/^<\?xml[^>]*>\s*/, "") : "";
}

// --- the table ----------------------------------------------------------------------

const SVG = "http://www.w3.org/2000/svg";
function node(name, attributes, parent) {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  if (parent) parent.append(element);
  return element;
}

// Cells are (x, y) in tiles, y north; the canvas puts north up.
function bounds() {
  const table = state.answer.table;
  const cells = [...table.spots.map((s) => s.cell), ...table.ghosts, ...table.closing];
  if (!cells.length) cells.push([0, 0]);
  const xs = cells.map((c) => c[0]);
  const ys = cells.map((c) => c[1]);
  return [Math.floor(Math.min(...xs)) - MARGIN, Math.ceil(Math.max(...ys)) + MARGIN, Math.ceil(Math.max(...xs)) + MARGIN, Math.floor(Math.min(...ys)) - MARGIN];
}

function toScreen(cell) {
  const size = CELL * state.zoom;
  return [(cell[0] - state.origin[0]) * size, (state.origin[1] - cell[1]) * size];
}

function cellAt(event) {
  const box = $("table").getBoundingClientRect();
  const size = CELL * state.zoom;
  const x = (event.clientX - box.left) / size;
  const y = (event.clientY - box.top) / size;
  return [Math.floor(x) + state.origin[0], state.origin[1] - Math.floor(y)];
}

// The piece on a cell: the one whose cell rounds to it (a chicane half a tile
// off the grid still answers on the cell it was pushed from).
function spotAt(cell) {
  const spots = state.answer.table.spots;
  return spots.find((s) => s.cell[0] === cell[0] && s.cell[1] === cell[1]) ||
    spots.find((s) => Math.abs(s.cell[0] - cell[0]) <= 0.5 && Math.abs(s.cell[1] - cell[1]) <= 0.5);
}

// The table is redrawn in place: the pieces' elements are kept and only
// moved, relabelled or added, so an edit of a long track changes a few
// attributes rather than building the whole table again.
const tableShown = { size: 0, spots: [], marked: "" };

function showTable() {
  const [west, north, east, south] = bounds();
  state.origin = [west, north];
  const size = CELL * state.zoom;
  const svg = $("table");
  if (tableShown.size !== size) startTable(svg, size);
  setAttribute(svg, "width", (east - west + 1) * size);
  setAttribute(svg, "height", (north - south + 1) * size);
  const table = state.answer.table;
  const marked = JSON.stringify([table.closing, table.ghosts, state.origin]);
  if (marked !== tableShown.marked) {
    tableShown.marked = marked;
    const marks = svg.querySelector(".marks");
    marks.replaceChildren();
    for (const cell of table.closing) square("closing", cell, marks);
    for (const cell of table.ghosts) square("ghost", cell, marks);
  }
  const layer = svg.querySelector(".spots");
  table.spots.forEach((spot, place) => showSpot(spot, place, layer, size));
  for (const left of tableShown.spots.splice(table.spots.length)) left.group.remove();
  showTrail();
}

// A new, empty table of cells ``size`` pixels wide (at the first drawing or a new zoom).
function startTable(svg, size) {
  tableShown.size = size;
  tableShown.spots = [];
  tableShown.marked = "";
  svg.replaceChildren();
  const defs = node("defs", {}, svg);
  const pattern = node("pattern", { id: "cells", width: size, height: size, patternUnits: "userSpaceOnUse" }, defs);
  node("path", { d: `M ${size} 0 L 0 0 0 ${size}`, fill: "none", stroke: "#e4e4e4" }, pattern);
  node("rect", { class: "grid", x: 0, y: 0, width: "100%", height: "100%" }, svg);
  node("g", { class: "marks" }, svg);
  node("g", { class: "spots" }, svg);
}

// One piece on the table: the ``place``-th element of the layer, made when
// missing, moved to its cell and given its label, note and state.
function showSpot(spot, place, layer, size) {
  let shown = tableShown.spots[place];
  if (!shown) {
    const group = node("g", { class: "spot" }, layer);
    node("rect", { x: 2, y: 2, width: size - 4, height: size - 4, rx: 4 }, group);
    const font = Math.max(9, Math.min(14, 12 * state.zoom));
    const text = node("text", { x: size / 2, y: size / 2, "font-size": font }, group);
    shown = { group, text, title: node("title", {}, group), room: Math.max(3, Math.floor((size - 6) / (font * 0.62))) };
    tableShown.spots[place] = shown;
  }
  const [x, y] = toScreen(spot.cell);
  setAttribute(shown.group, "transform", `translate(${x} ${y})`);
  setAttribute(shown.group, "data-index", spot.index);
  setAttribute(shown.group, "data-kind", spot.kind);
  shown.group.classList.toggle("chosen", state.chosen.has(spot.index));
  shown.group.classList.toggle("fault", state.faults.has(spot.index));
  const label = spot.label.length > shown.room ? spot.label.slice(0, shown.room - 1) + "…" : spot.label;
  setText(shown.text, label);
  setText(shown.title, spot.note);
}

function square(kind, cell, parent) {
  const size = CELL * state.zoom;
  const [x, y] = toScreen(cell);
  const attributes = { x: x + 2, y: y + 2, width: size - 4, height: size - 4, rx: 4 };
  if (kind) attributes.class = kind;
  return node("rect", attributes, parent);
}

// --- pointing: click, drag a road, drag a section, drop a palette piece ---------------

let drag = null;

function onDown(event) {
  if (!state.answer) return;
  $("table").setPointerCapture(event.pointerId);
  fingers.set(event.pointerId, [event.clientX, event.clientY]);
  if (event.button === 1 || fingers.size > 1) {
    event.preventDefault();
    return startGesture();
  }
  if (event.button !== 0 || gesture) return;
  const cell = cellAt(event);
  const spot = spotAt(cell);
  drag = { start: cell, cells: [cell], spot, moved: false, pointer: event.pointerId };
}

function onMove(event) {
  if (fingers.has(event.pointerId)) fingers.set(event.pointerId, [event.clientX, event.clientY]);
  if (gesture) return moveGesture();
  if (!drag || event.pointerId !== drag.pointer) return;
  const cell = cellAt(event);
  const last = drag.cells[drag.cells.length - 1];
  if (cell[0] === last[0] && cell[1] === last[1]) return;
  drag.moved = true;
  // a fast drag may skip cells: fill them in, a step at a time
  let [x, y] = last;
  while (x !== cell[0] || y !== cell[1]) {
    if (x !== cell[0]) x += Math.sign(cell[0] - x);
    else y += Math.sign(cell[1] - y);
    drag.cells.push([x, y]);
  }
  showTrail();
}

function showTrail() {
  const svg = $("table");
  svg.querySelectorAll(".trail").forEach((element) => element.remove());
  if (!drag || !drag.moved) return;
  for (const cell of drag.cells) square("trail", cell, svg);
}

function onUp(event) {
  fingers.delete(event.pointerId);
  if (gesture) return fingers.size ? startGesture() : (gesture = null);
  if (!drag || event.pointerId !== drag.pointer) return;
  const done = drag;
  drag = null;
  showTrail();
  const armed = state.armed;
  if (!done.moved) return clickOn(done.start, done.spot);
  if (armed && armed.on === "piece") {
    const chosen = done.cells.map(spotAt).filter(Boolean).map((spot) => spot.index);
    return place({ action: "put", piece: armed.id, cells: done.cells, chosen });
  }
  if (done.spot && !(armed && armed.on === "cell")) {
    const end = done.cells[done.cells.length - 1];
    const offset = [end[0] - done.start[0], end[1] - done.start[1]];
    const chosen = state.chosen.has(done.spot.index) ? [...state.chosen] : [done.spot.index];
    if (state.answer.table.ghosts.length && isEnd(done.spot)) return place({ action: "road", piece: armed ? armed.id : "", cells: done.cells });
    return place({ action: "move", chosen, offset });
  }
  return place({ action: "road", piece: armed ? armed.id : "", cells: done.cells });
}

// A drag from the first or last piece of an open road lays road from there.
function isEnd(spot) {
  const spots = state.answer.table.spots;
  return spot.index === spots.length - 1 || spot.index === 0;
}

function clickOn(cell, spot) {
  const armed = state.armed;
  if (spot && armed && armed.on === "piece") return place({ action: "put", piece: armed.id, chosen: [spot.index] });
  if (spot) {
    if (state.chosen.has(spot.index) && state.chosen.size === 1) state.chosen.clear();
    else state.chosen = new Set([spot.index]);
    return showTable();
  }
  state.chosen.clear();
  return place({ action: "put", piece: armed ? armed.id : "", cells: [cell] });
}

function onDrop(event) {
  event.preventDefault();
  const piece = pieceOf(event.dataTransfer.getData("text/plain"));
  if (!piece) return;
  const cell = cellAt(event);
  const spot = spotAt(cell);
  if (piece.on === "piece") {
    if (!spot) return say("drop it on a piece", "warn");
    return place({ action: "put", piece: piece.id, chosen: [spot.index] });
  }
  return place({ action: "put", piece: piece.id, cells: [cell] });
}

// --- panning and zooming: two fingers, the middle button, the wheel ------------------

const fingers = new Map(); // the pointers down on the table: id -> [x, y] on screen
let gesture = null; // two fingers (or the middle button) down: where they started

// Two fingers down end any road being dragged: from now on they pan (moved
// together) and zoom (pinched), as does the middle button (pan only).
function startGesture() {
  drag = null;
  showTrail();
  const box = $("table-box");
  gesture = { points: [...fingers.values()].map((point) => [...point]), zoom: state.zoom, scroll: [box.scrollLeft, box.scrollTop] };
}

function spread(points) {
  return points.length < 2 ? 0 : Math.hypot(points[0][0] - points[1][0], points[0][1] - points[1][1]);
}

function middle(points) {
  const sum = points.reduce((total, point) => [total[0] + point[0], total[1] + point[1]], [0, 0]);
  return [sum[0] / points.length, sum[1] / points.length];
}

// The table zoomed by how far the fingers spread since they came down, and
// scrolled so that the point first under their middle stays under it.
function moveGesture() {
  const now = [...fingers.values()];
  const before = spread(gesture.points);
  const factor = before > 0 ? spread(now) / before : 1;
  const scale = setZoom(gesture.zoom * factor) / gesture.zoom;
  const box = $("table-box");
  const frame = box.getBoundingClientRect();
  const [x0, y0] = middle(gesture.points);
  const [x1, y1] = middle(now);
  box.scrollLeft = (gesture.scroll[0] + x0 - frame.left) * scale - (x1 - frame.left);
  box.scrollTop = (gesture.scroll[1] + y0 - frame.top) * scale - (y1 - frame.top);
}

// Sets the zoom (0.4 to 3 times) and redraws the table; the zoom set.
function setZoom(value) {
  const zoomed = Math.min(3, Math.max(0.4, value));
  if (Math.abs(zoomed - state.zoom) > 0.005) {
    state.zoom = zoomed;
    showTable();
  }
  return state.zoom;
}

function zoom(by) {
  setZoom(state.zoom * by);
}

// --- files and settings ---------------------------------------------------------------------

// The form of an empty table of `game`: the text the server starts one with.
function emptyTable(game) {
  return { game, text: `trackkit: 1\ngame: ${game}\n` };
}

// Shows a file opened (or a new track): Saving calls it (saving.js).
function loadOpened(data) {
  const game = $("game");
  if (!game.options.length) for (const each of data.games) game.append(new Option(each, each));
  state.form = data.form;
  state.undo = [];
  state.redo = [];
  state.chosen.clear();
  refreshAs(state.form);
}

// A field of the form built from its description: a number (refusing what is
// not a whole number), a choice, a switch, text, or counts.
function field(spec, value, onChange) {
  if (spec.type === "counts") return countsField(spec, value, onChange);
  const label = document.createElement("label");
  label.textContent = spec.key.replace(/_/g, " ") + " ";
  label.title = spec.help || "";
  let input;
  if (spec.type === "choice") {
    input = document.createElement("select");
    input.append(new Option("", ""));
    for (const choice of spec.choices) input.append(new Option(choice, choice));
  } else {
    input = document.createElement("input");
    input.type = spec.type === "switch" ? "checkbox" : "text";
    if (spec.type === "number") {
      input.inputMode = "numeric"; // a text box, so that what is not a number is seen and refused
      input.size = 5;
    }
  }
  input.dataset.key = spec.key;
  if (spec.type === "switch") input.checked = value === undefined || value === null ? Boolean(spec.default) : Boolean(value);
  else input.value = value === undefined || value === null ? "" : String(value);
  if (spec.default !== null && spec.default !== undefined && spec.type !== "switch") input.placeholder = String(spec.default);
  input.addEventListener("change", () => {
    const read = readField(spec, input);
    if (read === undefined) {
      input.value = value === undefined || value === null ? "" : String(value);
      return say(`${spec.key} must be a whole number${spec.min !== undefined && spec.min !== null ? ` from ${spec.min}` : ""}${spec.max ? ` to ${spec.max}` : ""}`, "error");
    }
    onChange(read);
  });
  label.append(input);
  return label;
}

// A ``counts`` field (a rally collection): a box a group (``base``,
// ``expansion``), each written ``name: count, name: count``; a change sends
// every group.
function countsField(spec, value, onChange) {
  const box = document.createElement("fieldset");
  box.className = "counts";
  const legend = document.createElement("legend");
  legend.textContent = spec.key.replace(/_/g, " ");
  legend.title = spec.help || "";
  box.append(legend);
  const inputs = spec.groups.map((group) => {
    const label = document.createElement("label");
    label.textContent = group.key + " ";
    label.title = `${group.help} Write name: count, separated by commas.`;
    const input = document.createElement("input");
    input.dataset.key = spec.key;
    input.dataset.group = group.key;
    input.placeholder = "name: count, …";
    input.value = input.dataset.shown = countsText(value, group.key);
    label.append(input);
    box.append(label);
    return input;
  });
  for (const input of inputs) {
    input.addEventListener("change", () => {
      const read = {};
      for (const each of inputs) {
        read[each.dataset.group] = readCounts(each.value);
        if (read[each.dataset.group] === undefined) {
          each.value = each.dataset.shown; // back to what the file holds
          return say(`${spec.key} ${each.dataset.group} must be written name: count, name: count (whole numbers)`, "error");
        }
      }
      onChange(read);
    });
  }
  return box;
}

// A group of a counts value as its box shows it: ``name: count, ...``.
function countsText(value, group) {
  const counts = value && typeof value === "object" ? value[group] : null;
  return counts && typeof counts === "object" ? Object.entries(counts).map(([name, count]) => `${name}: ${count}`).join(", ") : "";
}

// The counts a box holds, ``{name: count}``; ``undefined`` when it is not
// written ``name: count, ...`` with whole numbers.
function readCounts(text) {
  const counts = {};
  for (const part of text.split(",").map((each) => each.trim()).filter(Boolean)) {
    const found = part.match(/^([^:\s]+)\s*:\s*(\d+)$/);
    if (!found) return undefined;
    counts[found[1]] = Number(found[2]);
  }
  return counts;
}

// The value of a field, ``null`` when empty, ``undefined`` when it is not a
// whole number within the bounds (the browser lets ``abc`` or ``1e3`` in).
function readField(spec, input) {
  if (spec.type === "switch") return input.checked;
  const text = input.value.trim();
  if (text === "") return input.validity && input.validity.badInput ? undefined : null;
  if (spec.type !== "number") return text;
  if (!/^-?\d+$/.test(text)) return undefined;
  const number = Number(text);
  if ((spec.min !== null && spec.min !== undefined && number < spec.min) || (spec.max !== null && spec.max !== undefined && number > spec.max)) return undefined;
  return number;
}

let settingsShown = "";
function showSettings(specs, values) {
  const key = JSON.stringify(specs);
  if (key === settingsShown) {
    for (const input of document.querySelectorAll("#settings [data-key]")) {
      if (input === document.activeElement) continue;
      const value = values[input.dataset.key];
      if (input.dataset.group) input.value = input.dataset.shown = countsText(value, input.dataset.group);
      else if (input.type === "checkbox") input.checked = Boolean(value);
      else input.value = value === undefined || value === null ? "" : String(value);
    }
    return;
  }
  settingsShown = key;
  const box = $("settings");
  box.replaceChildren();
  for (const spec of specs) {
    box.append(field(spec, values[spec.key], (value) => edit("api/check", { settings: { [spec.key]: value } })));
  }
}

const generateValues = {};
let generateShown = "";
function showGenerate(specs) {
  const key = JSON.stringify(specs);
  if (key === generateShown) return;
  generateShown = key;
  const box = $("generate-options");
  box.replaceChildren();
  for (const name of Object.keys(generateValues)) delete generateValues[name];
  for (const spec of specs) {
    const label = field(spec, null, (value) => { generateValues[spec.key] = value; });
    label.title = spec.help;
    box.append(label);
  }
}

async function generate() {
  const seedText = $("seed").value.trim();
  if (seedText !== "" && !/^\d+$/.test(seedText)) return say("the seed must be a whole number, 0 or more", "error");
  const data = await edit("api/generate", { seed: seedText === "" ? null : Number(seedText), options: generateValues });
  if (!data) return;
  $("seed").value = String(data.seed);
  say(`generated with seed ${data.seed}`, "ok");
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
  const disposition = answer.headers.get("Content-Disposition") || "";
  const link = document.createElement("a");
  link.href = URL.createObjectURL(answer.data);
  link.download = downloadName(disposition, `track.${kind}`);
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  say(`exported ${link.download}`, "ok");
}

// --- keys: whatever has focus, except a field one types in ----------------------------

function typing(event) {
  const target = event.target;
  if (target.isContentEditable || target.tagName === "TEXTAREA") return true;
  return target.tagName === "INPUT" && !["checkbox", "radio", "button"].includes(target.type);
}

function onKey(event) {
  const key = event.key.toLowerCase();
  const control = event.ctrlKey || event.metaKey;
  if (control && key === "s") {
    event.preventDefault();
    return Saving.save();
  }
  if (typing(event) || !state.answer) return;
  if (control && (key === "y" || (key === "z" && event.shiftKey))) {
    event.preventDefault();
    return redo();
  }
  if (control && key === "z") {
    event.preventDefault();
    return undo();
  }
  if (control || event.altKey) return;
  const action = { delete: removeChosen, backspace: removeChosen, "+": () => zoom(1.25), "=": () => zoom(1.25), "-": () => zoom(0.8),
    t: () => place({ action: "turn", chosen: [...state.chosen] }), f: () => place({ action: "flip", chosen: [...state.chosen] }),
    escape: () => { state.chosen.clear(); if (state.armed) arm(state.armed); showTable(); } }[key];
  const piece = state.answer.table.palette.find((p) => p.key === key);
  if (!piece && !action) return;
  event.preventDefault();
  if (document.activeElement && document.activeElement.tagName === "SELECT") document.activeElement.blur();
  return piece ? place({ action: "put", piece: piece.id }) : action();
}

function wire() {
  document.addEventListener("keydown", onKey);
  const table = $("table");
  table.addEventListener("pointerdown", onDown);
  table.addEventListener("pointermove", onMove);
  table.addEventListener("pointerup", onUp);
  table.addEventListener("pointercancel", (event) => {
    fingers.delete(event.pointerId);
    if (!fingers.size) gesture = null;
    drag = null;
    showTrail();
  });
  table.addEventListener("dragover", (event) => event.preventDefault());
  table.addEventListener("drop", onDrop);
  $("table-box").addEventListener("wheel", (event) => {
    if (!event.ctrlKey) return;
    event.preventDefault();
    zoom(event.deltaY < 0 ? 1.1 : 0.9);
  }, { passive: false });
  $("zoom-in").addEventListener("click", () => zoom(1.25));
  $("zoom-out").addEventListener("click", () => zoom(0.8));
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("remove").addEventListener("click", removeChosen);
  $("close-loop").addEventListener("click", () => place({ action: "close" }));
  $("clear").addEventListener("click", () => Saving.clear());
  for (const button of document.querySelectorAll("[data-action]")) {
    button.addEventListener("click", () => place({ action: button.dataset.action, chosen: [...state.chosen] }));
  }
  $("game").addEventListener("change", (event) => {
    state.undo.push(state.form);
    state.chosen.clear();
    refreshAs(emptyTable(event.target.value));
  });
  $("apply-text").addEventListener("click", () => {
    state.undo.push(state.form);
    refreshAs({ game: state.form.game, text: $("text").value });
  });
  for (const box of document.querySelectorAll("[data-overlay]")) {
    box.addEventListener("change", () => {
      state.overlays[box.dataset.overlay] = box.checked;
      check();
    });
  }
  $("open-file").addEventListener("change", (event) => {
    if (event.target.value) Saving.open(event.target.value).then(() => (event.target.value = ""));
  });
  $("save").addEventListener("click", () => Saving.save());
  $("generate").addEventListener("click", generate);
  $("export").addEventListener("click", exportFile);
}

state.faults = new Set();
wire();
Saving.init({
  form: () => state.form,
  blank: () => emptyTable(state.form.game),
  load: loadOpened,
  post: postJson,
  refresh: () => refreshAs(state.form),
  say,
});
Saving.open(null, false);
