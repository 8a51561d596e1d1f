/* The web player, settings.js: The Settings menu (language, palette, dark, hints, dock side); a
   choice is kept in prefs (every page of the site), a language or palette by reopening the
   page.
   One of the player's modules, joined in order inside one function by renderers/web/page.py
   (PLAYER_MODULES); they share its scope. */
/* ---- the Settings menu: language, palette, dark, hints, dock side ------------------- */
function savePrefs() {
  try { window.localStorage.setItem(PREFS_KEY, JSON.stringify(prefs)); } catch (e) { /* none */ }
}
function applyPrefs() {
  document.body.classList.toggle("hints-off", prefs.hints === false);
  document.body.classList.toggle("dock-left", prefs.dock === "left");
}
/* A language or palette chosen: kept, then the page opened afresh in it (the address's
   own #lang= or #palette= changed too, or it would win). */
function reopen(key, value) {
  prefs[key] = value;
  savePrefs();
  if (!HASH[key]) { window.location.reload(); return; }
  HASH[key] = value;
  window.location.hash = Object.keys(HASH).map(function (k) {
    return encodeURIComponent(k) + "=" + encodeURIComponent(HASH[k]);
  }).join("&");                               // hashchange: the page reloads
}
function buildSettings() {
  var box = document.createElement("details");
  box.id = "settings";
  box.className = "settings";
  box.appendChild(document.createElement("summary")).textContent = "\u2699 " + t("web_settings");
  var panel = box.appendChild(document.createElement("div"));
  panel.className = "settings-panel";
  var choice = function (id, label, values, current, name, key) {
    var l = panel.appendChild(document.createElement("label"));
    l.htmlFor = id;
    l.textContent = label;
    var sel = panel.appendChild(document.createElement("select"));
    sel.id = id;
    values.forEach(function (v) {
      var o = sel.appendChild(document.createElement("option"));
      o.value = v;
      o.textContent = name(v);
      o.selected = v === current;
    });
    sel.addEventListener("change", function () { reopen(key, sel.value); });
  };
  var toggle = function (id, label, on, change) {
    var l = panel.appendChild(document.createElement("label"));
    l.className = "check";
    var box2 = l.appendChild(document.createElement("input"));
    box2.type = "checkbox";
    box2.id = id;
    box2.checked = on;
    l.appendChild(document.createTextNode(" " + label));
    box2.addEventListener("change", function () { change(box2.checked); savePrefs(); applyPrefs(); });
  };
  // the page's own language and palette, and on a book site the others its shared files hold
  var shared = DATA.shared || {languages: [], palettes: []};
  var langs = shared.languages.concat([DATA.lang])
    .filter(function (v, i, a) { return a.indexOf(v) === i; }).sort();
  choice("set-lang", t("web_language"), langs, DATA.lang,
    function (v) { return own(DATA.languageNames, v) ? DATA.languageNames[v] : v; }, "lang");
  var palettes = shared.palettes.concat([document.body.dataset.palette])
    .filter(function (v, i, a) { return a.indexOf(v) === i; }).sort();
  choice("set-palette", t("web_palette"), palettes, document.body.dataset.palette,
    function (v) { return own(M, "web_palette_" + v) ? t("web_palette_" + v) : v; }, "palette");
  panel.appendChild(themeButton);
  toggle("set-hints", t("web_hints_on"), prefs.hints !== false, function (on) { prefs.hints = on; });
  toggle("set-dock", t("web_dock_left"), prefs.dock === "left",
    function (on) { prefs.dock = on ? "left" : "right"; });
  document.querySelector("header").appendChild(box);
  applyPrefs();
}
