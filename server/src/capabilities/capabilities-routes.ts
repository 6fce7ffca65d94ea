import type { FastifyInstance } from "fastify";
import { route } from "../http/endpoint-route.ts";
import { translate } from "../language/catalogues.ts";
import type { CapabilitySwitches } from "./switches.ts";

/** Which capabilities every page leaves out (anyone may ask: the menus and home cards follow it). */
export async function capabilitiesOffRoutes(app: FastifyInstance, { switches }: { switches: CapabilitySwitches }) {
  route(app, "capabilitiesOff", async () => ({ off: await switches.offNow() }));
}

/** Studio → Site → Features, behind the studio's guard and never turned off itself. */
export async function capabilitiesStudioRoutes(app: FastifyInstance, { switches }: { switches: CapabilitySwitches }) {
  route(app, "studioCapabilities", async (_input, request) => ({
    capabilities: await switches.list((manifest) => translate(request.language, manifest.optional!.title)),
  }));
  route(app, "turnCapability", async ({ params, body }, request) => {
    const titleOf = (manifest: { optional?: { title: string } }) => translate(request.language, manifest.optional!.title);
    await switches.turn(params.name, body.on, titleOf);
    return { capabilities: await switches.list(titleOf) };
  });
}
