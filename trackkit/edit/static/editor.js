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
