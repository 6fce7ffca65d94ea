import { render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SafeHtml } from "./safe-html.tsx";

const hostile =
  '<p>Breathe <a href="javascript:alert(1)">here</a></p><img src="x" onerror="alert(2)"><script>alert(3)</script><style>p{}</style><form><input></form>';

function expectHarmless(container: HTMLElement) {
  expect(container.querySelector("script, style, form")).toBeNull();
  expect(container.querySelector("[onerror]")).toBeNull();
  expect(container.querySelector("a")?.getAttribute("href") ?? "").not.toMatch(/^javascript:/);
}

describe("SafeHtml", () => {
  afterEach(() => {
    delete (HTMLElement.prototype as Partial<{ setHTML: unknown }>).setHTML;
  });

  it("sanitises with DOMPurify, loaded on demand, where the browser has no sanitiser of its own", async () => {
    const { container } = render(<SafeHtml html={hostile} />);
    await waitFor(() => expect(screen.getByText(/Breathe/)).toBeInTheDocument());
    expectHarmless(container);
  });

  it("hands the HTML to the browser's own sanitiser where there is one, with the forbidden tags", () => {
    const setHTML = vi.fn(function (this: HTMLElement) {
      this.textContent = "sanitised by the browser";
    });
    Object.defineProperty(HTMLElement.prototype, "setHTML", { value: setHTML, configurable: true, writable: true });
    render(<SafeHtml html={hostile} />);
    expect(setHTML).toHaveBeenCalledWith(hostile, { sanitizer: { removeElements: ["style", "form"] } });
    expect(screen.getByText("sanitised by the browser")).toBeInTheDocument();
  });
});
