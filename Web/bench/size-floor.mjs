#!/usr/bin/env node
// What appalert-web.js would weigh without some of its modules: the page's file built as Web/bundle
// builds it, from a copy of Web/ in which each module named is emptied (every export it had becomes an
// unknown global, so nothing that uses it is folded away), gzipped as Web/bundle measures it
// (gzip -9). It answers
// "how small can the page's file get by rewriting these modules?": the file with them at zero bytes is
// below any rewrite of them. Nothing is written outside a temporary folder.
//
//   node Web/bench/size-floor.mjs                      # the reading of a feed, and then more with it
//   node Web/bench/size-floor.mjs MODULE.js [...]      # modules of Web/src, emptied together

import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const web = join(dirname(fileURLToPath(import.meta.url)), "..");

/** The steps measured without modules named; each step empties its own modules and the earlier steps'. */
const defaultSteps = [
  {
    what: "the message readers (every key of a message, its localizations, its links)",
    modules: ["reader.js", "reader-rich.js", "reader-content.js", "reader-url.js", "message-keys.js"],
  },
  { what: "also the diagnostics and the JSON.parse vouching", modules: ["diagnostics.js", "json-fast.js"] },
  { what: "also the feed's reading (its top level, loading the words' file)", modules: ["feed.js"] },
  { what: "also the update policy's reader and the check of rich keys", modules: ["update-policy.js", "rich-check.js"] },
];

const named = process.argv.slice(2);
// A module is a file of Web/src named as it is there: a name with a folder in it would be written outside
// the copy.
const unknown = named.find((argument) => !/^[a-z0-9-]+\.js$/.test(argument) || !existsSync(join(web, "src", argument)));
if (unknown !== undefined) {
  console.error(`size-floor: ${JSON.stringify(unknown)} is not a module of Web/src`);
  console.error("usage: node Web/bench/size-floor.mjs [MODULE.js ...]   (modules of Web/src)");
  process.exit(64);
}
const steps = named.length > 0 ? [{ what: named.join(", "), modules: named }] : defaultSteps;

/**
 * The names a module of Web/src exports, as esbuild reads them.
 * @param {string} folder @param {string} module
 * @returns {string[]}
 */
function exportsOf(folder, module) {
  const metafile = join(folder, "exports.json");
  execFileSync("esbuild", [join(folder, "src", module), "--format=esm", `--metafile=${metafile}`,
    `--outfile=${join(folder, "exports.js")}`, "--log-level=error"]);
  const outputs = Object.values(JSON.parse(readFileSync(metafile, "utf8")).outputs);
  return outputs.flatMap((output) => output.exports ?? []);
}

/**
 * The gzipped size of appalert-web.js built from a copy of Web/ with `modules` emptied.
 * @param {string[]} modules
 */
function pageSize(modules) {
  const folder = mkdtempSync(join(tmpdir(), "appalert-size-floor-"));
  try {
    cpSync(join(web, "src"), join(folder, "src"), { recursive: true });
    cpSync(join(web, "bundle"), join(folder, "bundle"));
    for (const module of modules) {
      const names = exportsOf(folder, module);
      const stub = names.map((name) => `export const ${name} = globalThis["size-floor ${module} ${name}"];\n`);
      writeFileSync(join(folder, "src", module), stub.join(""));
    }
    const page = execFileSync(join(folder, "bundle"), ["--print"], { maxBuffer: 1 << 26 });
    // Gzipped from a file of the bundle's name, as Web/bundle does (gzip's header holds the name).
    const file = join(folder, "appalert-web.js");
    writeFileSync(file, page);
    const gzipped = execFileSync("gzip", ["-9", "-c", file], { maxBuffer: 1 << 26 });
    return { minified: page.length, gzipped: gzipped.length };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const limit = 20_480;
const now = pageSize([]);
console.log(`appalert-web.js as built now: ${now.gzipped} bytes gzipped (${now.minified} minified); limit ${limit}`);
let emptied = [];
for (const step of steps) {
  emptied = named.length > 0 ? step.modules : [...emptied, ...step.modules];
  const size = pageSize(emptied);
  const margin = limit - size.gzipped;
  console.log(`without ${step.what}: ${size.gzipped} bytes gzipped (${size.minified} minified), ` +
    (margin >= 0 ? `${margin} bytes under the limit` : `${-margin} bytes over the limit`));
}
