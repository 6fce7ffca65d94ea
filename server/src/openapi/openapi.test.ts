import { describe, expect, it } from "vitest";
import { useTestApp } from "../../../testing/test-app.ts";

describe("the API description at /reactapi/openapi.json", () => {
  const context = useTestApp("pglite", { seed: false });

  const apiRoutes = () =>
    context.app.registeredRoutes
      .filter(
        (route) =>
          route.method !== "HEAD" && (route.url.startsWith("/reactapi/") || ["/healthz", "/readyz", "/metrics"].includes(route.url)),
      )
      .map((route) => `${route.method} ${route.url.replace(/:([A-Za-z]+)/g, "{$1}")}`);

  it("describes every route the server answers, and only those", async () => {
    const response = await context.app.inject({ url: "/reactapi/openapi.json" });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(document.openapi).toBe("3.1.0");
    const described = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(apiRoutes().length).toBeGreaterThan(15);
    expect([...new Set(apiRoutes())].sort()).toEqual([...described].sort());
  });

  it("gives each request body and answer its schema from the shared contract", async () => {
    const document = (await context.app.inject({ url: "/reactapi/openapi.json" })).json();
    const register = document.paths["/reactapi/users/register"].post;
    const body = register.requestBody.content["application/json"].schema;
    expect(body.required).toEqual(expect.arrayContaining(["email", "password"]));
    // An access code, or a partner's invitation in its place.
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(["access_code", "invitation"]));
    expect(register.responses["201"].content["application/json"].schema.properties).toHaveProperty("email");
    expect(register.responses["4XX"].content["application/json"].schema.required).toEqual(["error"]);
    const download = document.paths["/reactapi/downloads/{fileId}"].get;
    expect(download.parameters).toEqual([expect.objectContaining({ name: "fileId", in: "path", required: true })]);
    expect(download.security).toEqual([{ session: [] }]);
    const checkout = document.paths["/reactapi/payments/checkout"].post.requestBody.content["application/json"].schema;
    expect(Object.keys(checkout.properties).sort()).toEqual(["code", "course_id", "plan_id", "tier"]);
  });
});
