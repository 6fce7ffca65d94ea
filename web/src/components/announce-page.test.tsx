import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { lazy, Suspense } from "react";
import { createMemoryRouter, Link, Outlet, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { AnnouncePage } from "./announce-page.tsx";

function Root() {
  return (
    <>
      <AnnouncePage />
      <nav>
        <Link to="/library">Library</Link>
      </nav>
      <Suspense fallback={<p>Loading</p>}>
        <Outlet />
      </Suspense>
    </>
  );
}

let release: () => void = () => {};
const SlowLibrary = lazy(
  () =>
    new Promise<{ default: () => React.JSX.Element }>((resolve) => {
      release = () =>
        resolve({
          default: () => (
            <main>
              <h1>COURSE LIBRARY</h1>
            </main>
          ),
        });
    }),
);

describe("announcing each new page", () => {
  it("names the first page in the title without moving focus, then titles and focuses each new page's heading once it arrives", async () => {
    const router = createMemoryRouter(
      [
        {
          element: <Root />,
          children: [
            {
              path: "/",
              element: (
                <main>
                  <h1>Welcome</h1>
                </main>
              ),
            },
            { path: "/library", element: <SlowLibrary /> },
          ],
        },
      ],
      { initialEntries: ["/"] },
    );
    render(<RouterProvider router={router} />);
    await waitFor(() => expect(document.title).toBe("Welcome · Calm Birth Circle"));
    expect(document.activeElement).toBe(document.body);

    const link = screen.getByRole("link", { name: "Library" });
    await userEvent.click(link);
    // Until the next screen arrives, the old one is not announced again.
    expect(document.activeElement).toBe(link);
    expect(document.title).toBe("Welcome · Calm Birth Circle");
    await act(async () => release());
    const heading = await screen.findByRole("heading", { name: "COURSE LIBRARY" });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(document.title).toBe("COURSE LIBRARY · Calm Birth Circle");
    expect(heading).toHaveAttribute("tabindex", "-1");
  });
});
