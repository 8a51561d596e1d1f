// Conundrum Studio's page: every change goes through the JSON API (docs/reference/studio-api.md).
"use strict";
(() => {
  const $ = (s) => document.querySelector(s);
  const token = document.querySelector('meta[name="conundrum-token"]').content;
  const api = async (method, path, body) => {
    const r = await fetch(path, {method, headers: {"Content-Type": "application/json",
      "X-Conundrum-Token": token}, body: body === undefined ? undefined : JSON.stringify(body)});
    return {status: r.status, body: await r.json()};
  };
  let revision = 0, spec = null, job = null, pending = 0;
  // the preview and the puzzles say they are about to change (aria-busy) from a save until
  // the build it starts has been shown: a screen reader, and a test, waits for the last one
  let busy = 0;
  const mark = () => ["#preview-area", "#puzzles"].forEach((s) => $(s).setAttribute("aria-busy", String(busy > 0)));
  const working = async (promise) => {
    busy += 1; mark();
    try { return await promise; } finally { busy -= 1; mark(); }
  };

  // ---- the book designer -------------------------------------------------------
  const readField = (el) => {
    if (el.type === "checkbox") return el.checked;
    const v = el.value.trim();
    if (v === "") return undefined;
    if (el.hasAttribute("data-number") && !Number.isNaN(Number(v))) return Number(v);
    return v;
  };
  const fill = (root, data) => root.querySelectorAll(":scope > .field [name], :scope > .field label [name]")
    .forEach((el) => { const v = data[el.name];
      if (el.type === "checkbox") el.checked = v === true; else el.value = v === undefined || v === null ? "" : String(v); });
  const collect = (root, data) => root.querySelectorAll("[name]").forEach((el) => {
    const v = readField(el); if (v === undefined || (el.type === "checkbox" && !v && data[el.name] === undefined)) delete data[el.name]; else data[el.name] = v; });
  const addSection = (data) => {
    const node = $("#section-template").content.firstElementChild.cloneNode(true);
    const idx = $("#sections").children.length;
    node.querySelectorAll(".field").forEach((f) => { f.dataset.key = "sections." + idx + "." + f.dataset.key.slice(2); });
    node.querySelectorAll("[id]").forEach((el) => { el.id += "-" + idx; });
    node.querySelectorAll("[for]").forEach((el) => { el.htmlFor += "-" + idx; });
    node.querySelectorAll("[aria-describedby]").forEach((el) => { el.setAttribute("aria-describedby", el.getAttribute("aria-describedby") + "-" + idx); });
    node.querySelector("legend").textContent = "Section " + (idx + 1);
    fill(node, data);
    if (data.puzzles) node.querySelector(".files").textContent = "Kept as files: " + data.puzzles.join(", ");
    node.querySelector(".remove").addEventListener("click", () => { spec.sections.splice(idx, 1); save(true); });
    node.querySelector(".up").disabled = idx === 0; // the first section has no place above it
    node.querySelector(".up").addEventListener("click", () => { if (idx > 0) { const s = spec.sections; [s[idx - 1], s[idx]] = [s[idx], s[idx - 1]]; save(true); } });
    $("#sections").appendChild(node);
  };
  const show = () => {
    fill($("#book-fields"), spec);
    $("#sections").replaceChildren();
    (spec.sections || []).forEach(addSection);
  };
  const clearErrors = () => document.querySelectorAll(".error").forEach((e) => { e.textContent = ""; });
  const loadSpec = async () => {
    const r = await api("GET", "/api/spec");
    if (r.status !== 200) { $("#book-error").textContent = r.body.errors[0].message; return; }
    spec = r.body.spec; revision = r.body.revision; sent = JSON.stringify(spec); show();
  };
  const fromForm = () => {
    const data = JSON.parse(JSON.stringify(spec));
    collect($("#book-fields"), data);
    [...$("#sections").children].forEach((node, i) => { collect(node, data.sections[i]); });
    return data;
  };
  // one save at a time: each is sent with the revision the one before it returned
  // a spec the studio already holds is not sent again: a field's change and the pause
  // after typing into it both save, and each save would start a build
  let saving = Promise.resolve(), sent = null;
  // a save the studio never answered (it stopped, the network failed) says so, and the
  // saves after it are still made: a rejected link would end the chain for good
  const save = (structural) => {
    saving = saving.then(() => saveNow(structural)).catch(() => { $("#saved").textContent = "Not saved: the studio did not answer"; });
    return working(saving); };
  const saveNow = async (structural) => {
    const body = JSON.stringify(spec);
    // the form is back to what book.yaml holds (a refused value undone): nothing to send,
    // and the refusal's message no longer stands
    if (body === sent && !structural) { clearErrors(); $("#saved").textContent = "Saved book.yaml"; return; }
    const r = await api("PUT", "/api/spec", {spec, revision});
    clearErrors();
    if (r.status === 200) {
      revision = r.body.revision; sent = body; $("#saved").textContent = "Saved book.yaml"; if (structural) show();
      if (!pending++) working(new Promise((ok) => setTimeout(ok, 300)).then(() => { pending = 0; return build(); }));
      return; }
    if (r.status === 409) { $("#book-error").textContent = r.body.errors[0].message; await loadSpec(); return; }
    r.body.errors.forEach((e) => {
      const field = document.querySelector(`.field[data-key="${e.key}"] .error`);
      (field || $("#book-error")).textContent = e.message;
    });
    $("#saved").textContent = "Not saved: see the message";
  };
  $("#spec-form").addEventListener("change", () => { clearTimeout(typing); spec = fromForm(); save(); });
  // checked as the author types: a pause of half a second saves (or shows the fault)
  let typing = null;
  $("#spec-form").addEventListener("input", (e) => {
    if (e.target.type === "checkbox" || e.target.tagName === "SELECT") return;
    clearTimeout(typing); typing = setTimeout(() => { spec = fromForm(); save(); }, 500); });
  $("#add-section").addEventListener("click", () => {
    spec = fromForm(); spec.sections = spec.sections || [];
    // a name no section has: "Section 3" again after a removal would be a twin
    const names = new Set(spec.sections.map((s) => String(s.name ?? "").trim()));
    let n = spec.sections.length + 1;
    while (names.has("Section " + n)) n += 1;
    spec.sections.push({name: "Section " + n, count: 2}); save(true); });
  $("#undo").addEventListener("click", async () => {
    const r = await api("POST", "/api/spec/undo", {});
    if (r.status === 200) { await loadSpec(); build(); } else $("#book-error").textContent = r.body.errors[0].message;
  });

  // ---- builds, preview, puzzles, publishing ---------------------------------------
  const follow = async (id, after) => {
    job = id;
    // a build may renumber the puzzles: the table's sheets load again once it is done
    // (`after`), never from the old numbers while it runs (a 404 for a puzzle gone)
    document.querySelectorAll("#puzzle-rows img").forEach((i) => i.removeAttribute("srcset"));
    for (;;) {
      const r = await api("GET", "/api/jobs/" + id);
      const j = r.body;
      $("#progress").max = Math.max(j.total, 1); $("#progress").value = j.done;
      $("#job-status").textContent = `${j.kind}: ${j.state} ${j.done}/${j.total} ${j.unit ?? ""}` +
        (j.seconds_left !== undefined ? `, about ${j.seconds_left} s left` : "") + (j.error ? ": " + j.error : "");
      // a job followed since (a publish clicked while a draft builds) stays the one Cancel stops
      if (!["queued", "running"].includes(j.state)) { if (job === id) job = null; if (j.state === "done") await after(j); return j; }
      await new Promise((ok) => setTimeout(ok, 250));
    }
  };
  // a request the studio refused: its message where the jobs report, never dropped
  const refused = (r) => { $("#job-status").textContent = (r.body.errors || [{message: r.body.error}])[0].message; };
  // the sheet shown large is drawn again from each new build (or put away if its number went)
  let sheetShown = null;
  const refresh = async () => {
    const n = (await api("GET", "/api/pages")).body.pages, stamp = Date.now();
    $("#preview").replaceChildren(...Array.from({length: n}, (_, i) => {
      const b = document.createElement("button"); b.type = "button"; b.className = "thumb";
      const img = document.createElement("img"); img.src = `/api/pages/${i + 1}.png?t=${stamp}`;
      img.alt = `Page ${i + 1}`; b.appendChild(img);
      b.addEventListener("click", () => { $("#large").src = `/api/pages/${i + 1}.png?size=large&t=${stamp}`;
        $("#large-caption").textContent = `Page ${i + 1}`; $("#large-figure").hidden = false; });
      return b; }));
    $("#cover").src = "/api/cover.png?t=" + stamp; $("#cover-figure").hidden = false;
    const rows = (await api("GET", "/api/puzzles")).body;
    $("#puzzle-rows").replaceChildren(...rows.map((p) => {
      const tr = document.createElement("tr");
      // the board, drawn at twice the pixels it is shown at (2x); a click shows the sheet
      const sheet = document.createElement("td"), img = document.createElement("img");
      const open = document.createElement("button"); open.type = "button"; open.className = "sheet-open";
      img.srcset = `/api/puzzles/${p.number}.png?part=board&t=${stamp} 2x`; img.alt = `Puzzle ${p.number}'s board`;
      img.className = "sheet"; img.loading = "lazy"; open.appendChild(img);
      open.setAttribute("aria-label", `Puzzle ${p.number} on its sheet, large`);
      open.addEventListener("click", () => { sheetShown = p.number; $("#sheet-large").src = `/api/puzzles/${p.number}.png?t=${stamp}`;
        $("#sheet-caption").textContent = `Puzzle ${p.number}`; $("#sheet-figure").hidden = false;
        $("#sheet-figure").scrollIntoView({block: "nearest"}); });
      sheet.appendChild(open); tr.appendChild(sheet);
      // two sections of one name: each said with its place in the book, to tell them apart
      const twin = rows.some((q) => q.section === p.section && q.section_index !== p.section_index);
      [p.number, twin ? `${p.section} (section ${p.section_index + 1})` : p.section, p.grade, p.score, p.given.map((g) => g.code + (g.positions === undefined ? "" : ` (${g.positions})`)).join(", "),
        p.board.length, p.locked ? "yes" : "no"].forEach((v) => { const td = document.createElement("td"); td.textContent = v ?? ""; tr.appendChild(td); });
      const td = document.createElement("td");
      // a kept row offers Unkeep instead of Keep (its file goes back to the free name)
      [["Another one", "regenerate"], p.locked ? ["Unkeep", "unlock"] : ["Keep", "lock"]].forEach(([label, what]) => {
        const b = document.createElement("button"); b.type = "button"; b.textContent = label;
        b.setAttribute("aria-label", `${label}: puzzle ${p.number}`); b.dataset.action = what;
        b.addEventListener("click", async () => { const r = await api("POST", `/api/puzzles/${p.number}/${what}`, {});
          if (r.status === 202) { await follow(r.body.job, refresh); await loadSpec(); } else refused(r); });
        td.appendChild(b); });
      // move within its section: one place up or down (the section prints as listed)
      const mates = rows.filter((q) => q.section_index === p.section_index), place = mates.indexOf(p) + 1;
      [["Up", place - 1], ["Down", place + 1]].forEach(([label, to]) => {
        const b = document.createElement("button"); b.type = "button"; b.textContent = label;
        b.setAttribute("aria-label", `Move puzzle ${p.number} ${label.toLowerCase()} in ${p.section}`);
        b.dataset.action = "move-" + label.toLowerCase(); b.disabled = to < 1 || to > mates.length;
        b.addEventListener("click", async () => { const r = await api("POST", `/api/puzzles/${p.number}/move`, {to});
          if (r.status === 202) { await follow(r.body.job, refresh); await loadSpec(); } else refused(r); });
        td.appendChild(b); });
      tr.appendChild(td); return tr; }));
    if (!$("#sheet-figure").hidden) {
      if (rows.some((p) => p.number === sheetShown)) $("#sheet-large").src = `/api/puzzles/${sheetShown}.png?t=${stamp}`;
      else $("#sheet-figure").hidden = true;
    }
  };
  // one draft build at a time: what changes while it runs is built once, after it
  let building = null, again = false;
  const build = () => {
    if (building) { again = true; return building; }
    building = working((async () => {
      do {
        again = false;
        const r = await api("POST", "/api/build", {draft: true});
        if (r.status === 202) await follow(r.body.job, refresh); else refused(r);
      } while (again);
    })()).finally(() => { building = null; });
    return building;
  };
  $("#build").addEventListener("click", () => build());
  $("#publish").addEventListener("click", async () => {
    const r = await api("POST", "/api/publish", {});
    if (r.status !== 202) { refused(r); return; }
    await follow(r.body.job, async (j) => {
      await refresh();
      $("#downloads").replaceChildren(...Object.entries(j.files).map(([what, name]) => {
        const li = document.createElement("li"), a = document.createElement("a");
        a.href = "/files/" + name; a.textContent = `${what}: ${name}`; a.setAttribute("download", ""); li.appendChild(a); return li; }));
      const failed = j.preflight.rules.filter((rule) => !rule.pass).length;
      $("#preflight-verdict").textContent = failed ? `Preflight: ${failed} of ${j.preflight.rules.length} rules fail (FAIL below): not ready for the printer` :
        `Preflight: all ${j.preflight.rules.length} rules pass`;
      $("#preflight").replaceChildren(...j.preflight.rules.map((rule) => {
        const tr = document.createElement("tr");
        [rule.rule, rule.figure, rule.limit, rule.pass ? "pass" : "FAIL"].forEach((v) => { const td = document.createElement("td"); td.textContent = v; tr.appendChild(td); });
        return tr; }));
    });
  });
  $("#cancel").addEventListener("click", () => { if (job) api("POST", `/api/jobs/${job}/cancel`, {}); });

  // ---- the setter's editor ---------------------------------------------------------
  // the board shows the tiles laid and 4 cells around them (at least 15 x 15): room to lay
  const MARGIN = 4, HALF = 7;
  const ed = {board: [], given: [], picked: null, dir: "h", flip: false};
  const cellOf = new Map();
  let shown = "";
  const grid = () => {
    const xs = [-HALF, HALF], ys = [-HALF, HALF];
    ed.board.forEach((p) => cells(p).forEach(([x, y]) => { xs.push(x - MARGIN, x + MARGIN); ys.push(y - MARGIN, y + MARGIN); }));
    const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
    const key = [x0, x1, y0, y1].join(",");
    if (key === shown) return;
    shown = key;
    const focused = document.activeElement && document.activeElement.classList.contains("cell") ?
      `${document.activeElement.dataset.x},${document.activeElement.dataset.y}` : null;
    cellOf.clear();
    const nodes = [];
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) {
      const c = document.createElement("button"); c.type = "button"; c.className = "cell";
      c.dataset.x = x; c.dataset.y = y; c.setAttribute("aria-label", `cell ${x}, ${y}`);
      c.addEventListener("click", () => lay(x, y));
      cellOf.set(`${x},${y}`, c); nodes.push(c);
    }
    $("#ed-board").replaceChildren(...nodes);
    $("#ed-board").style.gridTemplateColumns = `repeat(${x1 - x0 + 1}, 1.6rem)`;
    if (focused && cellOf.has(focused)) cellOf.get(focused).focus();
  };
  const cells = (p) => [0, 1, 2].map((i) => p.dir === "h" ? [p.at[0] + i, p.at[1]] : [p.at[0], p.at[1] + i]);
  const paint = () => {
    grid();
    cellOf.forEach((c) => { c.className = "cell"; c.textContent = ""; });
    ed.board.forEach((p) => cells(p).forEach(([x, y], i) => { const c = cellOf.get(`${x},${y}`);
      if (!c) return;
      const k = p.code[i], along = p.dir === "h" ? ["l", "r"] : ["t", "b"];
      // a tile's outline: its long sides always, its ends at its first and last squares
      const edges = (p.dir === "h" ? ["t", "b"] : ["l", "r"]).concat(i === 0 ? [along[0]] : [], i === 2 ? [along[1]] : []);
      c.className = "cell sq c-" + (k === "*" ? "J" : k) + edges.map((e) => " e-" + e).join("");
      c.textContent = k; }));
    document.querySelectorAll("#ed-tiles .tile").forEach((t) => {
      const used = ed.board.some((p) => same(p.code, t.dataset.code)) || ed.given.some((g) => same(g, t.dataset.code));
      t.disabled = used; t.setAttribute("aria-pressed", String(t.dataset.code === ed.picked)); });
  };
  const same = (a, b) => a === b || a === [...b].reverse().join("");
  const counts = async (lay) => {
    const r = await api("POST", "/api/editor/count", {rules: $("#ed-rules").value, kind: $("#ed-kind").value,
      board: ed.board, given: ed.given, lay});
    return r.body;
  };
  const update = async () => {
    paint();
    const c = await counts();
    if (c.errors) { $("#ed-verdict").textContent = c.errors[0].message; return; }
    // Lay them all asks for exactly one arrangement: say so either way, not only when it is
    const what = c.arrangements === undefined ? "" : `; ${c.arrangements} arrangement` +
      (c.arrangements === 1 ? " (exactly one)" : c.arrangements === 0 ? "s (none: no solution)" : "s (not exactly one)");
    $("#ed-verdict").textContent = (c.legal ? "A legal board" : "Not a legal board") + what +
      (c.score !== undefined ? `; score ${c.score}, grade ${c.grade}` : "");
    $("#ed-given").replaceChildren(...c.given.map((g) => { const li = document.createElement("li");
      li.dataset.code = g.code; li.textContent = `${g.code}: ${g.positions} positions`; return li; }));
    $("#ed-faults").replaceChildren(...c.faults.map((f) => { const li = document.createElement("li"); li.textContent = f; return li; }));
  };
  const lay = async (x, y) => {
    if (!ed.picked) { $("#ed-verdict").textContent = "Pick a tile first"; return; }
    const p = {code: ed.flip ? [...ed.picked].reverse().join("") : ed.picked, at: [x, y], dir: ed.dir};
    const c = await counts(p);
    if (c.lay && !c.lay.legal) { $("#ed-verdict").textContent = `${p.code} cannot go there: ${c.lay.reason}`; return; }
    ed.board.push(p); ed.picked = null; await update();
  };
  document.querySelectorAll("#ed-tiles .tile").forEach((t) => t.addEventListener("click", () => {
    ed.picked = ed.picked === t.dataset.code ? null : t.dataset.code; paint(); }));
  // a quarter turn each time: h, v, h read backwards, v read backwards
  const turn = () => { if (ed.dir === "v") ed.flip = !ed.flip; ed.dir = ed.dir === "h" ? "v" : "h";
    $("#ed-dir").textContent = "Direction: " + ed.dir + (ed.flip ? ", reversed" : ""); };
  $("#ed-dir").addEventListener("click", turn);
  $("#editor").addEventListener("keydown", (e) => { if (e.key === " " && e.target.classList.contains("cell")) { e.preventDefault(); turn(); } });
  $("#editor").addEventListener("keyup", (e) => { if (e.key === " " && e.target.classList.contains("cell")) e.preventDefault(); });
  $("#ed-give").addEventListener("click", () => { if (ed.picked) { ed.given.push(ed.picked); ed.picked = null; update(); } });
  $("#ed-undo").addEventListener("click", () => { if (ed.given.length) ed.given.pop(); else ed.board.pop(); update(); });
  $("#ed-clear").addEventListener("click", () => { ed.board = []; ed.given = []; update(); });
  ["#ed-kind", "#ed-rules"].forEach((s) => $(s).addEventListener("change", update));
  $("#ed-save").addEventListener("click", async () => {
    const r = await api("POST", "/api/editor/save", {rules: $("#ed-rules").value, kind: $("#ed-kind").value,
      board: ed.board, given: ed.given, name: $("#ed-name").value, section: $("#ed-section").value});
    $("#ed-saved").textContent = r.status === 200 ? "Saved " + r.body.file : r.body.errors[0].message;
    if (r.status === 200) await loadSpec();
  });
  $("#ed-replace").addEventListener("click", async () => {
    const r = await api("POST", `/api/puzzles/${Number($("#ed-number").value)}/replace`,
      {rules: $("#ed-rules").value, kind: $("#ed-kind").value, board: ed.board, given: ed.given});
    if (r.status !== 202) { $("#ed-saved").textContent = r.body.errors[0].message; return; }
    $("#ed-saved").textContent = "Replacing...";
    const j = await follow(r.body.job, refresh);
    $("#ed-saved").textContent = j.state === "done" ? "Replaced: " + j.notes.join(", ") : j.error;
    await loadSpec();
  });
  window.conundrumStudio = {editor: ed, update};

  loadSpec().then(async () => { if ((await api("GET", "/api/pages")).body.pages) refresh(); });
  paint();
})();
