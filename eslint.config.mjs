// ESLint for the project's JavaScript (`make lint`; docs/dev/development.md). ESLint and
// `globals` are installed by the Makefile into .cache/eslint/ (npm, git-ignored), so they
// are imported from there by path rather than from a node_modules/ beside this file.
import { readFileSync, readdirSync } from "node:fs";

const lib = new URL("./.cache/eslint/node_modules/", import.meta.url);
const js = (await import(new URL("@eslint/js/src/index.js", lib))).default;
const globals = (await import(new URL("globals/index.js", lib))).default;
const espree = await import(new URL("espree/dist/espree.cjs", lib));

const ES = 2017;   // what the pages promise to run on (rules' and player's "Plain ES2017")

/* The names one module declares at its top (only its variables: `varsOnly`, which another
   module may assign; a function it may only call): a page joins a folder's modules inside one
   function (renderers/web/page.py), so each module may use what the others declare. */
function declared(path, varsOnly) {
  const tree = espree.parse(readFileSync(new URL(path, import.meta.url), "utf8"),
                            {ecmaVersion: ES, sourceType: "script", ecmaFeatures: {globalReturn: true}});
  const names = [];
  for (const node of tree.body) {
    if (node.type === "FunctionDeclaration" && !varsOnly) names.push(node.id.name);
    if (node.type === "VariableDeclaration") {
      for (const d of node.declarations) if (d.id.type === "Identifier") names.push(d.id.name);
    }
  }
  return names;
}

/* One config per module of a joined folder: its globals are the browser's, `extra`, and
   what the folder's other modules declare (its own are its own: no-redeclare stays on).
   An `outer` module runs outside the function the others are joined in
   (renderers/web/page.py, joined_modules): they see its names, it sees none of theirs. */
function joined(folder, extra, last, outer) {
  const files = readdirSync(new URL(folder, import.meta.url)).filter((f) => f.endsWith(".js")).sort();
  const names = Object.fromEntries(files.map((f) => [f, declared(folder + f)]));
  const vars = new Set(files.flatMap((f) => declared(folder + f, true)));
  return files.map((f) => {
    const shared = {...globals.browser, ...extra};
    for (const other of files) {
      if (other === f || f === outer) continue;
      for (const n of names[other]) shared[n] = vars.has(n) ? "writable" : "readonly";
    }
    // inside the page's function a module's own name may shadow a browser one (moveTo)
    for (const n of names[f]) delete shared[n];
    return {
      files: [folder + f],
      languageOptions: {
        ecmaVersion: ES,
        sourceType: "script",
        // the page's wrapper says "use strict" and opens the function each module is part
        // of; only the `last` module returns from it (its top level is then a function's)
        parserOptions: {ecmaFeatures: {globalReturn: f === last, impliedStrict: true}},
        globals: shared,
      },
      rules: {
        // a module's top-level names are used by the others: ESLint sees one module at a time
        "no-unused-vars": ["error", {vars: "local", args: "none", caughtErrors: "none"}],
      },
    };
  });
}

export default [
  {ignores: [".cache/**", ".venv/**", "site/**", "out/**", "build/**", "dist/**"]},
  js.configs.recommended,
  {
    rules: {
      // `x == null` is the one loose comparison kept: null or undefined, said once
      "eqeqeq": ["error", "always", {null: "ignore"}],
      "no-implicit-globals": "off",
      "no-shadow-restricted-names": "error",
    },
  },
  ...joined("renderers/web/rules/", {}, "game.js"),
  ...joined("renderers/web/player/", {ConundrumRules: "readonly"}, undefined, "load.js"),
  {
    // a book site's index: its script runs after the player's own load.js and choice.js,
    // joined as a page's modules are (renderers/web/index.py), so it uses what they declare
    files: ["renderers/web/index.js"],
    languageOptions: {
      ecmaVersion: ES,
      sourceType: "script",
      parserOptions: {ecmaFeatures: {impliedStrict: true}},
      globals: {...globals.browser, ...Object.fromEntries(
        ["load.js", "choice.js"].flatMap((f) => declared("renderers/web/player/" + f))
          .map((n) => [n, "readonly"]))},
    },
    rules: {"no-unused-vars": ["error", {args: "none", caughtErrors: "none"}]},
  },
  {
    // the studio's page runs in the author's own browser (`conundrum studio`), not a
    // reader's: ES2020 (`??`)
    files: ["renderers/studio/static/*.js"],
    languageOptions: {ecmaVersion: 2020, sourceType: "script", globals: globals.browser},
    rules: {"no-unused-vars": ["error", {args: "none", caughtErrors: "none"}]},
  },
  {
    files: ["eslint.config.mjs"],
    languageOptions: {ecmaVersion: "latest", sourceType: "module", globals: globals.node},
  },
];
