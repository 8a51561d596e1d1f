/* A book site's index, index.js: runs after the player's own load.js and choice.js
   (renderers/web/index.py joins them as a player page's are), so the index reads the
   address, the reader's settings, the theme and the site's shared language and palette
   files by the player's rules: here DATA names only the book's language and the shared
   files, and M is the messages of a language the reader chose, if any.
   It relabels the page in that language, carries the address's choice on to the puzzles,
   marks each puzzle the reader has finished or started (its progress in localStorage, kept
   by the player under "conundrum:<puzzle id>"), and on http(s) starts the service worker
   as the player does. */
var body = document.body;
if (CARRY) Array.prototype.forEach.call(document.querySelectorAll("a[data-id]"), function (a) {
  a.setAttribute("href", a.getAttribute("href") + "#" + CARRY);
});
/* The book's own words are written in the page; another language's come from its file. */
if (DATA.lang !== PAGE_LANG) {
  document.getElementById("intro").textContent = t("web_index_intro");
  document.getElementById("finished-count").setAttribute("data-text",
    t("web_index_progress", {done: "{done}", total: "{total}"}));
  body.setAttribute("data-finished", t("web_finished"));
  body.setAttribute("data-started", t("web_started"));
  Array.prototype.forEach.call(document.querySelectorAll(".kind"), function (p) {
    p.textContent = t("book_kind_all");
  });
  Array.prototype.forEach.call(document.querySelectorAll("a[data-id]"), function (a) {
    var n = a.getAttribute("data-number"), grade = a.getAttribute("data-grade");
    var label = t("puzzle_number", {n: n});
    if (grade) {
      label += ", " + t("book_level", {n: grade});
      a.querySelector("small").textContent = t("book_level", {n: grade});
    }
    a.querySelector(".name").textContent = label;
  });
}
(function marks() {
  var said = body.getAttribute("data-finished");
  var begun = body.getAttribute("data-started"), done = 0, all = 0;
  Array.prototype.forEach.call(document.querySelectorAll("a[data-id]"), function (a) {
    var s = null;
    try { s = JSON.parse(window.localStorage.getItem("conundrum:" + a.getAttribute("data-id"))); }
    catch (e) { s = null; }
    all += 1;
    if (s && s.done !== null && s.done !== undefined) {
      done += 1;
      a.className = "finished";
      a.querySelector(".name").textContent += ", " + said;
      var mark = document.createElement("span");
      mark.className = "mark";
      mark.textContent = "\u2713";
      a.lastChild.appendChild(mark);
    } else if (s && s.found && s.found.length) {
      a.className = "started";             // its name says so too, as its look does
      a.querySelector(".name").textContent += ", " + begun;
    }
  });
  var line = document.getElementById("finished-count");
  line.textContent = line.getAttribute("data-text").replace("{done}", done)
    .replace("{total}", all);
})();
/* The reader's language or palette chosen on another page of the site (its Settings menu)
   while this index is open in another tab: the index opens afresh in it, as a choice made
   on a page reopens that page. An address naming its own keeps it; the other settings
   (hints, dock side) change nothing here. */
window.addEventListener("storage", function (e) {
  // (a null key: the site's storage cleared, the settings with it)
  if (e.key !== PREFS_KEY && e.key !== null || e.storageArea !== window.localStorage) return;
  var now = prefsOf(e.newValue);            // load.js, as the page read them
  if (wantedLang(now) !== wantLang || wantedPalette(now) !== wantPalette) {
    window.location.reload();
  }
});
startSite();                  // on http(s): the manifest and service worker (load.js)
