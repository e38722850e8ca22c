// The page: collects the dropped or chosen files, lets the director mark the hand record, hands them to the
// worker (bridgelint in Pyodide) and shows what it reports.  Nothing leaves the browser.
const $ = (id) => document.getElementById(id);
const files = new Map();  // path as the report names it -> File
const urls = [];  // the blob: URLs of the last report, revoked when the next one comes
const worker = new Worker(new URL("worker.js", import.meta.url), { type: "module" });
// what the page did and when (milliseconds since it was opened): for the reader's curiosity and for the tests
const times = { opened: 0 };
window.bridgelint = { times, result: null, progress: [] };  // progress: the lines of the last check

function setState(state, text) {
  document.body.dataset.state = state;
  if (text !== undefined) $("progress").textContent = text;
  $("check").disabled = state !== "ready" || files.size === 0;
  $("clear").disabled = state === "checking" || files.size === 0;
}

function handRecord() {
  const marked = document.querySelector("input[name=hand]:checked");
  return marked && marked.value ? marked.value : null;
}

function render() {
  const body = $("list").querySelector("tbody");
  const keep = handRecord();
  body.replaceChildren();
  const none = row("(none)", "", "", keep === null);
  body.append(none);
  for (const [path, file] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
    body.append(row(path, file.size.toLocaleString("en") + " bytes", path, keep === path));
  }
  $("list").hidden = $("hint").hidden = files.size === 0;
  setState(document.body.dataset.state);
}

function row(label, size, value, checked) {
  const tr = document.createElement("tr");
  const name = document.createElement("td");
  name.textContent = label;
  const bytes = document.createElement("td");
  bytes.className = "size";
  bytes.textContent = size;
  const mark = document.createElement("td");
  const radio = document.createElement("input");
  Object.assign(radio, { type: "radio", name: "hand", value, checked });
  radio.setAttribute("aria-label", value ? `${value} is the hand record` : "no hand record");
  mark.append(radio);
  tr.append(name, bytes, mark);
  return tr;
}

function add(path, file) {
  files.set(path.replace(/^\/+/, ""), file);
}

// a dropped folder: every file below it, under the folder's name
async function walk(entry) {
  if (entry.isFile) {
    add(entry.fullPath, await new Promise((resolve, reject) => entry.file(resolve, reject)));
    return;
  }
  const reader = entry.createReader();
  for (;;) {
    const batch = await new Promise((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return;
    for (const child of batch) await walk(child);
  }
}

const drop = $("drop");
drop.addEventListener("dragover", (event) => { event.preventDefault(); drop.classList.add("over"); });
drop.addEventListener("dragleave", () => drop.classList.remove("over"));
drop.addEventListener("drop", async (event) => {
  event.preventDefault();
  drop.classList.remove("over");
  const entries = [...event.dataTransfer.items].map((item) => item.webkitGetAsEntry && item.webkitGetAsEntry());
  if (entries.every(Boolean)) {
    for (const entry of entries) await walk(entry);
  } else {
    for (const file of event.dataTransfer.files) add(file.name, file);
  }
  render();
});
$("files").addEventListener("change", (event) => {
  for (const file of event.target.files) add(file.name, file);
  event.target.value = "";
  render();
});
$("folder").addEventListener("change", (event) => {
  for (const file of event.target.files) add(file.webkitRelativePath || file.name, file);
  event.target.value = "";
  render();
});
$("clear").addEventListener("click", () => { files.clear(); render(); });

$("check").addEventListener("click", async () => {
  setState("checking", `Reading ${files.size} files…`);
  times.checked = performance.now();
  window.bridgelint.progress = [];
  const sent = await Promise.all([...files].map(async ([path, file]) => ({ path, bytes: await file.arrayBuffer() })));
  worker.postMessage({ files: sent, handRecord: handRecord() }, sent.map(({ bytes }) => bytes));
});

function show(result) {
  hide();
  const html = URL.createObjectURL(new Blob([result.html], { type: "text/html" }));
  const json = URL.createObjectURL(new Blob([result.json], { type: "application/json" }));
  urls.push(html, json);
  $("html").href = html;
  $("json").href = json;
  $("report").src = html;
  $("result").hidden = false;
}

function hide() {  // the last report, gone
  urls.splice(0).forEach((url) => URL.revokeObjectURL(url));
  ["html", "json"].forEach((id) => $(id).removeAttribute("href"));
  $("report").removeAttribute("src");
  $("result").hidden = true;
}

function answered(text) {  // a check is over, whatever came of it
  times.done = performance.now();
  setState("ready", text);
  document.body.dataset.checked = String((Number(document.body.dataset.checked) || 0) + 1);
}

worker.onmessage = ({ data }) => {
  if (data.type === "ready") {
    times.ready = performance.now();
    const seconds = (times.ready / 1000).toFixed(1);
    $("version").textContent = `bridgelint ${data.version}, in Pyodide; loaded in ${seconds} s.`;
    setState("ready", "Ready: drop the files.");
  } else if (data.type === "progress") {
    $("progress").textContent = data.text;
    window.bridgelint.progress.push(data.text);
  } else if (data.type === "done") {
    window.bridgelint.result = data;
    if (data.json === null) {  // the check did not start: what the command line said
      hide();
      answered(`Not checked: ${data.summary}`);
    } else {
      show(data);
      answered(`Checked in ${((performance.now() - times.checked) / 1000).toFixed(1)} s: ${data.summary}`);
    }
  } else if (data.stage === "check") {
    hide();
    answered(`The check failed: ${data.message}`);
  } else {
    setState("failed", data.message);  // Python did not load: nothing can be checked
  }
};
