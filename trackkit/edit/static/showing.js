// trackkit edit: showing the server's answer (the status, the findings,
// the palette and the drawing), each element written only when it changed.
// Loaded before editor.js, which holds the page's state.

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

