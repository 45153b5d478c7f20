// trackkit edit: the table of cells the pieces lie on, and the pointer on
// it: clicks, road drags, section moves, palette drops, panning and zooming.
// Loaded before editor.js, which holds the page's state.

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

