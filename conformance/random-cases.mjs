// The differential test's random cases (differential.mjs): feeds and installs made from a seed, the same
// cases on every machine. Web/test/page-reading.test.js reads their feeds too.

import { random } from "./lib.mjs";

/**
 * `count` random cases made from `seed`, in order (a seed means the same cases whatever reads them).
 * @param {number} seed
 * @param {number} count
 */
export function randomCases(seed, count) {
  const rng = random(seed);
  const apps = ["com.example.app", "com.example.other", "*"];
  const versions = ["1.0", "1.2.3", "2.0.0", "2.0.0-beta.1", "2.1", "3.0.0-rc.1+b7", "10.0.1", "1.x", "", "0.9.9"];
  const ranges = [">=1.0", "^2.0.0", "~1.2", "2.x", "<2 || >=3", "1.0.0 - 2.0.0", ">=2.0.0-beta.0", "*", "=>1", "1.2.3-"];
  const platforms = ["ios", "ipados", "macos", "linux", "windows", "tvos", "web", "android", "IOS"];
  const languages = ["en", "en-GB", "fr", "fr-CA", "pt", "pt-BR", "pt-PT", "es-419", "es-MX", "zh-Hant", "zh-TW", "zh-CN", "ar", "he", "nb", "no", "sr-Latn", "x!"];
  const dates = ["2026-01-01T00:00:00Z", "2026-03-01T09:00:00Z", "2026-03-01T09:00:00.250+01:00", "2026-06-30T23:59:59Z", "2026-02-30T00:00:00Z", "2026-03-01"];
  const urls = ["https://example.com/a", "http://example.com", "myapp://x", "mailto:a@b.c", "javascript:alert(1)", "/relative", "https://sub.example.com/p?q=1"];
  const layouts = ["alert", "banner", "modal", "sheet", "image", "popup"];
  const events = ["checkout", "opened", "bad name"];

  /** A value for `key`, usually valid, sometimes not. */
  function value(key) {
    const broken = rng.chance(0.06);
    switch (key) {
      case "title": case "text": case "confirmLabel":
        return broken ? rng.int(0, 9) : rng.pick(["Hello", "Bonjour", "مرحبا", "שלום", "Salut\n2", "", "你好"]);
      case "link": return { title: rng.pick(["Open", "Go"]), url: rng.pick(urls) };
      case "appVersions": case "osVersions": return Array.from({ length: rng.int(0, 3) }, () => rng.pick(versions));
      case "appVersionRange": case "osVersionRange": case "whatsNew": return rng.pick(ranges);
      case "platforms": return Array.from({ length: rng.int(0, 3) }, () => rng.pick(platforms));
      case "locales": return Array.from({ length: rng.int(0, 3) }, () => rng.pick([...languages, "*"]));
      case "startDate": case "endDate": return rng.pick(dates);
      case "rollout": return broken ? 120 : rng.pick([0, 5, 33.3, 50, 99.99, 100]);
      case "priority": return rng.int(-2, 3);
      case "maxViews": return broken ? 0 : rng.int(1, 3);
      case "minHoursBetweenViews": return rng.pick([0, 1, 24]);
      case "dismissible": return broken ? "no" : rng.chance(0.8);
      case "localizations": {
        const object = {};
        for (let i = rng.int(0, 3); i > 0; i -= 1) object[rng.pick(languages)] = { title: rng.pick(["Un", "Dos", "三"]), ...(rng.chance(0.3) ? { confirmLabel: "Fermer" } : {}) };
        return object;
      }
      case "attributes": return { plan: rng.pick(["pro", ["free", "trial"], 3, true, null]) };
      case "installIds": return Array.from({ length: rng.int(0, 2) }, () => rng.pick(["i1", "i2", "i3"]));
      case "minLaunches": case "minDaysSinceInstall": case "minDaysSinceUpdate": return broken ? -1 : rng.int(0, 4);
      case "trigger": return rng.chance(0.5) ? "launch" : { event: rng.pick(events) };
      case "rolloutSchedule": return [{ at: "2026-02-01T00:00:00Z", percent: rng.pick([0, 10, 50]) }, { at: rng.pick(dates), percent: rng.pick([20, 60, 100]) }];
      case "variants": return Array.from({ length: rng.int(1, 3) }, () => ({ weight: rng.int(0, 3), ...(rng.chance(0.5) ? { title: "Variant" } : {}) }));
      case "layout": return rng.pick(layouts);
      case "image": return { url: rng.pick(["https://example.com/i.png", "http://example.com/i.png"]), ...(rng.chance(0.8) ? { alt: "Alt" } : {}) };
      case "buttons": return Array.from({ length: rng.int(1, 2) }, () => ({ title: "B", ...(rng.chance(0.5) ? { action: rng.pick(["dismiss", { url: rng.pick(urls) }, { event: "go" }]) } : {}) }));
      case "action": return rng.pick(["dismiss", { url: rng.pick(urls) }, { event: "tap" }]);
      case "features": return [{ title: "F", ...(rng.chance(0.5) ? { symbol: "star.fill" } : {}) }];
      case "colors": return { background: rng.pick(["#FFFFFF", "#000000aa", "red"]), ...(rng.chance(0.5) ? { dark: { text: "#EEEEEE" } } : {}) };
      case "data": return { k: "v", a: "b" };
      case "placement": return rng.pick(["launch", "inbox", "home", "bad slot"]);
      case "bannerSeconds": return rng.pick([2, 8, 12.5, 61]);
      case "conversion": return { event: rng.pick(events), withinHours: rng.pick([1, 72, 800]) };
      default: return null;
    }
  }

  const optionalKeys = [
    "confirmLabel", "link", "appVersions", "osVersions", "appVersionRange", "osVersionRange", "platforms", "locales",
    "startDate", "endDate", "rollout", "priority", "maxViews", "minHoursBetweenViews", "dismissible", "localizations",
    "whatsNew", "attributes", "installIds", "minLaunches", "minDaysSinceInstall", "minDaysSinceUpdate", "trigger",
    "rolloutSchedule", "variants", "layout", "image", "buttons", "action", "features", "colors", "data", "placement",
    "bannerSeconds", "conversion",
  ];

  function randomMessage(index) {
    const message = { id: rng.chance(0.05) ? rng.int(1, 3) : index + 1, bundleId: rng.pick(apps), title: value("title"), text: value("text") };
    for (const key of optionalKeys) if (rng.chance(0.12)) message[key] = value(key);
    return message;
  }

  function randomCase(number) {
    const messages = Array.from({ length: rng.int(1, 6) }, (_, index) => randomMessage(index));
    const install = { bundleId: "com.example.app", appVersion: rng.pick(["1.0", "2.0.0", "2.1", "3.0.0-rc.1"]), platform: rng.pick(["ios", "ipados", "macos", "linux"]), now: rng.pick(dates.slice(0, 4)) };
    if (rng.chance(0.7)) install.installId = `install-${rng.int(1, 50)}`;
    if (rng.chance(0.7)) install.locale = Array.from({ length: rng.int(1, 2) }, () => rng.pick(languages.slice(0, -1)));
    if (rng.chance(0.4)) install.osVersion = rng.pick(["16.4", "17.2", "18.0"]);
    if (rng.chance(0.3)) Object.assign(install, { previousVersion: rng.pick(["0.9", "1.0", "1.9.9"]), launchesSinceUpdate: rng.int(1, 12) });
    if (rng.chance(0.3)) install.attribute = [`plan=${rng.pick(["pro", "trial", "3", "true"])}`];
    if (rng.chance(0.2)) install.event = rng.pick(events.slice(0, 2));
    if (rng.chance(0.2)) install.placement = "home";
    if (rng.chance(0.3)) install.launchCount = rng.int(1, 5);
    if (rng.chance(0.3)) install.installedAt = "2026-02-20T00:00:00Z";
    if (rng.chance(0.3)) install.allowLinkScheme = ["myapp"];
    const history = {};
    if (rng.chance(0.3)) history.seen = [`${rng.int(1, 4)}:${rng.int(1, 2)}`];
    if (rng.chance(0.1)) history.lastMessageId = rng.int(0, 3);
    return { name: `random ${seed}/${number}`, feed: rng.chance(0.5) ? { format: 2, messages } : messages, install, history, explain: rng.chance(0.5) };
  }

  return Array.from({ length: count }, (_, number) => randomCase(number));
}
