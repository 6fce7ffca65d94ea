import type { BenchPart } from "../../../bench/part.ts";

/** Its part of `npm run bench` (bench/part.ts): the member's birth registry (docs/gifts.md), for its page, open to gifts towards her care (care's part made her a client). */
export default {
  after: ["care"],
  seed: async ({ call }) => {
    const registry = await call("member", "/reactapi/account/registry", {
      line: "Help us welcome our first baby calmly.",
      show_due_month: true,
      gifts: { care: true, plan_ids: [] },
    });
    return { addresses: { "/registry/:name": `/registry/${registry.name}` } };
  },
} satisfies BenchPart;
