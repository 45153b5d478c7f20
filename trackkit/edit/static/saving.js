// trackkit edit: files and saving.  Each tab keeps the file it opened and the
// version of it it started from, and states both with every request, so it
// edits and saves that file only (unless "Save as").  A save over a file
// changed since (another tab, another program) is refused by the server and
// the page offers the choice: reload it, save as, overwrite it.  Unsaved
// changes are asked about before opening another file, clearing, and
// leaving or reloading the page.
//
// The editor (editor.js) gives its hooks to Saving.init and calls the rest:
//   Saving.based(body)   a request body with the tab's file and version
//   Saving.open(name)    open a layout of the folder (null: the editor's own)
//   Saving.save()        save the tab's file, or the name in the Save box
//   Saving.clear()       start an empty table of the game, with nothing of the old
//   Saving.isDirty()     whether the form differs from the one opened or saved
//   Saving.mark()        show whether it does (called after every edit's answer)
// The form is the editor's {game, text}: the layout file's whole text.
"use strict";

const Saving = (() => {
  let page = null; // the editor's hooks: form, load, blank, post, refresh, say
  let opened = { file: null, version: null };
  let kept = null; // the form as opened or last saved, as canonical JSON
  let files = [];

  const $ = (id) => document.getElementById(id);

  // JSON with every object's keys sorted: two equal forms give one text.
  function canonical(value) {
    if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
    if (value && typeof value === "object") {
      const keys = Object.keys(value).sort();
      return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(",")}}`;
    }
    return JSON.stringify(value === undefined ? null : value);
  }

  function isDirty() {
    return page !== null && kept !== null && canonical(page.form()) !== kept;
  }

  // The file's name in the header, marked while it has unsaved changes;
  // body[data-dirty] says the same to the browser tests.
  function showMark() {
    const dirty = isDirty();
    const name = $("file-name");
    const shown = (opened.file || "new layout") + (dirty ? " •" : "");
    const title = dirty ? "unsaved changes" : "saved";
    if (document.body.dataset.dirty !== String(dirty)) document.body.dataset.dirty = String(dirty);
    if (name.textContent !== shown) name.textContent = shown; // written only when changed: a write lays the page out again
    if (name.title !== title) name.title = title;
  }

  function based(body) {
    showMark();
    return Object.assign({ opened }, body);
  }

  function showFiles(names) {
    files = names || files;
    $("save-name").value = opened.file ? "" : "track.yaml";
    const select = $("open-file");
    select.replaceChildren(new Option("Open…", ""));
    for (const name of files) select.append(new Option(name, name));
  }

  // What the tab now edits: the editor shows the form, and it counts as saved.
  function take(data) {
    opened = { file: data.file, version: data.version };
    page.load(data);
    kept = canonical(page.form());
    showFiles(data.files);
    showMark();
  }

  // A question in a dialog of the page; resolves with the value of the
  // button clicked ("cancel" on Escape).  Keys pressed in it stay in it.
  function ask(message, choices) {
    const dialog = document.createElement("dialog");
    dialog.id = "ask";
    const words = document.createElement("p");
    words.textContent = message;
    const row = document.createElement("div");
    row.className = "row";
    dialog.append(words, row);
    dialog.addEventListener("keydown", (event) => event.stopPropagation());
    document.body.append(dialog);
    return new Promise((resolve) => {
      const answer = (value) => {
        dialog.close();
        dialog.remove();
        resolve(value);
      };
      for (const [value, label] of choices) {
        const button = document.createElement("button");
        button.textContent = label;
        button.dataset.choice = value;
        button.addEventListener("click", () => answer(value));
        row.append(button);
      }
      dialog.addEventListener("cancel", (event) => {
        event.preventDefault();
        answer("cancel");
      });
      dialog.showModal();
    });
  }

  // Whether unsaved changes may be lost to `action` (asked only when there are some).
  async function mayDiscard(action) {
    if (!isDirty()) return true;
    const name = opened.file || "The new layout";
    const choices = [
      ["discard", "Discard changes"],
      ["cancel", "Keep editing"],
    ];
    return (await ask(`${name} has unsaved changes. ${action} and lose them?`, choices)) === "discard";
  }

  async function open(name, asking = true) {
    if (asking && !(await mayDiscard("Open another file"))) return false;
    const { ok, data } = await page.post("api/open", name ? { file: name } : {});
    if (!ok) {
      page.say(data.error, "error");
      return false;
    }
    take(data);
    const unreadable = data.problems && data.problems.length;
    page.say(unreadable ? "the file does not read: mend it in the text pane" : "", unreadable ? "warn" : "");
    return true;
  }

  async function clear() {
    if (!(await mayDiscard("Clear"))) return false;
    take({ form: page.blank(), file: null, version: null, files });
    page.say("a new table: name it in the box beside Save");
    return true;
  }

  async function save(overwrite = false) {
    const field = $("save-name");
    const name = field.value.trim() || null;
    if (!name && !opened.file) {
      field.focus();
      return page.say("name the new layout in the box beside Save", "warn");
    }
    const form = page.form();
    const { ok, status, data } = await page.post("api/save", { layout: form, file: name, confirm: overwrite });
    if (status === 409 && !overwrite) return conflict(name, data.error);
    if (!ok) return page.say(data.error, "error");
    opened = { file: data.saved, version: data.version };
    kept = canonical(form);
    showFiles(data.files);
    await page.refresh(); // the findings now name the file saved
    showMark();
    page.say(`saved ${data.saved}`, "ok");
  }

  // The server refused a save: the tab's file changed since it was opened,
  // or the name given for "Save as" is another file that exists.
  async function conflict(name, error) {
    const another = name !== null && name !== opened.file;
    const choices = another
      ? [
          ["overwrite", "Replace it"],
          ["cancel", "Cancel"],
        ]
      : [
          ["reload", "Reload it, losing my changes"],
          ["save-as", "Save as…"],
          ["overwrite", "Overwrite it"],
          ["cancel", "Cancel"],
        ];
    const choice = await ask(error, choices);
    if (choice === "overwrite") return save(true);
    if (choice === "reload") return open(opened.file, false);
    if (choice === "save-as") {
      const field = $("save-name");
      field.value = freeName(opened.file || "track.yaml");
      field.focus();
      field.select();
      return page.say("name the copy in the box beside Save, then Save", "warn");
    }
    page.say(error, "warn");
  }

  // `name` with the first number that makes it a name no file of the folder has.
  function freeName(name) {
    const dot = name.lastIndexOf(".");
    const [stem, ending] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ".yaml"];
    let number = 2;
    while (files.includes(`${stem}-${number}${ending}`)) number += 1;
    return `${stem}-${number}${ending}`;
  }

  function init(hooks) {
    page = hooks;
    kept = canonical(page.form()); // until a file is opened: the blank form
    window.addEventListener("beforeunload", (event) => {
      if (!isDirty()) return;
      event.preventDefault();
      event.returnValue = ""; // what older browsers need to ask
    });
  }

  return { init, based, open, save, clear, isDirty, ask, mark: showMark };
})();
