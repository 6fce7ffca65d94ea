import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderAt, stubApi } from "../../test/render.tsx";
import SearchPage from "./search-page.tsx";

// docs/search.md: the results, grouped, with the words found marked and nothing else taken as markup.
describe("the search page", () => {
  it("searches what she typed and shows lessons and conversations with the words found marked", async () => {
    stubApi({
      "/reactapi/search?q=squeeze": [
        200,
        {
          lessons: [
            {
              lesson_id: 4,
              course_id: 1,
              title: "Signs labour is near",
              snippet: "Try the hip <mark>squeeze</mark> &lt;b&gt;now&lt;/b&gt; &amp; rest",
              at: 272,
            },
            { lesson_id: 9, course_id: 3, title: "Counter-pressure and massage", snippet: "", at: null },
          ],
          conversations: [{ thread_id: 12, title: "Hip squeeze?", snippet: "Does the <mark>squeeze</mark> help?" }],
        },
      ],
    });
    renderAt("/search", [{ path: "/search", element: <SearchPage /> }]);
    await userEvent.type(screen.getByRole("searchbox", { name: "Search lessons and conversations" }), "squeeze");
    await userEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(await screen.findByText("Found 2 lessons and 1 conversation for “squeeze”.")).toHaveAttribute("role", "status");
    const lessons = screen.getByRole("region", { name: "Lessons" });
    expect(within(lessons).getByRole("link", { name: "Signs labour is near at 4:32" })).toHaveAttribute(
      "href",
      "/lesson?course=1&lesson=4&at=272",
    );
    expect(within(lessons).getByRole("link", { name: "Counter-pressure and massage" })).toHaveAttribute(
      "href",
      "/lesson?course=3&lesson=9",
    );
    const marked = within(lessons).getAllByText("squeeze", { selector: "mark" });
    expect(marked).toHaveLength(1);
    // Escaped text in a passage stays text: no element is made of it.
    expect(lessons.querySelector("b")).toBeNull();
    expect(lessons).toHaveTextContent("Try the hip squeeze <b>now</b> & rest");
    const conversations = screen.getByRole("region", { name: "Conversations" });
    expect(within(conversations).getByRole("link", { name: "Hip squeeze?" })).toHaveAttribute("href", "/community/thread/12");
  });

  it("says calmly when nothing was found", async () => {
    stubApi({ "/reactapi/search?q=zzz": [200, { lessons: [], conversations: [] }] });
    renderAt("/search?q=zzz", [{ path: "/search", element: <SearchPage /> }]);
    expect(await screen.findByText("Nothing found for “zzz”. Try another word, or fewer words.")).toHaveAttribute("role", "status");
    expect(screen.getByRole("searchbox")).toHaveValue("zzz");
  });
});
