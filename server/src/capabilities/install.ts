import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import type { Database } from "../db/client.ts";
import type { TimedWork } from "../timed-work/timed-work.ts";
import { capabilitiesOffRoutes, capabilitiesStudioRoutes } from "./capabilities-routes.ts";
import type { AppServices, CapabilityManifest } from "./capability.ts";
import { startCapabilities } from "./compose.ts";
import { CapabilitySwitches } from "./switches.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Each capability's routes (method and address), for the tests that turn capabilities off. */
    capabilityRoutes: ReadonlyMap<string, readonly { method: string; url: string }[]>;
  }
}

/**
 * Starts the listed capabilities (server/src/features.ts) and registers their routes, with the
 * switches she turns them on and off with (Studio → Site → Features). Answers their timed work,
 * which app.ts runs on a server that does timed work, and whether one is on (for its pages).
 */
export async function installCapabilities(
  app: FastifyInstance,
  manifests: readonly CapabilityManifest[],
  services: AppServices,
): Promise<{
  timedWork: TimedWork[];
  isOn: (capability: string) => Promise<boolean>;
  sweep: () => Promise<unknown>;
  seedNewInstallation: (tx: Database) => Promise<void>;
}> {
  const switches = new CapabilitySwitches(services.db, services.cacheTrust, services.clock, manifests);
  app.addHook("onClose", async () => switches.close());
  await switches.install(services.config.capabilitiesOff);
  // The list of features is the studio's own: never turned off with any of them.
  const studioAreas: FastifyPluginAsync[] = [
    async (studio) => studio.register(capabilitiesStudioRoutes, { switches, prefix: "/capabilities" }),
  ];
  const started = startCapabilities(manifests, services, (name) => switches.isOn(name), studioAreas);
  await app.register(capabilitiesOffRoutes, { switches });
  // Before any route is registered: each entry's access level must be one a manifest checks.
  app.decorate("accessLevels", new Map(started.all("accessLevels").map(({ level, check }) => [level, check])));
  await started.register(app);
  app.decorate("capabilityRoutes", started.routesOf);
  app.addHook("onClose", async () => {
    for (const close of started.closes) await close();
  });
  return {
    timedWork: started.timedWork,
    isOn: (capability) => switches.isOn(capability),
    sweep: () => Promise.all(started.sweeps.map((sweep) => sweep())),
    seedNewInstallation: async (tx) => {
      // One after the other: they share the seed's transaction.
      for (const write of started.all("newInstallation")) await write(tx);
    },
  };
}
