// The create form's options, drawn from the catalog's JSON Schema.
// Each game's options are a msgspec struct whose JSON Schema the catalog gives (`options_schema`, with `$defs`);
// the form follows the schema rather than knowing the games, so a new option or a new game needs no web change.
import { checkbox, h, labelled, select } from "./dom";
import { t, tryT } from "./i18n";

export type Json = Record<string, unknown>;

export interface Field {
  element: HTMLElement;
  value(): unknown;
}

export function resolve(node: Json, root: Json): Json {
  const ref = node["$ref"];
  if (typeof ref === "string" && ref.startsWith("#/$defs/")) {
    const defs = (root["$defs"] ?? {}) as Record<string, Json>;
    const target = defs[ref.slice("#/$defs/".length)];
    if (target) return resolve(target, root);
  }
  return node;
}

function words(name: string): string {
  const text = name.replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** An option's label from the catalogue; an option this client has no words for yet shows its name. */
function optionLabel(name: string): string {
  return tryT(`opt.${name}`) ?? words(name);
}

/** The help line under an option (every option the client knows has one). */
function optionHelp(name: string): string | undefined {
  return tryT(`opt.${name}.help`) ?? undefined;
}

/** An option value's words ("full", « complet »); `fallback` for a value the catalogue does not hold. */
function valueLabel(value: unknown, fallback: string): string {
  return tryT(`val.${String(value)}`) ?? fallback;
}

/** A choice's own help line (each barbu contract, each le-baron variant), if the catalogue has one. */
function valueHelp(value: unknown): string | undefined {
  return tryT(`val.${String(value)}.help`) ?? undefined;
}

/** One option's control, marked with the option's name (`data-option`) for tests and styles. */
function field(name: string, raw: Json, initial: unknown, root: Json): Field {
  const drawn = drawField(name, raw, initial, root);
  drawn.element.dataset["option"] = name;
  return drawn;
}

function drawField(name: string, raw: Json, initial: unknown, root: Json): Field {
  const node = resolve(raw, root);
  const title = optionLabel(name);
  const help = optionHelp(name);
  const enumValues = node["enum"];
  if (Array.isArray(enumValues)) {
    const control = select(
      enumValues.map((value) => [JSON.stringify(value), valueLabel(value, String(value))]),
      JSON.stringify(initial ?? node["default"] ?? enumValues[0]),
    );
    control.name = name;
    return { element: labelled(title, control, help), value: () => JSON.parse(control.value) as unknown };
  }
  const anyOf = node["anyOf"];
  if (Array.isArray(anyOf)) {
    const variants = (anyOf as Json[]).map((variant) => resolve(variant, root));
    const nonNull = variants.filter((variant) => variant["type"] !== "null");
    const discriminator = node["discriminator"] as { propertyName?: string } | undefined;
    if (discriminator?.propertyName) return unionField(name, discriminator.propertyName, nonNull, initial, root);
    const only = nonNull[0];
    if (nonNull.length === 1 && only && nonNull.length < variants.length) {
      return nullableField(name, only, initial);
    }
  }
  const type = node["type"];
  if (type === "integer" || type === "number") {
    const control = h("input", { type: "number", name, inputmode: "numeric" });
    if (type === "integer") control.step = "1";
    control.value = String(initial ?? node["default"] ?? "");
    return {
      element: labelled(title, control, help),
      value: () => (control.value === "" ? undefined : Number(control.value)),
    };
  }
  if (type === "boolean") {
    const box = checkbox(title, Boolean(initial ?? node["default"]), help);
    return { element: box.element, value: () => box.input.checked };
  }
  if (type === "string") {
    const control = h("input", { type: "text", name });
    control.value = String(initial ?? node["default"] ?? "");
    return { element: labelled(title, control, help), value: () => control.value };
  }
  const items = node["items"] ? resolve(node["items"] as Json, root) : null;
  if (type === "array" && items && Array.isArray(items["enum"])) {
    const given = (Array.isArray(initial) ? initial : []) as unknown[];
    const chosen = new Set(given);
    const set = h("fieldset", {}, h("legend", {}, title), help ? h("small", { class: "muted" }, help) : null);
    // the default's own order first (barbu's contracts come in the rulebook's), then the other choices
    const order = [...given, ...(items["enum"] as unknown[]).filter((value) => !chosen.has(value))];
    const boxes = order.map((value) => {
      const box = checkbox(valueLabel(value, words(String(value))), chosen.has(value), valueHelp(value));
      set.append(box.element);
      return [value, box.input] as const;
    });
    return { element: set, value: () => boxes.filter(([, input]) => input.checked).map(([value]) => value) };
  }
  if (type === "object" && node["properties"]) return objectField(title, node, initial as Json | undefined, root);
  // a shape the form does not know: JSON typed by hand, still labelled and still checked by the server
  const control = h("textarea", { name, rows: "2" });
  control.value = JSON.stringify(initial ?? node["default"] ?? null);
  return {
    element: labelled(t("opt.json", { label: title }), control, help),
    value: () => {
      try {
        return JSON.parse(control.value) as unknown;
      } catch {
        return control.value;
      }
    },
  };
}

function nullableField(name: string, node: Json, initial: unknown): Field {
  const control = h("input", { type: "number", name, inputmode: "numeric", step: "1" });
  control.value = initial === null || initial === undefined ? "" : String(initial);
  const isNumber = node["type"] === "integer" || node["type"] === "number";
  return {
    element: labelled(optionLabel(name), control, optionHelp(name) ?? t("opt.none")),
    value: () => (control.value === "" ? null : isNumber ? Number(control.value) : control.value),
  };
}

export function objectField(title: string | null, node: Json, initial: Json | undefined, root: Json, skip?: string): Field {
  // a union's variant sits in the union's own fieldset: no second legend for it
  const set = title === null ? h("div") : h("fieldset", {}, h("legend", {}, title));
  const properties = (node["properties"] ?? {}) as Record<string, Json>;
  const fields: [string, Field][] = [];
  for (const [key, child] of Object.entries(properties)) {
    if (key === skip) continue;
    const sub = field(key, child, initial?.[key], root);
    fields.push([key, sub]);
    set.append(sub.element);
  }
  return {
    element: set,
    value: () => {
      const value: Json = {};
      for (const [key, sub] of fields) {
        const got = sub.value();
        if (got !== undefined) value[key] = got;
      }
      return value;
    },
  };
}

/** A tagged union (six-nimmt's `end`: a threshold or a number of rounds): pick the kind, then fill its fields. */
function unionField(name: string, tag: string, variants: Json[], initial: unknown, root: Json): Field {
  const kindOf = (variant: Json): string => {
    const property = ((variant["properties"] ?? {}) as Record<string, Json>)[tag];
    const values = property?.["enum"];
    return Array.isArray(values) ? String(values[0]) : String(variant["title"] ?? "");
  };
  const start = (initial ?? {}) as Json;
  const help = optionHelp(name);
  const set = h("fieldset", {}, h("legend", {}, optionLabel(name)), help ? h("small", { class: "muted" }, help) : null);
  const kinds = variants.map(kindOf);
  const chooser = select(
    kinds.map((kind) => [kind, valueLabel(kind, words(kind))]),
    String(start[tag] ?? kinds[0]),
  );
  const body = h("div");
  const kindField = labelled(optionLabel(tag), chooser, optionHelp(tag));
  kindField.dataset["option"] = tag;
  set.append(kindField, body);
  let current: Field | null = null;
  const draw = (): void => {
    const index = Math.max(0, kinds.indexOf(chooser.value));
    const variant = variants[index] ?? {};
    const same = start[tag] === chooser.value ? start : undefined;
    current = objectField(null, variant, same, root, tag);
    body.replaceChildren(current.element);
  };
  chooser.addEventListener("change", draw);
  draw();
  return {
    element: set,
    value: () => ({ [tag]: chooser.value, ...((current?.value() as Json | undefined) ?? {}) }),
  };
}
