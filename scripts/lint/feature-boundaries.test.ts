import path from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain JavaScript module of the lint configuration, without types
import { placeOf, refusal } from "./feature-boundaries.js";

const root = path.resolve(import.meta.dirname, "../..");
const check = (from: string, to: string, { typeOnly = false } = {}) =>
  refusal(placeOf(path.join(root, from)), placeOf(path.join(root, to)), path.join(root, to), {
    typeOnly,
    sourceFile: path.join(root, from),
  }) as string | undefined;

describe("the feature boundaries ESLint keeps", () => {
  it("gives a capability's studio screens the studio's widgets from the kit, never from the studio feature", () => {
    expect(check("web/src/features/care/studio/clients-page.tsx", "web/src/features/studio/members/members-page.tsx")).toMatch(
      /web\/src\/studio-kit/,
    );
    expect(check("web/src/features/care/studio/clients-page.tsx", "web/src/studio-kit/studio-parts.tsx")).toBeUndefined();
    expect(check("web/src/features/studio/plans/plans-page.tsx", "web/src/studio-kit/tiers-editor.tsx")).toBeUndefined();
    expect(check("web/src/studio-kit/studio-parts.tsx", "web/src/features/care/studio/clients-page.tsx")).toMatch(/imports none/);
  });

  it("refuses one web feature importing another, and shared code importing a feature", () => {
    expect(check("web/src/features/home/home-page.tsx", "web/src/features/courses/lesson-page.tsx")).toMatch(/compose them in app/);
    expect(check("web/src/components/notice.tsx", "web/src/features/auth/login-page.tsx")).toMatch(/imports none/);
    expect(check("web/src/features/courses/course-page.tsx", "web/src/app/store.ts")).toMatch(/only the composition/);
  });

  it("lets the shared route table read the features' declarations, and the lists read each feature's routes.ts and slots.ts", () => {
    expect(check("web/src/lib/routes.ts", "web/src/feature-routes.ts")).toBeUndefined();
    expect(check("web/src/feature-slots.ts", "web/src/features/labour/slots.ts")).toBeUndefined();
    expect(check("web/src/features/labour/slots.ts", "web/src/features/labour/labour-card.tsx")).toBeUndefined();
    expect(check("web/src/lib/routes.ts", "web/src/features/labour/labour-card.tsx")).toMatch(/imports none/);
  });

  it("lets a feature use its own files, the shared folders and the contract, and app/ compose anything", () => {
    expect(check("web/src/features/courses/course-page.tsx", "web/src/features/courses/progress/lesson-video.tsx")).toBeUndefined();
    expect(check("web/src/features/courses/course-page.tsx", "web/src/lib/answers.ts")).toBeUndefined();
    expect(check("web/src/features/courses/course-page.tsx", "contract/catalogue.ts")).toBeUndefined();
    expect(check("web/src/app/router.tsx", "web/src/features/studio/studio-layout.tsx")).toBeUndefined();
  });

  it("counts a capability's studio pages as the studio's: they use the kit, and the capability's own screens never import them", () => {
    expect(check("web/src/features/care/studio/clients-page.tsx", "web/src/studio-kit/studio-parts.tsx")).toBeUndefined();
    expect(check("web/src/features/care/studio/clients-page.tsx", "web/src/features/care/studio/care-labels.ts")).toBeUndefined();
    expect(check("web/src/features/care/care-page.tsx", "web/src/features/care/studio/care-labels.ts")).toMatch(
      /does not import features\/studio/,
    );
    expect(check("web/src/features/care/studio/clients-page.tsx", "web/src/features/care/care-dates.ts")).toMatch(/compose them in app/);
  });

  it("lets a server feature reach another only through its repositories, and keeps infrastructure free of features", () => {
    expect(check("server/src/studio/members/member-routes.ts", "server/src/accounts/users-repository.ts")).toBeUndefined();
    expect(check("server/src/studio/members/member-routes.ts", "server/src/accounts/sign-in-routes.ts")).toMatch(/repository/);
    expect(check("server/src/http/same-origin-guard.ts", "server/src/payments/payments-routes.ts")).toMatch(/infrastructure/);
    expect(check("server/src/features.ts", "server/src/payments/payments-routes.ts")).toBeUndefined();
  });

  it("keeps a feature's tables its own: another reads them through its repository, a schema file may reference them", () => {
    expect(check("server/src/timer/timer-repository.ts", "server/src/timer/timer-schema.ts")).toBeUndefined();
    expect(check("server/src/timer/timer-repository.ts", "server/src/accounts/accounts-schema.ts")).toMatch(/call accounts\/'s repository/);
    expect(check("server/src/db/client.ts", "server/src/accounts/accounts-schema.ts")).toMatch(/call accounts\/'s repository/);
    expect(check("server/src/timer/timer-schema.ts", "server/src/accounts/accounts-schema.ts")).toBeUndefined();
    expect(check("server/src/http/signed-in-member.ts", "server/src/accounts/accounts-schema.ts", { typeOnly: true })).toBeUndefined();
    expect(check("server/src/catalogue/trash-repository.ts", "server/src/grants/grants-schema.ts")).toMatch(/call grants\/'s repository/);
    expect(check("server/src/forms/forms-repository.ts", "server/src/accounts/accounts-schema.ts")).toMatch(/repository/);
  });

  it("keeps the contract free of either side, and the sides apart", () => {
    expect(check("contract/api.ts", "server/src/db/client.ts")).toMatch(/imports nothing from either/);
    expect(check("web/src/lib/api.ts", "server/src/db/client.ts")).toMatch(/share it through contract/);
  });
});
