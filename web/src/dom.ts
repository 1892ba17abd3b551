// Small DOM helpers of the lobby and table page (index.html): an element from a tag, attributes and children, and
// the labelled controls every form of the page is made of, so that screen readers and Playwright's getByLabel find
// each control by its words.

export function byId(id: string): HTMLElement {
  const element = document.getElementById(id);
  if (!element) throw new Error(`index.html has no #${id}`);
  return element;
}

export type Child = Node | string | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<Record<string, string>> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (value !== undefined) element.setAttribute(name, value);
  }
  for (const child of children) {
    if (child !== null && child !== undefined && child !== false) element.append(child);
  }
  return element;
}

let uniqueId = 0;
export function nextId(prefix: string): string {
  uniqueId += 1;
  return `${prefix}-${uniqueId}`;
}

/** A labelled control: the label's `for` names the control, so screen readers and Playwright's getByLabel find it. */
export function labelled(text: string, control: HTMLElement, hint?: string): HTMLElement {
  if (!control.id) control.id = nextId("f");
  const label = h("label", { for: control.id }, text);
  const wrapper = h("div", { class: "field" }, label, control);
  if (hint) {
    const hintId = `${control.id}-hint`;
    wrapper.append(h("small", { id: hintId, class: "muted" }, hint));
    control.setAttribute("aria-describedby", hintId);
  }
  return wrapper;
}

export function checkbox(text: string, checked: boolean, hint?: string): { element: HTMLElement; input: HTMLInputElement } {
  const input = h("input", { type: "checkbox", id: nextId("c") });
  input.checked = checked;
  const element = h("div", { class: "field inline" }, input, h("label", { for: input.id }, text));
  if (hint) {
    const hintId = `${input.id}-hint`;
    element.append(h("small", { id: hintId, class: "muted hint" }, hint));
    input.setAttribute("aria-describedby", hintId);
  }
  return { element, input };
}

export function select(options: [string, string][], selected?: string): HTMLSelectElement {
  const element = h("select");
  for (const [value, text] of options) {
    const option = h("option", { value }, text);
    if (value === selected) option.selected = true;
    element.append(option);
  }
  return element;
}

export function button(text: string, onClick: () => void | Promise<void>, className?: string): HTMLButtonElement {
  const element = h("button", { type: "button", class: className });
  element.textContent = text;
  element.addEventListener("click", () => {
    element.disabled = true;
    void Promise.resolve(onClick()).finally(() => {
      element.disabled = false;
    });
  });
  return element;
}

export function randomHex(bytes: number): string {
  const values = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(values, (value) => value.toString(16).padStart(2, "0")).join("");
}

export function gameLink(gameId: string, joinCode?: string | null): string {
  const url = new URL("/", window.location.origin);
  url.searchParams.set("game", gameId);
  if (joinCode) url.searchParams.set("code", joinCode);
  return url.toString();
}
