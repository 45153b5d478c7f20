// trackkit edit: files opened, the settings and Generate forms the game
// describes, and exports.  Loaded before editor.js, which holds the page's state.

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

