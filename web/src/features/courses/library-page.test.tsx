import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderAt, stubApi } from "../../test/render.tsx";
import CoursePage from "./course-page.tsx";
import LibraryPage from "./library-page.tsx";

const plan = { id: 1, name: "Full Membership", description: "", price: 1900, currency: "USD", billing_interval: "month", course_ids: [4] };
const courses = {
  courses: [
    {
      id: 1,
      course_title: "Open Course",
      course_description: "<p>Open <strong>now</strong><img src=x onerror=alert(1)></p>",
      course_logo: 0,
      course_access: "true",
      subscription_plans: [],
    },
    {
      id: 4,
      course_title: "Locked Course",
      course_description: "<p>Later</p>",
      course_logo: 3,
      course_access: "false",
      subscription_plans: [plan],
    },
  ],
  subscription_plans: [plan],
};
const modules = [
  {
    id: 10,
    reference_code: "M10",
    parent_reference_code: "C4",
    course: 4,
    module_title: "Preview module",
    module_order: 1,
    module_description: null,
    visible_in_preview: true,
    lessons: [
      {
        id: 100,
        lesson_title: "Open lesson",
        lesson_order: 1,
        locked: false,
        content_summary: null,
        html_note_content: null,
        video_description: '[{"filename":"a.txt","url":"/reactapi/downloads/1"}]',
        video: null,
      },
    ],
  },
  {
    id: 11,
    reference_code: "M11",
    parent_reference_code: "C4_M10",
    course: 4,
    module_title: "Hidden topic",
    module_order: 1,
    module_description: null,
    visible_in_preview: false,
    lessons: [
      { id: 101, lesson_title: "Locked lesson", lesson_order: 1, locked: true },
      { id: 102, lesson_title: "Another", lesson_order: 2, locked: true },
    ],
  },
];

describe("the course library", () => {
  it("shows each course as a card: open ones offer View Course, locked ones a preview and a purchase", async () => {
    const calls = stubApi({
      "/reactapi/getcourses": [200, courses],
      "/reactapi/getuseraccessdata": [200, { accessible_course_ids: [1], grants: [] }],
    });
    renderAt("/library", [{ path: "/library", element: <LibraryPage /> }]);
    expect(await screen.findByRole("heading", { name: "COURSE LIBRARY" })).toBeInTheDocument();
    const open = (await screen.findByText("Open Course")).closest("article")!;
    const locked = screen.getByText("Locked Course").closest("article")!;
    expect(within(locked).getByText("(locked)")).toBeInTheDocument();
    expect(locked.querySelector('img[src="/art/logo-3.svg"]')).not.toBeNull();
    expect(locked.querySelector('img[src="/art/lock.svg"]')).not.toBeNull();

    await userEvent.click(within(open).getByRole("button", { name: /Show details of Open Course/ }));
    expect(within(open).getByRole("button", { name: "View Course" })).toBeInTheDocument();
    expect((await within(open).findByText("now")).tagName).toBe("STRONG");
    expect(open.querySelector("img[onerror]")).toBeNull();

    await userEvent.click(within(locked).getByRole("button", { name: /Show details of Locked Course/ }));
    expect(within(locked).getByRole("button", { name: "Course Preview" })).toBeInTheDocument();
    expect(within(locked).getByRole("button", { name: "Purchase" })).toBeInTheDocument();
    expect(within(locked).queryByRole("button", { name: "View Course" })).toBeNull();
    expect(calls.find((call) => call.path === "/reactapi/getuseraccessdata")?.method).toBe("POST");
  });

  it("says only what is true of a locked course's plans, and marks the instructor's drafts as hers alone", async () => {
    const unsold = { ...courses.courses[1]!, id: 5, course_title: "Unsold Course", subscription_plans: [] };
    const draft = { ...courses.courses[0]!, id: 6, course_title: "Draft Course", draft: true };
    stubApi({
      "/reactapi/getcourses": [200, { ...courses, courses: [...courses.courses, unsold, draft] }],
      "/reactapi/getuseraccessdata": [200, { accessible_course_ids: [1, 6], grants: [] }],
    });
    renderAt("/library", [{ path: "/library", element: <LibraryPage /> }]);
    const locked = (await screen.findByText("Locked Course")).closest("article")!;
    await userEvent.click(within(locked).getByRole("button", { name: /Show details/ }));
    expect(within(locked).getByText("Included in the plan “Full Membership”. Preview it first, free.")).toBeInTheDocument();
    const notSold = screen.getByText("Unsold Course").closest("article")!;
    await userEvent.click(within(notSold).getByRole("button", { name: /Show details/ }));
    expect(within(notSold).getByText("Not in a plan yet. You can preview it for free.")).toBeInTheDocument();
    expect(within(notSold).queryByText(/Included in/)).toBeNull();
    const drafted = screen.getByText("Draft Course").closest("article")!;
    expect(within(drafted).getByText("Draft: only you see it until you publish it in the studio.")).toBeInTheDocument();
    expect(within(locked).queryByText(/Draft:/)).toBeNull();
  });

  it("shows the cards only together with her progress, so no bar arriving later moves them under her finger", async () => {
    const summary = {
      courses: [{ course_id: 1, completed: 1, total: 4, checks_passed: 1, checks_total: 3 }],
      continue: null,
      next: null,
      pacing: { stage: "unknown", week: null, lessons: [] },
    };
    const calls = stubApi({
      "/reactapi/getcourses": [200, courses],
      "/reactapi/getuseraccessdata": [200, { accessible_course_ids: [1], grants: [] }],
      "/reactapi/progress/summary": [200, summary],
    });
    const answer = globalThis.fetch;
    let releaseSummary = () => {};
    const summaryHeld = new Promise<void>((resolve) => (releaseSummary = resolve));
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === "/reactapi/progress/summary") await summaryHeld;
      return answer(input, init);
    }) as typeof fetch;
    renderAt("/library", [{ path: "/library", element: <LibraryPage /> }]);
    await waitFor(() => expect(calls.map((call) => call.path)).toContain("/reactapi/getuseraccessdata"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole("progressbar", { name: "Loading the courses" })).toBeInTheDocument();
    expect(screen.queryByText("Open Course")).toBeNull();

    releaseSummary();
    const open = (await screen.findByText("Open Course")).closest("article")!;
    expect(within(open).getByRole("progressbar", { name: "Progress in Open Course" })).toBeInTheDocument();
    expect(within(open).getByText("1 of 3 knowledge checks answered with full marks.")).toBeInTheDocument();
    expect(screen.queryByRole("progressbar", { name: "Loading the courses" })).toBeNull();
  });

  it("opens a locked course's preview with counts, TOPIC labels and locked lessons", async () => {
    stubApi({
      "/reactapi/getcourses": [200, courses],
      "/reactapi/getuseraccessdata": [200, { accessible_course_ids: [1], grants: [] }],
      "/reactapi/getcoursemodules": (body) => ((body as { query: number }).query === 4 ? [200, modules] : [404, { error: "no" }]),
    });
    const { router } = renderAt("/library", [
      { path: "/library", element: <LibraryPage /> },
      { path: "/course", element: <CoursePage /> },
    ]);
    const locked = (await screen.findByText("Locked Course")).closest("article")!;
    await userEvent.click(within(locked).getByRole("button", { name: /Show details/ }));
    await userEvent.click(within(locked).getByRole("button", { name: "Course Preview" }));
    await waitFor(() => expect(router.state.location.search).toBe("?course=4"));
    expect(await screen.findByRole("heading", { name: "Locked Course", level: 1 })).toBeInTheDocument();
    const top = screen.getByRole("button", { name: /Preview module/ });
    expect(top).toHaveTextContent("1 sub-topic");
    expect(top).toHaveTextContent("3 lessons");
    await userEvent.click(top);
    const openRow = screen.getByRole("link", { name: /Lesson 1 Open lesson/ });
    expect(openRow).toHaveAttribute("data-tint", "long");
    const topic = screen.getByRole("button", { name: /TOPIC:\s*Hidden topic/ });
    expect(topic).not.toHaveTextContent("sub-topic");
    await userEvent.click(topic);
    expect(screen.getByRole("link", { name: /Lesson 2 Another Locked/ })).toBeInTheDocument();
  });
});
