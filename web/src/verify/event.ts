// One event of an export document as the checks read it: its envelope's fields, and typed reads of its data that
// refuse a field missing or of another kind (bad_event, as in every verifier).
import { t } from "../i18n";
import { compact, type Json } from "./json";
import { Malformed } from "./malformed";

export type JsonObject = { [key: string]: Json };

export class Event {
  constructor(
    readonly version: number,
    readonly type: string,
    readonly schemaVersion: number,
    readonly data: JsonObject,
    readonly recordedAt: string,
    readonly metadata: JsonObject,
    readonly chain: string | null,
    private readonly keyOrder: WeakMap<object, readonly string[]>,
  ) {}

  get where(): string {
    return t("vf.where", { version: this.version, type: this.type });
  }

  /** What dealing 2's chain hashes of `data`: compact, its keys in the file's order. */
  get compact(): Uint8Array<ArrayBuffer> {
    return new TextEncoder().encode(compact(this.data, this.keyOrder));
  }

  has(key: string): boolean {
    return Object.hasOwn(this.data, key);
  }

  // a field a check reads, missing or of another kind: the event is not of its type (bad_event), as in every verifier
  int(key: string): number {
    const value = this.data[key];
    if (typeof value !== "number") throw this.notOfType(key, t("mf.kind.int"));
    return value;
  }

  str(key: string): string {
    const value = this.data[key];
    if (typeof value !== "string") throw this.notOfType(key, t("mf.kind.str"));
    return value;
  }

  list(key: string): Json[] {
    const value = this.data[key];
    if (!Array.isArray(value)) throw this.notOfType(key, t("mf.kind.list"));
    return value;
  }

  /** A list of cards (integers or strings). */
  cards(key: string): (number | string)[] {
    const items = this.list(key);
    if (!items.every((c) => typeof c === "number" || typeof c === "string"))
      throw this.notOfType(key, t("mf.kind.cards"));
    return items as (number | string)[];
  }

  private notOfType(key: string, kind: string): Malformed {
    return new Malformed("bad_event", t("mf.missingOrNot", { where: this.where, key: JSON.stringify(key), kind }));
  }
}
