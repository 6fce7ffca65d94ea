import type { FastifyInstance, FastifyRequest } from "fastify";
import type { CapabilityManifest } from "./capability.ts";
import { route } from "../http/endpoint-route.ts";
import { translate } from "../language/catalogues.ts";
import type { CapabilitySwitches } from "./switches.ts";

/** Which capabilities every page leaves out (anyone may ask: the menus and home cards follow it). */
export async function capabilitiesOffRoutes(app: FastifyInstance, { switches }: { switches: CapabilitySwitches }) {
  route(app, "capabilitiesOff", async () => ({ off: await switches.offNow() }));
}

/** Studio → Site → Features, behind the studio's guard and never turned off itself. */
export async function capabilitiesStudioRoutes(app: FastifyInstance, { switches }: { switches: CapabilitySwitches }) {
  /** A capability's title in the reader's language. */
  const titlesIn = (request: FastifyRequest) => (manifest: CapabilityManifest) => translate(request.language, manifest.optional!.title);
  route(app, "studioCapabilities", async (_input, request) => ({ capabilities: await switches.list(titlesIn(request)) }));
  route(app, "turnCapability", async ({ params, body }, request) => {
    await switches.turn(params.name, body.on, titlesIn(request));
    return { capabilities: await switches.list(titlesIn(request)) };
  });
}
