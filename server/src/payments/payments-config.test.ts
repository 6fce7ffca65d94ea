import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";

const secretKey = "sk_test_configSecret123";
const webhookSecret = "whsec_configWebhookSecret123";

describe("payment settings", () => {
  it("keeps online payment off without keys, and on with both", () => {
    expect(loadConfig({}).stripe).toBeNull();
    expect(loadConfig({ STRIPE_SECRET_KEY: "", STRIPE_WEBHOOK_SECRET: "" }).stripe).toBeNull();
    expect(loadConfig({ STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret }).stripe).toEqual({
      secretKey,
      webhookSecret,
      apiUrl: undefined,
    });
  });

  it.each([
    [{ STRIPE_SECRET_KEY: secretKey }, "STRIPE_WEBHOOK_SECRET"],
    [{ STRIPE_WEBHOOK_SECRET: webhookSecret }, "STRIPE_SECRET_KEY"],
    [
      { STRIPE_SECRET_KEY: "pk_test_publishable123", STRIPE_WEBHOOK_SECRET: webhookSecret },
      "STRIPE_SECRET_KEY must be a Stripe secret key",
    ],
    [
      { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: "configWebhookSecret123" },
      "STRIPE_WEBHOOK_SECRET must be a webhook signing secret",
    ],
  ])("refuses %j, naming the setting but never its value", (environment, named) => {
    let message = "";
    try {
      loadConfig(environment);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain(named);
    expect(message).not.toMatch(/configSecret123|configWebhookSecret123|publishable123/);
  });

  it("uses PUBLIC_URL for Stripe's return addresses, defaulting to this machine's port", () => {
    expect(loadConfig({ PORT: "5123" }).publicUrl).toBe("http://localhost:5123");
    expect(loadConfig({ PUBLIC_URL: "https://courses.example/" }).publicUrl).toBe("https://courses.example");
    expect(() => loadConfig({ PUBLIC_URL: "ftp://courses.example" })).toThrow(/PUBLIC_URL must be an http\(s\) address/);
  });
});
