// `<appalert-slot name="home">`: one of the page's inline slots, drawn in place by the web client
// (Sources/AppAlert/Presentation/MessageSlotModel.swift). It decides when it is put in the page, when its
// name changes and after each check of its service, and takes no space when it has nothing to show.

import { loadDrawing } from "./renderer.js";

/** @typedef {import("./select.js").ResolvedMessage} ResolvedMessage */

/**
 * Defines the custom element `tagName` (by default `appalert-slot`) for `service`'s slots. Defining it a
 * second time does nothing.
 * @param {import("./service.js").AlertService} service
 * @param {string} [tagName]
 * @param {CustomElementRegistry} [registry] default: the page's
 */
export function defineSlotElement(service, tagName = "appalert-slot", registry = globalThis.customElements) {
  if (registry.get(tagName) !== undefined) return;

  class AppAlertSlot extends HTMLElement {
    static get observedAttributes() {
      return ["name"];
    }

    /** @type {import("./service.js").SlotController | undefined} */
    #slot;
    /** @type {{message: ResolvedMessage, drawing: {remove: () => void}} | undefined} */
    #shown;
    /** @type {(() => void) | undefined} */
    #unsubscribe;
    #generation = 0;

    connectedCallback() {
      this.#unsubscribe?.();
      this.#unsubscribe = undefined;
      this.#slot = service.slot(this.getAttribute("name") ?? "");
      this.#unsubscribe = this.#slot.subscribe(() => void this.refresh());
      void this.refresh();
    }

    disconnectedCallback() {
      this.#unsubscribe?.();
      this.#unsubscribe = undefined;
      this.#take();
    }

    attributeChangedCallback() {
      if (this.isConnected) this.connectedCallback();
    }

    /** Decides again and draws what is due now. */
    async refresh() {
      const slot = this.#slot;
      if (slot === undefined) return;
      const generation = ++this.#generation;
      const message = await slot.decide();
      /** @type {typeof import("./draw.js") | undefined} */
      let draw;
      if (message !== undefined) draw = await loadDrawing().catch(() => undefined); // a failure is the service's problem
      if (generation !== this.#generation || !this.isConnected) return;
      const shown = this.#shown?.message;
      if (message !== undefined && shown?.id === message.id && shown.variant === message.variant) return;
      this.#take();
      if (message === undefined || draw === undefined) return;
      const drawing = draw.drawInline(this, message, {
        texts: service.texts,
        act: (action, index) => {
          const allowed = slot.act(message, action, index);
          const stays = !message.dismissible && typeof action === "object" && "url" in action;
          // A link is followed once its click is over: a link taken off the page during its click is not.
          if (!stays) setTimeout(() => this.#take(message), 0);
          return allowed;
        },
        close: () => {
          if (!message.dismissible) return;
          slot.act(message, "dismiss");
          this.#take(message);
        },
      });
      this.#shown = { message, drawing };
      slot.appeared(message);
    }

    /**
     * Takes the drawing away (only `message`'s, when given).
     * @param {ResolvedMessage} [message]
     */
    #take(message) {
      if (this.#shown === undefined || (message !== undefined && this.#shown.message !== message)) return;
      this.#shown.drawing.remove();
      this.#shown = undefined;
    }
  }

  registry.define(tagName, AppAlertSlot);
}
