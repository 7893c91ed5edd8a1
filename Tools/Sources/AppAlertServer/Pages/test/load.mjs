// Loads a page script as the page does (a classic script, its top-level `var` a global) and answers the
// global it defines: `await load("console/console-logic.js", "ConsoleLogic")`.
import { readFileSync } from "node:fs";
import { runInThisContext } from "node:vm";

export function load(path, name) {
  const url = new URL("../" + path, import.meta.url);
  runInThisContext(readFileSync(url, "utf8"), { filename: url.pathname });
  return globalThis[name];
}
