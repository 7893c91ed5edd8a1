// Reading the values inside a message's campaign keys: attributes and triggers (MessageReader+Campaign.swift).
// Its rich keys, and its conversion, are read by rich-content.js.

import { typeDescription } from "./json.js";
import { excerpt, valueRead } from "./diagnostics.js";
import { appending, isObject, isValidEventName, present } from "./reader.js";

/** @typedef {import("./json.js").JSONValue} JSONValue */
/** @typedef {import("./reader.js").MessageReader} MessageReader */

/**
 * @param {MessageReader} r
 * @param {JSONValue} value
 */
export function readAttributes(r, value) {
  if (!r.checkObject(value, "attributes", "attributes", undefined)) return undefined;
  /** @type {import("./message.js").AttributeCondition[]} */
  const conditions = [];
  let failed = false;
  for (const [key, member] of value.members) {
    const path = appending(key, appending("attributes", r.messagePath));
    const isList = Array.isArray(member);
    const values = isList ? member : [member];
    if (isList && member.length === 0) {
      r.warning("matchesNothing", "attributes", "[]", ["noAttributeValues", excerpt(key)], path);
    }
    /** @type {import("./message.js").AttributeValue[]} */
    const accepted = [];
    values.forEach((element, position) => {
      if (typeof element === "string" || typeof element === "boolean" || typeof element === "number") {
        accepted.push(element);
        return;
      }
      failed = true;
      r.error("wrongType", "attributes", valueRead(element),
        ["badAttribute", excerpt(key), typeDescription(element)], isList ? path + `[${position}]` : path);
    });
    conditions.push({ key, values: accepted });
  }
  return failed ? undefined : conditions;
}

/**
 * @param {MessageReader} r
 * @param {JSONValue} value
 * @returns {"launch" | {event: string} | undefined}
 */
export function readTrigger(r, value) {
  if (value === "launch") return "launch";
  if (isObject(value)) {
    const path = appending("trigger", r.messagePath);
    r.checkKeys(value, ["event"], path);
    const name = present(value, "event");
    if (name === undefined) {
      r.error("missingKey", "trigger", undefined, ["noTriggerEvent"], path);
      return undefined;
    }
    const event = eventName(r, name, "trigger", path + ".event");
    return event === undefined ? undefined : { event };
  }
  r.badString(value, "trigger", ["badTrigger"]);
  return undefined;
}

/**
 * An event's name at `path` (of a trigger or an action).
 * @param {MessageReader} r
 * @param {JSONValue} value
 * @param {string} key
 * @param {string} path
 */
export function eventName(r, value, key, path) {
  const name = r.string(value, "event", path);
  if (name === undefined) return undefined;
  if (!isValidEventName(name)) {
    r.error("invalidValue", key, valueRead(name), ["badEventName"], path);
    return undefined;
  }
  return name;
}

