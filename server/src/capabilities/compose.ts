import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import type { TimedWork } from "../timed-work/timed-work.ts";
import {
  type AppServices,
  type CapabilityContext,
  type CapabilityManifest,
  type CapabilityParts,
  type Mount,
  type Offered,
  type Points,
  readSettings,
} from "./capability.ts";

/** Whether a capability is on now (switches.ts), as the composition asks it. */
export type IsOn = (capability: string) => Promise<boolean>;

export type StartedCapabilities = {
  /** Registers every capability's routes, each answering 404 while its capability is off. */
  register: (app: FastifyInstance) => Promise<void>;
  /** Every capability's timed work, each skipping its runs while its capability is off. */
  timedWork: TimedWork[];
  /** The manifests in start-up order. */
  order: readonly CapabilityManifest[];
  /** What every capability forgets with the server's sweep. */
  sweeps: (() => Promise<unknown>)[];
  /** What every capability does when the app closes. */
  closes: (() => void | Promise<void>)[];
  /** Everything the capabilities put into a point. */
  all: CapabilityContext["all"];
  /** Each capability's routes once registered (method and address), which answer 404 while it is off. */
  routesOf: Map<string, { method: string; url: string }[]>;
};

/**
 * The manifests in the order their declarations ask: a capability after those offering the services
 * it needs, and before those it names in `before`; otherwise in the listed order. An unknown service
 * or capability, two offers of one service, or a cycle is an error at start.
 */
export function capabilityOrder(manifests: readonly CapabilityManifest[]): CapabilityManifest[] {
  const byName = new Map(manifests.map((manifest) => [manifest.name, manifest]));
  if (byName.size !== manifests.length) throw new Error("Two capabilities have the same name.");
  const offeredBy = new Map<string, string>();
  for (const manifest of manifests) {
    for (const service of Object.keys(manifest.offers ?? {})) {
      const other = offeredBy.get(service);
      if (other) throw new Error(`The service "${service}" is offered by both ${other} and ${manifest.name}.`);
      offeredBy.set(service, manifest.name);
    }
  }
  const after = new Map(manifests.map((manifest) => [manifest.name, new Set<string>()]));
  for (const manifest of manifests) {
    for (const service of manifest.needs ?? []) {
      const offering = offeredBy.get(service);
      if (!offering) throw new Error(`${manifest.name} needs the service "${service}", which no capability offers.`);
      if (offering !== manifest.name) after.get(manifest.name)!.add(offering);
    }
    for (const service of manifest.later ?? []) {
      if (!offeredBy.has(service)) throw new Error(`${manifest.name} uses the service "${service}", which no capability offers.`);
    }
    for (const later of manifest.before ?? []) {
      if (!byName.has(later)) throw new Error(`${manifest.name} must come before "${later}", which is not a capability.`);
      after.get(later)!.add(manifest.name);
    }
    for (const needed of manifest.optional?.needs ?? []) {
      if (!byName.get(needed)?.optional) throw new Error(`${manifest.name} needs "${needed}", which is not an optional capability.`);
    }
  }
  const ordered: CapabilityManifest[] = [];
  const placed = new Set<string>();
  while (ordered.length < manifests.length) {
    const next = manifests.find(
      (manifest) => !placed.has(manifest.name) && [...after.get(manifest.name)!].every((earlier) => placed.has(earlier)),
    );
    if (!next) {
      const stuck = manifests.filter((manifest) => !placed.has(manifest.name)).map((manifest) => manifest.name);
      throw new Error(`The capabilities ${stuck.join(", ")} wait on one another (a cycle of needs and befores).`);
    }
    ordered.push(next);
    placed.add(next.name);
  }
  return ordered;
}

/**
 * Starts every capability in its order: makes the services it offers, runs its `start`, and files
 * what it brings (routes, studio areas, timed work, what it puts into points).
 */
export function startCapabilities(
  manifests: readonly CapabilityManifest[],
  services: AppServices,
  isOn: IsOn,
  /** Where the studio frame registers the areas (behind its guard). */
  studioAreas: FastifyPluginAsync[],
): StartedCapabilities {
  const order = capabilityOrder(manifests);
  const optional = new Set(manifests.filter((manifest) => manifest.optional).map((manifest) => manifest.name));
  const on = (capability: string) => (optional.has(capability) ? isOn(capability) : Promise.resolve(true));
  const offered = new Map<string, unknown>();
  const points = new Map<string, { from: string; value: unknown }[]>();
  const entriesOf = (point: string) => points.get(point) ?? points.set(point, []).get(point)!;
  const values = new Map<string, unknown[]>();
  const valuesOf = (point: string) => values.get(point) ?? values.set(point, []).get(point)!;
  const context: CapabilityContext = {
    ...services,
    use: <Key extends keyof Offered>(service: Key) => {
      if (!offered.has(service as string)) throw new Error(`The service "${String(service)}" was used before its capability started.`);
      return offered.get(service as string) as Offered[Key];
    },
    // One live list per point: filled as the capabilities start, read by the hosts' routes afterwards.
    all: <Key extends keyof Points>(point: Key) => valuesOf(point as string) as Points[Key][],
    allOn: async <Key extends keyof Points>(point: Key) => {
      const entries = entriesOf(point as string);
      const switched = await Promise.all(entries.map((entry) => on(entry.from)));
      return entries.filter((_entry, index) => switched[index]).map((entry) => entry.value as Points[Key]);
    },
    isOn: on,
    studioAreas,
  };

  const routes: { capability: string; mount: Mount }[] = [];
  const routesOf = new Map(manifests.map((manifest) => [manifest.name, [] as { method: string; url: string }[]]));
  const gated = (capability: string, mounted: Mount) =>
    gatedMount(capability, optional.has(capability), mounted, on, routesOf.get(capability)!);
  const timedWork: TimedWork[] = [];
  const sweeps: (() => Promise<unknown>)[] = [];
  const closes: (() => void | Promise<void>)[] = [];
  for (const manifest of order) {
    for (const [service, make] of Object.entries(manifest.offers ?? {}) as [string, (ctx: CapabilityContext) => unknown][]) {
      offered.set(service, make(context));
    }
    const settings = manifest.settings ? readSettings(manifest.name, manifest.settings, services.config.environment) : undefined;
    const parts: CapabilityParts = manifest.start({ ...context, settings });
    const gate = optional.has(manifest.name) ? manifest.name : undefined;
    for (const mounted of parts.routes ?? []) routes.push({ capability: manifest.name, mount: mounted });
    for (const mounted of parts.studio ?? []) studioAreas.push(gated(manifest.name, mounted));
    for (const work of parts.timedWork ?? []) {
      timedWork.push(gate ? { ...work, run: async () => ((await on(gate)) ? work.run() : undefined) } : work);
    }
    sweeps.push(...(parts.sweeps ?? []));
    if (parts.close) closes.push(parts.close);
    for (const [point, brought] of Object.entries(parts.points ?? {}) as [string, unknown[]][]) {
      entriesOf(point).push(...brought.map((value) => ({ from: manifest.name, value })));
      valuesOf(point).push(...brought);
    }
  }
  return {
    order,
    all: context.all,
    timedWork,
    sweeps,
    closes,
    routesOf,
    register: async (app) => {
      for (const { capability, mount: mounted } of routes) await app.register(gated(capability, mounted));
    },
  };
}

/** A mount in a scope of its own that answers 404, before anything else of its own, while its optional capability is off. */
function gatedMount(
  capability: string,
  optional: boolean,
  { prefix, plugin, options }: Mount,
  on: IsOn,
  registered: { method: string; url: string }[],
): FastifyPluginAsync {
  return async (app) => {
    app.addHook("onRoute", (route) => {
      for (const method of [route.method].flat()) registered.push({ method, url: route.url });
    });
    if (optional) {
      app.addHook("onRequest", async (_request, reply) => {
        if (!(await on(capability))) return reply.code(404).send({ error: "Not found." });
      });
    }
    await app.register(plugin as FastifyPluginAsync<object>, { ...options, prefix });
  };
}
