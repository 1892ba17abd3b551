// The rules panel: each game's rules for its players (the words are in i18n/rules.ts, in both languages), in a
// modal <dialog>. showModal() keeps the keyboard inside it, Esc closes it (the browser's own `cancel`), and closing
// gives the focus back to the button that opened it. Reached from the table's tools and from the create form.
import { h } from "./dom";
import { t, tryT } from "./i18n";
import { SECTIONS } from "./i18n/rules";

/** A section's text: paragraphs between blank lines, a run of "- " lines as a list. */
function blocks(text: string): HTMLElement[] {
  const out: HTMLElement[] = [];
  for (const chunk of text.split(/\n\s*\n/)) {
    const lines = chunk.split("\n").filter((line) => line.trim() !== "");
    if (lines.length > 0 && lines.every((line) => line.startsWith("- "))) {
      out.push(h("ul", {}, ...lines.map((line) => h("li", {}, line.slice(2)))));
    } else if (lines.length > 0) {
      out.push(h("p", {}, lines.join(" ")));
    }
  }
  return out;
}

/** The rules of `game` as elements: a heading and its text per section. */
export function rulesBody(game: string, title: string): HTMLElement {
  const body = h("div", { class: "rules-body", "data-rules": game });
  const sections = SECTIONS[game] ?? [];
  if (sections.length === 0) body.append(h("p", {}, t("rules.none", { game: title })));
  for (const section of sections) {
    const heading = tryT(`rules.${game}.${section}`);
    const text = tryT(`rules.${game}.${section}.text`);
    if (heading === null || text === null) continue;
    body.append(h("section", { "data-section": section }, h("h3", {}, heading), ...blocks(text)));
  }
  return body;
}

/**
 * A modal dialog titled `title` holding `body` (the rules, the score sheet); `opener` gets the focus back when it
 * closes. One of a kind (`kind` is its class) is open at a time.
 */
export function openDialog(kind: string, title: string, body: HTMLElement, opener?: HTMLElement): HTMLDialogElement {
  document.querySelector(`dialog.${kind}`)?.remove();
  const headingId = `${kind}-title`;
  const close = h("button", { type: "button", class: "secondary dialog-close" }, t("rules.close"));
  const dialog = h(
    "dialog",
    { class: kind, "aria-labelledby": headingId },
    h("div", { class: "rules-head" }, h("h2", { id: headingId }, title), close),
    body,
  );
  close.addEventListener("click", () => dialog.close());
  // a click on the backdrop (outside the dialog's box) closes it too
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) {
      const box = dialog.getBoundingClientRect();
      const inside = event.clientX >= box.left && event.clientX <= box.right
        && event.clientY >= box.top && event.clientY <= box.bottom;
      if (!inside) dialog.close();
    }
  });
  dialog.addEventListener("close", () => {
    dialog.remove();
    opener?.focus();
  });
  document.body.append(dialog);
  dialog.showModal();
  close.focus();
  return dialog;
}

/** Opens the rules of `game` in a modal dialog. */
export function openRules(game: string, title: string, opener?: HTMLElement): HTMLDialogElement {
  return openDialog("rules", t("rules.title", { game: title }), rulesBody(game, title), opener);
}

/** The button that opens the rules of `game` (`label` says which game, for the create form). */
export function rulesButton(game: string, title: string, label?: string): HTMLButtonElement {
  const button = h("button", { type: "button", class: "secondary", "data-open": "rules", "aria-haspopup": "dialog" });
  button.textContent = label ?? t("rules.open");
  button.addEventListener("click", () => openRules(game, title, button));
  return button;
}
