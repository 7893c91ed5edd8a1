#!/usr/bin/env node
// appalert-web: the deciding part of `appalert` on the web engine, with the same arguments and output,
// so a suite written for `appalert` checks this engine unchanged.
//
//   appalert-web evaluate FEED --bundle-id ID --app-version V [decision flags] [--json] [--explain]
//   appalert-web validate FEED [--json] [--warnings-as-errors]
//   appalert-web version compare [--] A B
//   appalert-web version satisfies VERSION RANGE
//   appalert-web update-check --platform web --feed FEED --bundle-id ID --app-version V [options] [--json]
//   appalert-web help [COMMAND], or --help / -h after a command: its help (bin/help.js)

import { existsSync, readFileSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { evaluate, valueOptions, versionCompare, versionSatisfies } from "../src/command.js";
import { validate } from "../src/validate-command.js";
import { promptStateFromFile, safeName, updateCheck, updateCheckOptions } from "../src/update-command.js";
import { helps } from "./help.js";

const usage = `usage: appalert-web evaluate FEED --bundle-id ID --app-version V [options] [--json] [--explain]
       appalert-web validate FEED [--json] [--warnings-as-errors]
       appalert-web version compare [--] A B
       appalert-web version satisfies VERSION RANGE
       appalert-web update-check --platform web --feed FEED --bundle-id ID --app-version V [options] [--json]
       appalert-web help [COMMAND]`;

/** The host's platform as the feed names it (what `appalert` built for this machine would say). */
function hostPlatform() {
  switch (process.platform) {
    case "darwin": return "macos";
    case "win32": return "windows";
    case "linux": return "linux";
    default: return "unknown";
  }
}

/** @param {string} message @returns {never} */
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

/**
 * Reads options as ArgumentParser does (`--name value` or `--name=value`, an empty value is none).
 * @param {string[]} args
 * @param {Record<string, {key: string, repeatable: boolean, parse?: (value: string, flag: string) => unknown}>} spec
 * @param {string[]} flags the options without a value
 */
function parseArguments(args, spec, flags) {
  /** @type {Record<string, unknown>} */
  const options = {};
  /** @type {Set<string>} */
  const given = new Set();
  const positional = [];
  for (let index = 0; index < args.length; index += 1) {
    let arg = args[index];
    if (flags.includes(arg)) { given.add(arg); continue; }
    if (arg === "--") { positional.push(...args.slice(index + 1)); break; }
    if (!arg.startsWith("--") || arg === "-") { positional.push(arg); continue; }
    let value;
    const equals = arg.indexOf("=");
    if (equals > 0) {
      value = arg.slice(equals + 1);
      arg = arg.slice(0, equals);
    }
    const option = spec[arg];
    if (!option) usageError(`Unknown option '${arg}'`);
    if (value === undefined) {
      index += 1;
      // ArgumentParser reads a next argument starting with a dash as an option, not a value.
      if (index >= args.length || (args[index].startsWith("-") && args[index] !== "-")) usageError(`Missing value for '${arg}'`);
      value = args[index];
    }
    // ArgumentParser reads an empty value as none.
    if (value === "") usageError(`Missing value for '${arg}'`);
    const parsed = option.parse ? option.parse(value, arg) : value;
    if (option.repeatable) options[option.key] = [...(/** @type {unknown[]} */ (options[option.key] ?? [])), parsed];
    else options[option.key] = parsed;
  }
  return { options, given, positional };
}

/** @param {string} value @param {string} flag */
function integer(value, flag) {
  if (!/^[+-]?[0-9]+$/.test(value)) usageError(`The value '${value}' is invalid for '${flag}'`);
  return Number(value);
}

/** A Double as Swift reads one: decimal or hexadecimal, inf, infinity, nan. @param {string} value @param {string} flag */
function double(value, flag) {
  const text = value.toLowerCase();
  if (/^[+-]?(inf|infinity)$/.test(text)) return text.startsWith("-") ? -Infinity : Infinity;
  if (/^[+-]?nan$/.test(text)) return NaN;
  if (/^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)(e[+-]?[0-9]+)?$/.test(text)) return Number(text);
  if (/^[+-]?0x[0-9a-f]+$/.test(text)) return (text.startsWith("-") ? -1 : 1) * Number(text.replace(/^[+-]/, ""));
  return usageError(`The value '${value}' is invalid for '${flag}'`);
}

/** @param {string[]} args */
async function runEvaluate(args) {
  const spec = Object.fromEntries(
    Object.entries(valueOptions).map(([flag, [key, repeatable, isInteger]]) => [flag, { key, repeatable, parse: isInteger ? integer : undefined }]),
  );
  const { options, given, positional } = parseArguments(args, spec, ["--json", "--explain"]);
  if (positional.length !== 1) usageError(positional.length === 0 ? "Missing expected argument '<feed>'" : `Unexpected argument '${positional[1]}'`);
  if (options.bundleId === undefined) usageError("Missing expected argument '--bundle-id <bundle-id>'");
  if (options.appVersion === undefined) usageError("Missing expected argument '--app-version <app-version>'");
  const feed = positional[0];
  emit(
    await evaluate(/** @type {import("../src/install.js").DecisionOptions} */ (options), () => readFeed(feed), {
      name: feed, json: given.has("--json"), explain: given.has("--explain"), now: () => new Date(), platform: hostPlatform(),
    }),
  );
}

/** @param {string[]} args */
function runValidate(args) {
  const { given, positional } = parseArguments(args, {}, ["--json", "--warnings-as-errors"]);
  if (positional.length !== 1) usageError(positional.length === 0 ? "Missing expected argument '<feed>'" : `Unexpected argument '${positional[1]}'`);
  const feed = positional[0];
  emit(validate(() => readFeed(feed), { name: feed, json: given.has("--json"), warningsAsErrors: given.has("--warnings-as-errors") }));
}

/** The feed file as appalert's FeedLoader reads it, with its reasons (Foundation's words on Linux). @param {string} path */
function readUpdateFeed(path) {
  const absolute = resolve(path);
  let bytes;
  try {
    bytes = readFileSync(absolute);
  } catch (error) {
    const code = /** @type {NodeJS.ErrnoException} */ (error).code;
    const words =
      code === "ENOENT" ? "The file doesn’t exist."
      : code === "EACCES" || code === "EPERM" ? "You don’t have permission."
      : code === "EISDIR" ? "(NSCocoaErrorDomain error 256.)"
      : /** @type {Error} */ (error).message;
    throw new Error(`cannot read ${absolute}: The operation could not be completed. ${words}`);
  }
  if (bytes.length > 4 << 20) throw new Error(`${absolute} is larger than ${4 << 20} bytes`);
  return new Uint8Array(bytes);
}

/** FileAlertStore.defaultDirectory on Linux: $XDG_STATE_HOME/appalert/ID, else ~/.local/state/appalert/ID. @param {string} bundleId */
function stateDirectory(bundleId) {
  const xdg = process.env.XDG_STATE_HOME;
  const base = xdg !== undefined && xdg.startsWith("/") ? xdg : join(process.env.HOME ?? homedir(), ".local", "state");
  return join(base, "appalert", safeName(bundleId));
}

/** @param {string[]} args */
function runUpdateCheck(args) {
  const spec = Object.fromEntries(
    Object.entries(updateCheckOptions).map(([flag, [key, repeatable]]) => [
      flag, { key, repeatable, parse: flag === "--release-delay-days" ? double : undefined },
    ]),
  );
  const { options, given, positional } = parseArguments(args, spec, ["--json"]);
  if (positional.length > 0) usageError(`Unexpected argument '${positional[0]}'`);
  if (options.appVersion === undefined) usageError("Missing expected argument '--app-version <app-version>'");
  emit(
    updateCheck(/** @type {import("../src/update-command.js").UpdateCheckOptions} */ (options), {
      now: () => new Date(),
      platform: hostPlatform(),
      readFeed: readUpdateFeed,
      stateDirectory,
      promptState: (directory) => {
        let text;
        try {
          text = readFileSync(join(directory, "state.json"), "utf8");
        } catch {
          text = undefined;
        }
        return promptStateFromFile(text);
      },
      keepsFeed: (directory) => existsSync(join(directory, "feed-cache")),
    }, { json: given.has("--json") }),
  );
}

const [command, ...rest] = process.argv.slice(2);
const asksForHelp = (/** @type {string[]} */ args) => args.some((arg) => arg === "--help" || arg === "-h");
/** The words naming a command (`version compare`), as `help` and `--help` take them. @param {string[]} args */
const commandWords = (args) => (args[0] === "version" && ["compare", "satisfies"].includes(args[1]) ? args.slice(0, 2) : args.slice(0, 1)).join(" ");
// Everything after `--` is an operand (`version compare -- -h 1`), never a request for help.
const beforeOperands = rest.includes("--") ? rest.slice(0, rest.indexOf("--")) : rest;
if (command === "help" || (command !== undefined && asksForHelp([command, ...beforeOperands]))) {
  const words = command === "help" ? rest.join(" ") : command.startsWith("-") ? "" : commandWords([command, ...rest]);
  const help = helps.get(words);
  if (help === undefined) usageError(`unknown command '${words}'`);
  process.stdout.write(help);
} else if (command === "--version") {
  process.stdout.write(`${JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")).version}\n`);
} else if (command === "evaluate") {
  await runEvaluate(rest);
} else if (command === "validate") {
  runValidate(rest);
} else if (command === "update-check") {
  runUpdateCheck(rest);
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
