// Changes on disk while the console edits, scenarios for console-browser.mjs (ConsoleBrowserTests.swift).
// The page looks at the disk every second; what a look reads can be older than a save that answers
// while the look is on its way. The driver holds that read (DevTools' Fetch domain at the response
// stage) so that the order is the same on every run, then lets it through once the save has answered.

export function diskScenarios({ base, options, fieldSelector, until }) {
  return {
    // Edits message `id`'s title; changes message 1's title on disk; holds the look's read of the feed
    // (started after that change, answered before the save) until the save has answered; reports what
    // the page says once that stale read is through and the next look has judged again.
    async staleLook(browser) {
      const tab = await browser.tab(base);
      await tab.console(options.id);
      await tab.type(fieldSelector("title"), options.title);
      const held = [];
      browser.onEvent = (message) => {
        if (message.method !== "Fetch.requestPaused" || message.sessionId !== tab.sessionId) { return; }
        const { requestId, request } = message.params;
        // The first read of the feed (the look's) is held; everything else goes through.
        if (request.method === "GET" && held.length === 0) { held.push(requestId); return; }
        tab.send("Fetch.continueRequest", { requestId }).catch(() => {});
      };
      await tab.send("Fetch.enable", { patterns: [{ urlPattern: "*/api/feeds/*", requestStage: "Response" }] });
      const file = options.path;
      const fs = await import("node:fs");
      const text = fs.readFileSync(file, "utf8");
      fs.writeFileSync(file, text.replace("\"title\": \"App Alert\"", "\"title\": \"App Alert, changed elsewhere\""));
      await until("the look's read of the feed", () => held.length > 0);
      await tab.evaluate("document.querySelector('#con-status').textContent = ''; document.querySelector('#con-save').click()");
      await tab.wait("the save's answer", "/^(Saved|Not saved)/.test(document.querySelector('#con-status').textContent)");
      const answered = await tab.evaluate("document.querySelector('#con-status').textContent");
      await tab.send("Fetch.continueRequest", { requestId: held[0] });
      await tab.send("Fetch.disable");
      // The held look ends (the list is no longer busy), then the page looks again: it says so by its
      // state, which the driver reads (`lookAgain` off and the list at rest).
      await tab.wait("the looks to settle",
        "!Console.state.lookAgain && document.querySelector('#con-messages').getAttribute('aria-busy') === 'false'");
      const after = await tab.evaluate(`({ status: document.querySelector('#con-status').textContent,
        notice: document.querySelector('#con-notice').hidden ? null : document.querySelector('#con-notice-text').textContent })`);
      return { answered, after, file: fs.readFileSync(file, "utf8") };
    }
  };
}
