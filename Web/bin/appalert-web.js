#!/usr/bin/env node
// appalert-web: the deciding part of `appalert` on the web engine, with the same arguments and output,
// so a suite written for `appalert` checks this engine unchanged.
//
//   appalert-web evaluate FEED --bundle-id ID --app-version V [decision flags] [--json] [--explain]
//   appalert-web version compare [--] A B
//   appalert-web version satisfies VERSION RANGE

import { readFileSync, statSync } from "node:fs";
import { evaluate, valueOptions, versionCompare, versionSatisfies } from "../src/command.js";

const usage = `usage: appalert-web evaluate FEED --bundle-id ID --app-version V [options] [--json] [--explain]
       appalert-web version compare [--] A B
       appalert-web version satisfies VERSION RANGE`;

/** The host's platform as the feed names it (what `appalert` built for this machine would say). */
function hostPlatform() {
  switch (process.platform) {
    case "darwin": return "macos";
    case "win32": return "windows";
    case "linux": return "linux";
    default: return "unknown";
  }
}

/** @param {string} message */
function usageError(message) {
  process.stderr.write(`Error: ${message}\n${usage}\n`);
  process.exit(64);
}

/** @param {{exitCode: number, stdout: string, stderr: string}} output */
function emit(output) {
  process.stdout.write(output.stdout);
  process.stderr.write(output.stderr);
  process.exitCode = output.exitCode;
}

/** @param {string} path */
function readFeed(path) {
  if (path === "-") return new Uint8Array(readFileSync(0));
  let stat;
  try {
    stat = statSync(path);
  } catch {
    throw new Error(`cannot read ${path}: no such file`);
  }
  if (stat.isDirectory()) throw new Error(`cannot read ${path}: it is a directory`);
  try {
    return new Uint8Array(readFileSync(path));
  } catch (error) {
    throw new Error(`cannot read ${path}: ${/** @type {Error} */ (error).message}`);
  }
}

/** @param {string[]} args */
async function runEvaluate(args) {
  /** @type {Record<string, unknown>} */
  const options = {};
  const positional = [];
  let json = false;
  let explain = false;
  for (let index = 0; index < args.length; index += 1) {
    let arg = args[index];
    if (arg === "--json") { json = true; continue; }
    if (arg === "--explain") { explain = true; continue; }
    if (arg === "--") { positional.push(...args.slice(index + 1)); break; }
    if (!arg.startsWith("--") || arg === "-") { positional.push(arg); continue; }
    let value;
    const equals = arg.indexOf("=");
    if (equals > 0) {
      value = arg.slice(equals + 1);
      arg = arg.slice(0, equals);
    }
    const spec = valueOptions[arg];
    if (!spec) usageError(`Unknown option '${arg}'`);
    if (value === undefined) {
      index += 1;
      if (index >= args.length) usageError(`Missing value for '${arg}'`);
      value = args[index];
    }
    // ArgumentParser reads an empty value as none.
    if (value === "") usageError(`Missing value for '${arg}'`);
    const [key, repeatable, integer] = spec;
    /** @type {unknown} */
    let parsed = value;
    if (integer) {
      if (!/^[+-]?[0-9]+$/.test(value)) usageError(`The value '${value}' is invalid for '${arg}'`);
      parsed = Number(value);
    }
    if (repeatable) options[key] = [...(/** @type {unknown[]} */ (options[key] ?? [])), parsed];
    else options[key] = parsed;
  }
  if (positional.length !== 1) usageError(positional.length === 0 ? "Missing expected argument '<feed>'" : `Unexpected argument '${positional[1]}'`);
  if (options.bundleId === undefined) usageError("Missing expected argument '--bundle-id <bundle-id>'");
  if (options.appVersion === undefined) usageError("Missing expected argument '--app-version <app-version>'");
  const feed = positional[0];
  emit(
    await evaluate(/** @type {import("../src/install.js").DecisionOptions} */ (options), () => readFeed(feed), {
      name: feed, json, explain, now: () => new Date(), platform: hostPlatform(),
    }),
  );
}

const [command, ...rest] = process.argv.slice(2);
if (command === "evaluate") {
  await runEvaluate(rest);
} else if (command === "version") {
  const [sub, ...args] = rest;
  const operands = args[0] === "--" ? args.slice(1) : args;
  if (operands.length !== 2) usageError(`version ${sub ?? ""}: two arguments expected`);
  if (sub === "compare") emit(versionCompare(operands[0], operands[1]));
  else if (sub === "satisfies") emit(versionSatisfies(operands[0], operands[1]));
  else usageError(`unknown version subcommand '${sub ?? ""}'`);
} else {
  usageError(command === undefined ? "a command is expected" : `unknown command '${command}'`);
}
