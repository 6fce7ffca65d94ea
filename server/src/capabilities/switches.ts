import type { CapabilityState } from "../../../contract/capabilities.ts";
import type { Database } from "../db/client.ts";
import { type CacheTrust, changeAndAnnounce, dataChanges } from "../db/data-changes.ts";
import { HttpError } from "../http/errors.ts";
import type { Clock } from "../lib/clock.ts";
import type { CapabilityManifest } from "./capability.ts";
import { capabilitySwitches } from "./capabilities-schema.ts";

/**
 * Which optional capabilities are on (Studio → Site → Features), read once and kept until a change
 * is announced (on PostgreSQL, to every app server), like the site's other settings.
 */
export class CapabilitySwitches {
  private cachedOff: Promise<ReadonlySet<string>> | undefined;
  private readonly optional: readonly CapabilityManifest[];
  private readonly forget = () => {
    this.cachedOff = undefined;
  };

  constructor(
    private readonly db: Database,
    private readonly cacheTrust: CacheTrust,
    private readonly clock: Clock,
    manifests: readonly CapabilityManifest[],
  ) {
    this.optional = manifests.filter((manifest) => manifest.optional);
    dataChanges.on("site", this.forget);
  }

  /** Writes the switches a new installation starts with (CAPABILITIES_OFF); an existing one keeps hers. */
  async install(offByDefault: readonly string[]): Promise<void> {
    const unknown = offByDefault.filter((name) => !this.optional.some((manifest) => manifest.name === name));
    if (unknown.length > 0)
      throw new Error(
        `Invalid configuration:\n  CAPABILITIES_OFF names ${unknown.join(", ")}, which cannot be turned off (those that can: ${this.optional.map((manifest) => manifest.name).join(", ")}).`,
      );
    if (this.optional.length === 0) return;
    await this.db
      .insert(capabilitySwitches)
      .values(this.optional.map(({ name }) => ({ name, on: !offByDefault.includes(name) })))
      .onConflictDoNothing();
  }

  private async off(): Promise<ReadonlySet<string>> {
    if (this.cachedOff && this.cacheTrust.trusted()) return this.cachedOff;
    const reading = this.db
      .select({ name: capabilitySwitches.name, on: capabilitySwitches.on })
      .from(capabilitySwitches)
      .then((rows) => new Set(rows.filter((row) => !row.on).map((row) => row.name)));
    if (this.cacheTrust.trusted()) this.cachedOff = reading.catch((error: unknown) => this.failed(error));
    return reading;
  }

  private failed(error: unknown): never {
    this.cachedOff = undefined;
    throw error;
  }

  async isOn(name: string): Promise<boolean> {
    return !(await this.off()).has(name);
  }

  /** The optional capabilities that are off now. */
  async offNow(): Promise<string[]> {
    return [...(await this.off())];
  }

  async list(titleOf: (manifest: CapabilityManifest) => string): Promise<CapabilityState[]> {
    const off = await this.off();
    return this.optional.map((manifest) => ({
      name: manifest.name,
      title: titleOf(manifest),
      on: !off.has(manifest.name),
      needs: [...(manifest.optional?.needs ?? [])],
    }));
  }

  /**
   * Turns one on or off. The switches are locked while the change is checked and written, so two
   * app servers cannot turn off a capability and turn on one that needs it at the same moment.
   */
  async turn(name: string, on: boolean, titleOf: (manifest: CapabilityManifest) => string): Promise<void> {
    const manifest = this.optional.find((candidate) => candidate.name === name);
    if (!manifest) throw new HttpError(404, "There is no feature of that name that can be turned off.");
    await changeAndAnnounce(this.db, "site", async (tx) => {
      const rows = await tx.select().from(capabilitySwitches).for("update");
      const isOn = (other: string) => rows.find((row) => row.name === other)?.on ?? true;
      if (on) {
        const missing = (manifest.optional?.needs ?? []).find((needed) => !isOn(needed));
        if (missing) {
          throw HttpError.withValues(409, "{feature} needs {needed}: turn that on first.", {
            feature: titleOf(manifest),
            needed: titleOf(this.optional.find((candidate) => candidate.name === missing)!),
          });
        }
      } else {
        const needing = this.optional.find((other) => isOn(other.name) && other.optional?.needs?.includes(name));
        if (needing) {
          throw HttpError.withValues(409, "{needing} needs {feature}: turn that off first.", {
            feature: titleOf(manifest),
            needing: titleOf(needing),
          });
        }
      }
      await tx
        .insert(capabilitySwitches)
        .values({ name, on, changedAt: this.clock.now() })
        .onConflictDoUpdate({ target: capabilitySwitches.name, set: { on, changedAt: this.clock.now() } });
    });
  }

  close(): void {
    dataChanges.off("site", this.forget);
  }
}
