import { fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderAt, stubApi } from "../../test/render.tsx";
import RegistryBody from "./registry-body.tsx";

// docs/gifts.md, Her birth registry: its address, to copy or to send from her phone's share sheet.
const registry = {
  name: "rosa-a1b2c3d4",
  line: "",
  show_due_month: false,
  plan_ids: [2],
  class_ids: [],
  care: false,
  closed: false,
  given: { count: 0, totals: [], givers: [] },
};

describe("her birth registry on /account", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("copies her registry's address and says so where she pressed", async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    stubApi({
      "/reactapi/account/registry": [200, { registry, care_possible: false, classes_possible: [] }],
      "/reactapi/getcourses": [200, { courses: [], subscription_plans: [{ id: 2, name: "Partner Course" }] }],
    });
    renderAt("/account", [{ path: "/account", element: <RegistryBody /> }]);
    fireEvent.click(await screen.findByRole("button", { name: "Copy the address" }));
    expect(await screen.findByText("Copied. Paste it into a message to the people you choose.")).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/registry/rosa-a1b2c3d4`);
    // No share sheet in this browser: no button that would do nothing.
    expect(screen.queryByRole("button", { name: "Share…" })).toBeNull();
  });
});
