"use strict";
// The A/B test and the translations as fields: each variant with its name, its share (a weight, and the
// percentage it makes, either typed), the fields of the keys a variant may replace, and a table of its
// translations; the message's own translations as the same table. Unnamed variants are A, B, C…. The
// mappings are ConsoleValues' (variant names and shares, languages, what an empty cell falls back to).
(function () {
  window.Console = window.Console || {};
  var V = ConsoleValues;
  var L = ConsoleLogic;
  var isObject = L.isPlainObject;

  var serial = 0;
  function nextId(what) { serial += 1; return "con-v" + serial + "-" + what; }

  function labelled(id, label, control, path, extra) {
    return Console.make("div", { "class": "con-field" + (extra ? " " + extra : ""), "data-path": path },
      [Console.make("label", { "for": id, text: label }), control]);
  }

  function input(id, attributes) {
    return Console.make("input", Object.assign({ id: id, type: "text", autocomplete: "off", spellcheck: "false" }, attributes || {}));
  }

  // ---- Translations: languages × texts, for the message (variant null) or one variant ----

  /** @param {FieldSpec} spec @param {number | null} variant */
  function translations(spec, variant) {
    var prefix = variant === null ? [] : ["variants", variant];
    var segments = prefix.concat(["localizations"]);
    var table = Console.make("div", { "class": "con-translations-body" });
    var chooserId = nextId("language");
    var chooser = Console.make("select", { id: chooserId });
    var add = Console.make("button", { type: "button", text: "Add language" });
    var wrapper = Console.make("div", { "class": "con-translations", "data-path": L.pathText(segments) }, [
      table, Console.make("div", { "class": "con-add-language" }, [
        labelled(chooserId, "Language to add" + (variant === null ? "" : " (" + V.variantWords(null, variant) + ")"), chooser,
          L.pathText(segments) + "-add"), add])]);
    /** @type {any} */
    var field = { spec: spec, segments: segments, wrapper: wrapper, children: [], pending: [], shape: null };

    // ", variant “Free week” (B)" after a variant's labels: a screen reader tells one table from another.
    function ofVariant(draft) { return variant === null ? "" : ", " + V.variantWords(draft.variants, variant); }

    function owner(draft) { return variant === null ? draft : (Array.isArray(draft.variants) ? draft.variants[variant] : null) || {}; }
    function tagsOf(draft) {
      var own = owner(draft).localizations;
      var tags = isObject(own) ? Object.keys(own).filter(function (tag) { return isObject(own[tag]); }) : [];
      field.pending.forEach(function (tag) { if (tags.indexOf(tag) < 0) { tags.push(tag); } });
      return tags;
    }

    function render(draft, tags, keys) {
      table.replaceChildren();
      field.children = [];
      tags.forEach(function (tag) {
        var name = V.languageName(tag);
        var cells = keys.map(function (pair) {
          var path = L.pathText(segments.concat([tag])) + "." + pair[0];
          var button = /^buttons\[(\d+)\]\.title$/.exec(pair[0]);
          var child = button ? buttonCell(tag, Number(button[1]), path, pair[1] + " (" + name + ")")
            : Console.form.plainField({ path: path, label: pair[1] + " (" + name + ")", kind: pair[0] === "text" ? "area" : "text",
              words: pair[0] !== "link.url" });
          child.fallbackPath = pair[0];
          child.tag = tag;
          child.labelText = pair[1] + " (" + name + ")";
          field.children.push(child);
          return child.wrapper;
        });
        var remove = Console.make("button", { type: "button", "class": "con-remove-row", text: "Remove " + V.languageName(tag),
          "aria-label": "Remove the " + V.languageName(tag) + " translation" + (variant === null ? "" : " of " + V.variantWords(draft.variants, variant)) });
        remove.addEventListener("click", function () {
          field.pending = field.pending.filter(function (other) { return other !== tag; });
          L.setPath(Console.draft(), segments.concat([tag]), undefined);
          field.shape = null;
          field.fill(Console.draft());
          Console.formEdited();
          add.focus();
        });
        table.appendChild(Console.make("fieldset", { "class": "con-language", "data-path": L.pathText(segments.concat([tag])) },
          [Console.make("legend", { text: V.languageName(tag) + " (" + tag + ")" })].concat(cells, [remove])));
      });
      chooser.replaceChildren.apply(chooser, V.languageChoices(tags).map(function (pair) {
        return Console.make("option", { value: pair[0], text: pair[1] });
      }));
    }

    // A button's title in a language: the translation's list of buttons is whole (ConsoleValues.translatedButtons).
    function buttonCell(tag, index, path, label) {
      var id = nextId("button");
      var control = input(id, { dir: "auto" });
      var child = { spec: { kind: "cell", path: path }, segments: L.parsePath(path), control: control,
        wrapper: labelled(id, label, control, path) };
      child.fill = function (draft) {
        var buttons = L.getPath(owner(draft), ["localizations", tag, "buttons"]);
        var button = Array.isArray(buttons) ? buttons[index] : null;
        control.value = isObject(button) && typeof button.title === "string" ? button.title : "";
      };
      control.addEventListener("input", function () {
        var draft = Console.draft();
        var own = owner(draft);
        var base = Array.isArray(own.buttons) ? own.buttons : draft.buttons;
        var next = V.translatedButtons(base, L.getPath(own, ["localizations", tag, "buttons"]), index, control.value);
        L.setPath(draft, segments.concat([tag, "buttons"]), next);
        Console.formEdited();
      });
      return child;
    }

    add.addEventListener("click", function () {
      var tag = chooser.value;
      if (!tag) { return; }
      field.pending.push(tag);
      field.shape = null;
      field.fill(Console.draft());
      var first = table.querySelector("[data-path=\"" + L.pathText(segments.concat([tag])) + "\"] input, [data-path=\""
        + L.pathText(segments.concat([tag])) + "\"] textarea");
      if (first) { first.focus(); }
    });

    field.fill = function (draft) {
      var tags = tagsOf(draft);
      var keys = V.translationKeys(draft).filter(function (pair) {
        return pair[0] === "title" || pair[0] === "text" || tags.some(function (tag) {
          return V.fallbackText(draft, variant, tag, pair[0]) !== "" || L.getPath(owner(draft), /** @type {Segments} */ (["localizations", tag]).concat(L.parsePath(pair[0]))) !== undefined;
        });
      });
      var shape = JSON.stringify([tags, keys]);
      if (shape !== field.shape) { field.shape = shape; render(draft, tags, keys); }
      field.children.forEach(function (child) { Console.form.fillField(child, draft); });
      field.refresh(draft);
    };
    // Each empty cell shows what it falls back to; a variant's cells are labelled with its name as it is.
    field.refresh = function (draft) {
      var suffix = ofVariant(draft);
      field.children.forEach(function (child) {
        var label = child.wrapper.querySelector("label");
        if (label && label.textContent !== child.labelText + suffix) { label.textContent = child.labelText + suffix; }
        var text = V.fallbackText(draft, variant, child.tag, child.fallbackPath);
        child.control.setAttribute("placeholder", text);
      });
    };
    return field;
  }

  // ---- Variants ----

  // The keys a variant may replace, as the message's fields (docs/feed-format.md, `variants`).
  function variantSpecs(index) {
    var at = "variants[" + index + "].";
    return [
      { path: at + "title", label: "Title", kind: "text", words: true },
      { path: at + "text", label: "Text", kind: "area", words: true },
      { path: at + "confirmLabel", label: "Dismiss button's title", kind: "text", words: true },
      { path: at + "link.title", label: "Link button's title", kind: "text", words: true },
      { path: at + "link.url", label: "Link URL", kind: "text", placeholder: "https://" },
      { path: at + "image.url", label: "Image URL", kind: "text", placeholder: "https://" },
      { path: at + "image.alt", label: "Alt text", kind: "text", words: true },
      { path: at + "buttons[0]", label: "First button", kind: "button", index: 0 },
      { path: at + "buttons[1]", label: "Second button", kind: "button", index: 1 },
      { path: at + "features", label: "Features (sheet)", kind: "rows", rows: "features" },
      { path: at + "conversion", label: "Conversion", kind: "rows", rows: "conversion" }
    ];
  }

  /** @param {FieldSpec} spec */
  function build(spec) {
    var list = Console.make("div", { "class": "con-variants-list" });
    var add = Console.make("button", { type: "button", "class": "con-add-variant" });
    var odd = Console.make("p", { "class": "con-hint", hidden: true,
      text: "The variants have a shape these fields cannot show: edit them in the JSON box. They are kept as they are." });
    // A test with results: the shares are locked until the author agrees to change them (lockShares).
    var unlock = Console.make("button", { type: "button", "class": "con-unlock-split", hidden: true, text: "Change the split…" });
    var locking = Console.make("p", { "class": "con-hint con-split-locked", id: nextId("locked"), hidden: true,
      text: "This test has results, so its shares are locked: “Change the split…” asks first, then unlocks them." });
    /** @type {HTMLInputElement | null} */
    var lastShare = null;
    var wrapper = Console.make("div", { "class": "con-variants", "data-path": "variants" }, [odd, locking, unlock, list, add]);
    /** @type {any} */
    var field = { spec: spec, segments: ["variants"], wrapper: wrapper, children: [], shape: null, cards: [] };

    function variants() { var draft = Console.draft(); return Array.isArray(draft.variants) ? draft.variants : []; }

    function card(draft, index) {
      var all = draft.variants;
      var path = "variants[" + index + "]";
      var nameId = nextId("name"), weightId = nextId("weight"), shareId = nextId("share");
      var name = input(nameId, { dir: "auto", placeholder: V.variantLetter(index) });
      var weight = input(weightId, { inputmode: "numeric" });
      var share = input(shareId, { inputmode: "decimal", placeholder: "e.g. 50%" });
      var legend = Console.make("legend", {});
      var moves = [["up", "Move up", index > 0], ["down", "Move down", index < all.length - 1], ["remove", "Remove", true]]
        .map(function (move) {
          var button = Console.make("button", { type: "button", "data-move": move[0], text: move[1], disabled: !move[2] });
          button.addEventListener("click", function () { moved(index, move[0], button); });
          return button;
        });
      // Why a move was refused, under the buttons (a test with results).
      var refused = Console.make("p", { "class": "con-hint con-variant-refused", id: nextId("refused"), role: "status", hidden: true });
      var head = Console.make("div", { "class": "con-variant-head" }, [
        labelled(nameId, "Name", name, path + ".name"),
        labelled(weightId, "Weight", weight, path + ".weight"),
        labelled(shareId, "Share", share, path + ".share", "con-variant-share"),
        Console.make("div", { "class": "con-variant-moves" }, moves)]);
      var children = variantSpecs(index).map(function (one) {
        var child = Console.form.makeField(one);
        // An empty text shows the message's: what the variant shows without its own.
        if (one.kind === "text" || one.kind === "area") { child.messageKey = one.path.slice(("variants[" + index + "].").length); }
        return child;
      });
      var texts = translations({ path: path + ".localizations", label: "Translations", kind: "translations" }, index);
      children.push(texts);
      var box = Console.make("fieldset", { "class": "con-variant", "data-path": path }, [legend, head, refused,
        Console.make("div", { "class": "con-variant-fields" }, children.slice(0, -1).map(function (child) { return child.wrapper; })),
        Console.make("h4", { "class": "con-variant-translations", text: "Translations" }), texts.wrapper]);
      // The head's controls as cells, so that the check's notes at a name or a weight describe them.
      var cells = [name, weight, share].map(function (control) {
        return { spec: { kind: "cell" }, control: control, wrapper: control.parentNode };
      });
      var one = { index: index, box: box, legend: legend, name: name, weight: weight, share: share, children: children,
        cells: cells, moves: moves, refused: refused };

      name.addEventListener("input", function () {
        var reading = V.readVariantName(name.value, variants(), index);
        var variant = variants()[index];
        if (reading.value === undefined) { delete variant.name; }
        else if (L.getPath(variant, ["name"]) === undefined) { variants()[index] = Object.assign({ name: reading.value }, variant); }
        else { variant.name = reading.value; }
        Console.form.localError(name.parentNode, reading.error || null, path + ".name");
        if (!reading.error) { clearLocal(name); }
        Console.formEdited();
      });
      // A locked share takes no key: focus locks it first (results may have arrived since the last edit).
      [weight, share].forEach(function (control) {
        control.addEventListener("focus", function () { lastShare = control; lockShares(); });
        // A key that would change a locked field: said at the field, once, with how to unlock it.
        control.addEventListener("keydown", function (event) {
          if (!control.readOnly || event.ctrlKey || event.metaKey || event.altKey) { return; }
          if (event.key.length === 1 || event.key === "Backspace" || event.key === "Delete") { lockedKey(control); }
        });
        control.addEventListener("paste", function () { if (control.readOnly) { lockedKey(control); } });
      });
      weight.addEventListener("input", weightTyped);
      function weightTyped() {
        var reading = V.readWeight(weight.value);
        var variant = variants()[index];
        if (reading.value === undefined) { delete variant.weight; } else { variant.weight = reading.value; }
        Console.form.localError(weight.parentNode, reading.error || null, path + ".weight");
        if (!reading.error) { clearLocal(weight); }
        Console.formEdited();
      }
      // Left, the share says what the weights make (50 % for a typed "50").
      share.addEventListener("blur", function () {
        if (share.getAttribute("aria-invalid") !== "true") { field.refresh(Console.draft()); }
      });
      share.addEventListener("input", shareTyped);
      function shareTyped() {
        var reading = V.readPercent(share.value, "Share");
        // The share the weights can make: above 0 and below 100 (the other variants keep some).
        var error = reading.error || typeof reading.value !== "number" || reading.value <= 0 || reading.value >= 100
          ? "Share: a number above 0 and below 100, like 50." : null;
        Console.form.localError(share.parentNode, error, path + ".weight");
        if (error) { return; }
        clearLocal(share);
        var weights = V.weightsWithShare(variants().map(function (variant) { return isObject(variant) ? variant.weight : 1; }),
          index, /** @type {number} */ (reading.value));
        variants().forEach(function (variant, position) { if (isObject(variant)) { variant.weight = weights[position]; } });
        Console.formEdited();
      }
      return one;
    }

    /** @param {HTMLInputElement} control */
    function lockedKey(control) {
      var place = /** @type {HTMLElement} */ (control.parentNode);
      if (place.querySelector(".con-locked-key")) { return; }
      var box = Console.make("p", { "class": "con-hint con-locked-key", id: nextId("locked-key"), role: "status",
        text: "Locked: to change the shares, choose “Change the split…” first." });
      place.appendChild(box);
      control.setAttribute("aria-describedby", locking.id + " " + box.id);
    }

    function clearLocal(control) {
      control.removeAttribute("aria-invalid");
      control.removeAttribute("aria-describedby");
    }

    // The variants on disk when the message has recorded results (they are stored by each variant's
    // place in the list), else null: those are not moved or removed, and the split changes only once asked.
    function withResults() { return Console.keptVariants(Console.state.editor); }

    // A test with results: its weights and shares are read-only until "Change the split…" is asked and
    // agreed to (once per message while the page is open), so that no key typed there is lost or taken
    // by the question. Answers whether they are locked.
    function lockShares() {
      var locked = withResults() !== null && !Console.splitAgreed(Console.state.editor);
      unlock.hidden = locked ? false : true;
      locking.hidden = unlock.hidden;
      field.cards.forEach(function (one) {
        [one.weight, one.share].forEach(function (control) {
          if (control.readOnly === locked) { return; }
          control.readOnly = locked;
          if (locked) { control.setAttribute("aria-describedby", locking.id); return; }
          var said = control.parentNode.querySelector(".con-locked-key");
          if (said) { said.remove(); }
          if ((control.getAttribute("aria-describedby") || "").split(" ")[0] === locking.id) { control.removeAttribute("aria-describedby"); }
        });
      });
      return locked;
    }
    unlock.addEventListener("click", function () {
      var editor = Console.state.editor;
      Console.ask(ConsoleGuard.splitQuestion("share", editor.originalId)).then(function (yes) {
        if (!yes) { return; }
        Console.splitAgreed(editor, true);
        lockShares();
        // Back where the author was going to type (the first variant's share otherwise).
        var target = lastShare && lastShare.isConnected ? lastShare : field.cards.length ? field.cards[0].share : null;
        if (target) { target.focus(); target.select(); }
      });
    });

    function moved(index, how, button) {
      var one = field.cards[index];
      var refusal = ConsoleGuard.moveRefusal(withResults(), index, how);
      if (refusal) {
        one.refused.textContent = refusal;
        one.refused.hidden = false;
        button.setAttribute("aria-describedby", one.refused.id);
        return;
      }
      if (how !== "remove" || !ConsoleGuard.hasOwnContent(variants()[index])) { move(index, how); return; }
      var words = V.variantWords(variants(), index);
      Console.ask(["Remove " + words + "?", "Its own texts, buttons and translations go with it; the message's "
        + "own fields stay as they are.", "Remove " + words, "Keep it"]).then(function (yes) {
        if (yes) { move(index, how); }
      });
    }

    function move(index, how) {
      var draft = Console.draft();
      var all = draft.variants;
      var target = how === "up" ? index - 1 : how === "down" ? index + 1 : index;
      if (how === "remove") {
        all.splice(index, 1);
        if (!all.length) { delete draft.variants; }
      } else {
        var swap = all[index];
        all[index] = all[target];
        all[target] = swap;
      }
      field.shape = null;
      field.fill(draft);
      Console.formEdited();
      var card = field.cards[Math.min(target, field.cards.length - 1)];
      // After a removal the focus goes to the next variant's name, never to another Remove button.
      var focus = !card ? add : how === "remove" ? card.name
        : card.box.querySelector("[data-move=" + how + "]:not([disabled])") || card.name;
      focus.focus();
    }

    add.addEventListener("click", function () {
      var kept = withResults();
      var editor = Console.state.editor;
      if (kept === null) { adding(); return; }
      Console.ask(ConsoleGuard.splitQuestion(kept ? "add" : "start", editor.originalId)).then(function (yes) {
        if (yes) { Console.splitAgreed(editor, true); adding(); }
      });
    });

    function adding() {
      var draft = Console.draft();
      var first = !Array.isArray(draft.variants);
      if (first) { ConsoleLogic.placeKey(draft, "variants", [{ weight: 1 }, { weight: 1 }]); }
      else { draft.variants.push({ weight: 1 }); }
      field.shape = null;
      field.fill(draft);
      Console.formEdited();
      // A new A/B test starts at variant A's name; a variant added, at its own.
      field.cards[first ? 0 : draft.variants.length - 1].name.focus();
    }

    field.fill = function (draft) {
      var readable = draft.variants === undefined || (Array.isArray(draft.variants) && draft.variants.every(isObject));
      var all = readable && draft.variants ? draft.variants : [];
      odd.hidden = readable;
      add.hidden = !readable;
      var shape = String(all.length);
      if (shape !== field.shape) {
        field.shape = shape;
        field.cards = all.map(function (variant, index) { return card(draft, index); });
        list.replaceChildren.apply(list, field.cards.map(function (one) { return one.box; }));
        field.children = [].concat.apply([], field.cards.map(function (one) { return one.children.concat(one.cells); }));
        add.textContent = all.length ? "Add a variant" : "Make it an A/B test (two variants)";
        add.disabled = all.length >= 10;
      }
      field.cards.forEach(function (one) {
        var variant = all[one.index];
        one.name.value = typeof variant.name === "string" ? variant.name : "";
        one.weight.value = variant.weight === undefined ? "" : String(variant.weight);
        one.children.forEach(function (child) { Console.form.fillField(child, draft); });
      });
      field.refresh(draft);
    };
    // The legends, the shares (but the one being typed) and each table's fallbacks follow every edit.
    field.refresh = function (draft) {
      var all = Array.isArray(draft.variants) ? draft.variants : [];
      lockShares();
      var shares = V.sharePercents(all.map(function (variant) { return isObject(variant) ? variant.weight : undefined; }));
      field.cards.forEach(function (one) {
        if (!isObject(all[one.index])) { return; }
        var words = V.variantWords(all, one.index);
        one.legend.textContent = words.replace(/^v/, "V");
        one.moves.forEach(function (button) {
          var how = button.getAttribute("data-move");
          button.setAttribute("aria-label", how === "remove" ? "Remove " + words : "Move " + words + " " + how);
        });
        if (document.activeElement !== one.share) { one.share.value = V.percentText(shares[one.index]); }
        if (document.activeElement !== one.weight && one.weight.getAttribute("aria-invalid") !== "true") {
          one.weight.value = all[one.index].weight === undefined ? "" : String(all[one.index].weight);
        }
        one.children.forEach(function (child) {
          if (child.refresh) { child.refresh(draft); }
          if (child.spec.rows === "conversion") { inheritedConversion(child, draft); }
          if (child.messageKey) {
            var own = L.getPath(draft, L.parsePath(child.messageKey));
            child.control.setAttribute("placeholder", typeof own === "string" && own !== "" ? own : child.spec.placeholder || "");
          }
        });
      });
    };
    return field;
  }

  // A variant without a conversion of its own has the message's: its empty fields show it in grey
  // ("purchase", "3 days": the unit too, since the variant's own unit field starts at hours).
  function inheritedConversion(child, draft) {
    var inherited = V.conversionFields(draft.conversion);
    child.controls().forEach(function (/** @type {HTMLInputElement | HTMLSelectElement} */ control) {
      var place = control.closest("[data-column]");
      var column = place ? place.getAttribute("data-column") : null;
      if (column === "event") {
        control.setAttribute("placeholder", inherited && inherited.event ? inherited.event : "e.g. purchase");
      } else if (column === "amount") {
        control.setAttribute("placeholder", inherited && inherited.amount ? inherited.amount + " " + inherited.unit : "e.g. 3");
      }
    });
  }

  Console.variants = { build: build, translations: translations };
})();
