import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { Profile } from "../../../../contract/sign-in.ts";
import type { AccessCode } from "../../../../contract/studio/access-codes.ts";
import type { StudioCourse, StudioLessonPage } from "../../../../contract/studio/courses.ts";
import type { MemberDetail, MemberPage } from "../../../../contract/studio/members.ts";
import type { TrashItem } from "../../../../contract/studio/trash.ts";
import { staleRevisionMessage } from "../../../../contract/constants.ts";
import { videoLinkProblem } from "../../../../contract/video-link.ts";
import { initialSessionState } from "../../lib/session.ts";
import { renderAt as renderPageAt, stubApi } from "../../test/render.tsx";
import { Themed } from "./themed.tsx";
import AccessCodesPage from "./access-codes/access-codes-page.tsx";
import CoursePage from "../courses/studio/course-page.tsx";
import LessonEditorPage from "../courses/studio/lesson-editor-page.tsx";
import MemberPageScreen from "./members/member-page.tsx";
import MembersPage from "./members/members-page.tsx";
import InboxPage from "./inbox/inbox-page.tsx";
import PlansPage from "./plans/plans-page.tsx";
import StudioLayout from "./studio-layout.tsx";
import TrashPage from "./trash/trash-page.tsx";

/** A studio page in the studio's theme, as its frame shows it. */
const renderAt = (...[path, routes, state]: Parameters<typeof renderPageAt>) =>
  renderPageAt(
    path,
    routes.map((route) => ({ ...route, element: <Themed>{route.element}</Themed> })),
    state,
  );

const code = (overrides: Partial<AccessCode> = {}): AccessCode => ({
  code: "SPRING-CIRCLE",
  uses: 1,
  max_uses: 10,
  expires_on: null,
  status: "active",
  invite_url: "http://localhost:5000/register?code=SPRING-CIRCLE",
  created_at: "2026-11-01T10:00:00Z",
  ...overrides,
});
const instructor: Profile = {
  id: 1,
  email: "maya@example.com",
  first_name: "Maya",
  last_name: null,
  role: "admin",
  created_at: "2026-01-01T00:00:00Z",
  due_date: null,
  baby_arrived: false,
  email_confirmed: true,
};
const signedIn = (user: Profile) => ({ session: { ...initialSessionState, isAuthenticated: true, loading: false, user } });

describe("the studio's access codes page", () => {
  it("shows each field's message from the server and keeps what she typed", async () => {
    stubApi({
      "/reactapi/studio/access-codes": (body) =>
        body === undefined
          ? [200, { codes: [code()] }]
          : [
              400,
              {
                error: "Use 3 to 64 letters.",
                details: {
                  code: "Use 3 to 64 letters, digits, dashes or underscores.",
                  expires_on: "Please enter the last valid day as a real date (YYYY-MM-DD).",
                },
              },
            ],
    });
    renderAt("/studio/access-codes", [{ path: "/studio/access-codes", element: <AccessCodesPage /> }]);
    expect(await screen.findByRole("rowheader", { name: "SPRING-CIRCLE" })).toBeInTheDocument();
    const field = screen.getByLabelText("Code (leave empty for a generated one)");
    fireEvent.change(field, { target: { value: "x" } });
    fireEvent.click(screen.getByRole("button", { name: "Create code" }));
    expect(await screen.findByText("Use 3 to 64 letters, digits, dashes or underscores.")).toBeInTheDocument();
    expect(screen.getByText("Please enter the last valid day as a real date (YYYY-MM-DD).")).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("Use 3 to 64 letters.");
    expect(field).toHaveValue("x");
  });

  it("copies a code's invite link and deactivates a code", async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    let deactivated = false;
    const calls = stubApi({
      "/reactapi/studio/access-codes": () => [200, { codes: [code({ status: deactivated ? "inactive" : "active" })] }],
      "/reactapi/studio/access-codes/SPRING-CIRCLE/deactivate": () => {
        deactivated = true;
        return [200, { message: "Deactivated access code SPRING-CIRCLE. Nobody can register with it any more." }];
      },
    });
    renderAt("/studio/access-codes", [{ path: "/studio/access-codes", element: <AccessCodesPage /> }]);
    fireEvent.click(await screen.findByRole("button", { name: "Copy invite link for SPRING-CIRCLE" }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith("http://localhost:5000/register?code=SPRING-CIRCLE"));
    expect(await screen.findByRole("status")).toHaveTextContent("Copied the invite link");
    fireEvent.click(screen.getByRole("button", { name: "Deactivate SPRING-CIRCLE" }));
    expect(await screen.findByText(/Nobody can register with it/)).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Reactivate SPRING-CIRCLE" })).toBeInTheDocument();
    expect(calls.find((call) => call.path.endsWith("/deactivate"))?.method).toBe("POST");
  });
});

describe("the studio's members pages", () => {
  const page: MemberPage = {
    members: [
      {
        id: 7,
        email: "hazel@example.com",
        first_name: "Hazel",
        last_name: "Moon",
        role: "member",
        joined_at: "2026-11-02T10:00:00Z",
        last_sign_in_at: null,
        active: true,
      },
    ],
    total: 1,
    page: 1,
    page_size: 50,
  };

  it("searches by name or e-mail and links each member to her page", async () => {
    const calls = stubApi({
      "/reactapi/studio/members?sort=joined&page=1": [200, { ...page, members: [], total: 0 }],
      "/reactapi/studio/members?search=hazel&sort=joined&page=1": [200, page],
    });
    renderAt("/studio/members", [{ path: "/studio/members", element: <MembersPage /> }]);
    expect(await screen.findByText("No member matches.")).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Name or e-mail"), { target: { value: " hazel " } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(await screen.findByRole("link", { name: "Hazel Moon" })).toHaveAttribute("href", "/studio/members/7");
    expect(calls.map((call) => call.path)).toContain("/reactapi/studio/members?search=hazel&sort=joined&page=1");
  });

  it("grants a course and reports what happened", async () => {
    let granted = false;
    const detail = (): MemberDetail => ({
      member: page.members[0]!,
      signed_in_devices: 2,
      joined_as: "member",
      partner: null,
      courses: [{ id: 4, title: "Pushing and Avoiding Tearing", free_for_members: false, granted_by_instructor: granted, purchases: [] }],
    });
    stubApi({
      "/reactapi/studio/members/7": () => [200, detail()],
      "/reactapi/studio/members/7/courses/4/grant": () => {
        granted = true;
        return [200, { message: 'hazel@example.com can now open "Pushing and Avoiding Tearing".' }];
      },
    });
    renderAt("/studio/members/7", [{ path: "/studio/members/:id", element: <MemberPageScreen /> }], signedIn(instructor));
    expect(await screen.findByRole("heading", { name: "Hazel Moon" })).toBeInTheDocument();
    expect(screen.getByText("2 devices")).toBeInTheDocument();
    // Her birth clients' person action (web/src/app/studio-slots.ts): the new client's form, filled from her.
    expect(screen.getByRole("link", { name: "Take her on as a birth client" })).toHaveAttribute(
      "href",
      `/studio/clients?${new URLSearchParams({ email: page.members[0]!.email, first_name: "Hazel", last_name: "Moon" }).toString()}#add-client-heading`,
    );
    fireEvent.click(screen.getByRole("button", { name: "Grant Pushing and Avoiding Tearing" }));
    expect(await screen.findByRole("status")).toHaveTextContent("can now open");
    expect(await screen.findByRole("button", { name: "Revoke Pushing and Avoiding Tearing" })).toBeInTheDocument();
  });
});

describe("the studio's layout", () => {
  it("shows its sections to an instructor, with the unread messages beside Inbox", async () => {
    stubApi({ "/reactapi/studio/inbox/unread": [200, { unread: 2 }] });
    renderAt("/studio", [{ path: "/studio", element: <StudioLayout /> }], signedIn(instructor));
    const sections = await screen.findByRole("navigation", { name: "Studio sections" });
    expect(within(sections).getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    expect(within(sections).getByRole("link", { name: "Access codes" })).toHaveAttribute("href", "/studio/access-codes");
    // A capability's section, its screens in its own folder (features/care/studio/).
    expect(within(sections).getByRole("link", { name: "Clients" })).toHaveAttribute("href", "/studio/clients");
    expect(await within(sections).findByRole("link", { name: "Inbox (2 unread)" })).toHaveAttribute("href", "/studio/inbox");
  });

  it("lists the sections in the places their routes declare", async () => {
    stubApi({ "/reactapi/studio/inbox/unread": [200, { unread: 0 }] });
    renderAt("/studio", [{ path: "/studio", element: <StudioLayout /> }], signedIn(instructor));
    const sections = await screen.findByRole("navigation", { name: "Studio sections" });
    expect(
      within(sections)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual([
      "Dashboard",
      "Notifications",
      "Courses",
      "Members",
      "Access codes",
      "Calendar",
      "Clients",
      "Journeys",
      "Site",
      "Plans",
      "Inbox",
      "Announcements",
      "Community",
      "Activity",
      "Birth preferences",
      "Trash",
    ]);
  });

  it("marks Courses, not Dashboard, while she edits a lesson", async () => {
    stubApi({ "/reactapi/studio/inbox/unread": [200, { unread: 0 }], "/reactapi/studio/lessons/101": [404, { error: "No such lesson." }] });
    renderAt("/studio/lessons/101", [{ path: "/studio/*", element: <StudioLayout /> }], signedIn(instructor));
    const sections = await screen.findByRole("navigation", { name: "Studio sections" });
    expect(within(sections).getByRole("link", { name: "Courses" })).toHaveAttribute("aria-current", "page");
    expect(within(sections).getByRole("link", { name: "Dashboard" })).not.toHaveAttribute("aria-current");
  });

  it("shows a member no studio section", async () => {
    stubApi({});
    renderAt("/studio", [{ path: "/studio", element: <StudioLayout /> }], signedIn({ ...instructor, role: "member" }));
    expect(await screen.findByText(/The studio is for the instructor/)).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Studio sections" })).toBeNull();
  });
});

describe("the studio's inbox", () => {
  it("shows unread messages, marks one read, and offers the filtered CSV", async () => {
    let read = false;
    let replies: { sent_at: string; body: string; author: string }[] = [];
    const answer = () => ({
      messages: [
        {
          id: 3,
          kind: "feedback",
          received_at: "2026-11-20T10:00:00Z",
          read,
          member_email: "hazel@example.com",
          fields: [{ label: "General comments", value: "Thank you" }],
          reply_to: "hazel@example.com",
          replies,
        },
      ],
      total: 1,
      unread: read ? 0 : 1,
      page: 1,
      page_size: 50,
    });
    const calls = stubApi({
      "/reactapi/studio/inbox?kind=feedback&page=1": () => [200, answer()],
      "/reactapi/studio/inbox/3/read": (body) => {
        read = (body as { read: boolean }).read;
        return [200, { message: "Marked as read." }];
      },
      "/reactapi/studio/inbox/3/reply": (body) => {
        replies = [{ sent_at: "2026-11-21T09:00:00Z", body: (body as { body: string }).body, author: "sarah@example.com" }];
        return [200, { message: "Sent your reply to hazel@example.com. Their answer comes to sarah@example.com." }];
      },
    });
    renderAt("/studio/inbox?kind=feedback", [{ path: "/studio/inbox", element: <InboxPage /> }]);
    const message = await screen.findByRole("listitem", { name: "Unread: Feedback from hazel@example.com" });
    expect(within(message).getByText("Thank you")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Download CSV" })).toHaveAttribute("href", "/reactapi/studio/inbox.csv?kind=feedback");
    fireEvent.click(within(message).getByRole("button", { name: "Mark read" }));
    expect(await screen.findByRole("listitem", { name: "Feedback from hazel@example.com" })).toBeInTheDocument();
    expect(calls.find((call) => call.path === "/reactapi/studio/inbox/3/read")?.body).toEqual({ read: true });

    fireEvent.click(screen.getByRole("button", { name: "Reply to hazel@example.com" }));
    const box = screen.getByLabelText("Your reply to hazel@example.com");
    expect(box).toHaveFocus();
    fireEvent.change(box, { target: { value: "Thank you, Hazel." } });
    fireEvent.click(screen.getByRole("button", { name: "Send reply" }));
    expect(await screen.findByText("Sent your reply to hazel@example.com. Their answer comes to sarah@example.com.")).toBeInTheDocument();
    const sent = calls.find((call) => call.path === "/reactapi/studio/inbox/3/reply")?.body as { body: string; send_key: string };
    expect(sent.body).toBe("Thank you, Hazel.");
    expect(sent.send_key).toMatch(/^[0-9a-f-]{36}$/);
    const thread = await screen.findByRole("region", { name: "Your replies to hazel@example.com" });
    expect(within(thread).getByText("Thank you, Hazel.")).toBeInTheDocument();
  });
});

describe("the studio's plans page", () => {
  const plan = {
    id: 2,
    name: "Full Membership",
    description: "",
    price_minor: 1900,
    currency: "USD",
    billing_interval: "month" as const,
    course_ids: [4],
    revision: 3,
  };
  const courses = [
    { id: 4, title: "Pushing and Avoiding Tearing" },
    { id: 5, title: "For Dads" },
  ];

  it("sends the price in cents with the revision she opened, and keeps what she typed when it was changed elsewhere", async () => {
    const calls = stubApi({
      "/reactapi/studio/plans": [200, { plans: [plan], courses }],
      "/reactapi/studio/plans/2": [409, { error: "This was changed elsewhere since you opened it. Reload to see the latest version." }],
    });
    renderAt("/studio/plans", [{ path: "/studio/plans", element: <PlansPage /> }]);
    const form = await screen.findByRole("form", { name: "Plan Full Membership" });
    fireEvent.change(within(form).getByLabelText(/^Price/), { target: { value: "24,50" } });
    fireEvent.click(within(form).getByRole("checkbox", { name: "For Dads" }));
    fireEvent.click(within(form).getByRole("button", { name: "Save plan" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent(
      "This was changed elsewhere since you opened it. Reload to see the latest version.",
    );
    expect(within(form).getByLabelText(/^Price/)).toHaveValue("24,50");
    expect(within(form).getByRole("button", { name: "Reload" })).toBeInTheDocument();
    expect(calls.find((call) => call.path === "/reactapi/studio/plans/2")?.body).toMatchObject({
      price_minor: 2450,
      revision: 3,
      course_ids: [4, 5],
    });
  });

  it("adds pay-what-you-can tiers to a plan, their prices in cents", async () => {
    const calls = stubApi({
      "/reactapi/studio/plans": [200, { plans: [{ ...plan, tiers: [] }], courses }],
      "/reactapi/studio/plans/2": [200, { plan: { ...plan, revision: 4 }, message: 'Saved the plan "Full Membership".' }],
    });
    renderAt("/studio/plans", [{ path: "/studio/plans", element: <PlansPage /> }]);
    const form = await screen.findByRole("form", { name: "Plan Full Membership" });
    for (const [name, price, line] of [
      ["Supported", "12", "For a tight month."],
      ["Supporter", "29.50", "Pays for a family who could not."],
    ]) {
      fireEvent.click(within(form).getByRole("button", { name: "Add a tier" }));
      const tier = within(form)
        .getAllByRole("group", { name: /^Tier \d$/ })
        .at(-1)!;
      fireEvent.change(within(tier).getByLabelText("Tier name"), { target: { value: name } });
      fireEvent.change(within(tier).getByLabelText("Tier price"), { target: { value: price } });
      fireEvent.change(within(tier).getByLabelText("What it is for"), { target: { value: line } });
    }
    fireEvent.click(within(form).getByRole("button", { name: "Save plan" }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === "/reactapi/studio/plans/2")?.body).toMatchObject({
        tiers: [
          { name: "Supported", price: 1200, line: "For a tight month." },
          { name: "Supporter", price: 2950, line: "Pays for a family who could not." },
        ],
      }),
    );
  });
});

describe("the studio's course and lesson pages", () => {
  const course: StudioCourse = {
    id: 3,
    title: "For Dads",
    description_html: "",
    logo: 1,
    free_for_members: false,
    for_partners: false,
    certificate_needs_checks: false,
    published: true,
    cover_picture: null,
    plan_ids: [1],
    revision: 1,
    modules: [
      {
        id: 10,
        title: "Your role",
        depth: 0,
        visible_in_preview: true,
        recommended_week: null,
        revision: 1,
        lessons: [{ id: 100, title: "Being there", has_video: true, revision: 1 }],
      },
      {
        id: 11,
        title: "When plans change",
        depth: 1,
        visible_in_preview: false,
        recommended_week: 36,
        revision: 1,
        lessons: [{ id: 101, title: "Advocating", has_video: false, revision: 1 }],
      },
      { id: 12, title: "Fourth trimester", depth: 0, visible_in_preview: false, recommended_week: null, revision: 1, lessons: [] },
    ],
  };
  const lesson: StudioLessonPage = {
    id: 101,
    course_id: 3,
    course_title: "For Dads",
    module_title: "When plans change",
    title: "Advocating",
    content_summary_html: "<p>Summary</p>",
    note_html: "",
    video_link: "",
    video_length: "",
    video_line: "",
    revision: 4,
    content_notes: [],
    files: [
      { id: 7, filename: "Birth plan.pdf", content_type: "application/pdf", size: 120_000, revision: 1 },
      { id: 8, filename: "Breathing.mp3", content_type: "audio/mpeg", size: 4_200_000, revision: 3 },
    ],
    upload_max_bytes: 5_000_000,
  };

  it("nests each topic inside its module and links every lesson to its editor", async () => {
    stubApi({ "/reactapi/studio/courses/3": [200, course] });
    renderAt("/studio/courses/3", [{ path: "/studio/courses/:id", element: <CoursePage /> }]);
    const topics = await screen.findByRole("list", { name: "Topics of Your role" });
    expect(within(topics).getByRole("link", { name: "Advocating" })).toHaveAttribute("href", "/studio/lessons/101");
    expect(within(topics).getByText(/suggested in week 36/)).toBeInTheDocument();
    const modules = screen.getByRole("list", { name: "Modules of For Dads" });
    expect(
      within(modules)
        .getAllByRole("listitem")
        .filter((item) => item.parentElement === modules),
    ).toHaveLength(2);
  });

  it("moves a module with the revision she opened, reads the tree again, and offers no move past either end", async () => {
    let moved = false;
    const reordered = { ...course, modules: [course.modules[2]!, course.modules[0]!, course.modules[1]!] };
    const calls = stubApi({
      "/reactapi/studio/courses/3": () => [200, moved ? reordered : course],
      "/reactapi/studio/modules/12/move": () => {
        moved = true;
        return [200, { message: 'Moved "Fourth trimester" up.' }];
      },
    });
    renderAt("/studio/courses/3", [{ path: "/studio/courses/:id", element: <CoursePage /> }]);
    expect(await screen.findByRole("button", { name: "Move Your role up" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Move Fourth trimester down" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Move When plans change up" })).toBeDisabled();
    fireEvent.click(screen.getByRole("button", { name: "Move Fourth trimester up" }));
    expect(await screen.findByRole("status")).toHaveTextContent('Moved "Fourth trimester" up.');
    // The tree is drawn in a deferred render, which a busy machine may take more than a second to reach.
    await waitFor(() => expect(screen.getByRole("button", { name: "Move Fourth trimester up" })).toBeDisabled(), { timeout: 5_000 });
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({ direction: "up", revision: 1 });
  });

  it("says what a video link will play as she types, sends the revision she opened, and keeps her text on a 409", async () => {
    const calls = stubApi({
      "/reactapi/studio/lessons/101": (body) => (body === undefined ? [200, lesson] : [409, { error: staleRevisionMessage }]),
    });
    renderAt("/studio/lessons/101", [{ path: "/studio/lessons/:id", element: <LessonEditorPage /> }]);
    const link = await screen.findByLabelText("Video link (YouTube or Vimeo)");
    fireEvent.change(link, { target: { value: "https://example.com/video" } });
    expect(screen.getByText(videoLinkProblem)).toBeInTheDocument();
    expect(link).toHaveAttribute("aria-invalid", "true");
    fireEvent.change(link, { target: { value: "https://youtu.be/dQw4w9WgXcQ" } });
    expect(screen.getByText("The YouTube video dQw4w9WgXcQ.")).toBeInTheDocument();
    expect(await screen.findByTitle("Video preview: Advocating")).toHaveAttribute("src", expect.stringContaining("/embed/dQw4w9WgXcQ"));
    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: "Advocating together" } });
    fireEvent.click(screen.getByRole("button", { name: "Save lesson" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(staleRevisionMessage);
    expect(screen.getByRole("button", { name: "Reload" })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Title/)).toHaveValue("Advocating together");
    const sent = calls.find((call) => call.method === "POST")!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ title: "Advocating together", video_link: "https://youtu.be/dQw4w9WgXcQ", revision: 4 });
  });

  it("shows the server's message beside each field it refused", async () => {
    stubApi({
      "/reactapi/studio/lessons/101": (body) =>
        body === undefined
          ? [200, lesson]
          : [400, { error: "Please check the highlighted fields.", details: { title: "Please give the lesson a title." } }],
    });
    renderAt("/studio/lessons/101", [{ path: "/studio/lessons/:id", element: <LessonEditorPage /> }]);
    fireEvent.change(await screen.findByLabelText(/^Title/), { target: { value: " " } });
    fireEvent.click(screen.getByRole("button", { name: "Save lesson" }));
    expect(await screen.findByText("Please give the lesson a title.")).toBeInTheDocument();
    expect(screen.getByLabelText(/^Title/)).toHaveAttribute("aria-invalid", "true");
  });
  it("edits notes in the rich-text editor, switches to HTML, and opens HTML the editor would not keep as HTML", async () => {
    const rich = {
      ...lesson,
      note_html: "<p>Rest <strong>first</strong>.</p>",
      content_summary_html: "<table><tbody><tr><td>Week 36</td></tr></tbody></table>",
    };
    const calls = stubApi({
      "/reactapi/studio/lessons/101": (body) =>
        body === undefined ? [200, rich] : [200, { lesson: { ...rich, ...(body as object), revision: 5 }, message: 'Saved "Advocating".' }],
    });
    renderAt("/studio/lessons/101", [{ path: "/studio/lessons/:id", element: <LessonEditorPage /> }]);
    // The editor is a chunk of its own, loaded once the page shows (a slow transform on a cold run).
    const notes = await screen.findByRole("textbox", { name: "Notes" }, { timeout: 15_000 });
    expect(notes).toHaveAttribute("contenteditable", "true");
    expect(within(notes).getByText("first").tagName).toBe("STRONG");
    const toolbar = screen.getByRole("toolbar", { name: "Notes" });
    expect(within(toolbar).getByRole("button", { name: "Bold" })).toHaveAttribute("aria-pressed", "false");

    const summary = screen.getByLabelText("Lesson summary");
    expect(summary.tagName).toBe("TEXTAREA");
    expect(summary).toHaveValue(rich.content_summary_html);
    expect(screen.getByText(/holds something the editor cannot keep/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Use the editor (Lesson summary)" })).toBeDisabled();

    fireEvent.click(screen.getByRole("button", { name: "Edit as HTML (Notes)" }));
    const notesHtml = screen.getByLabelText("Notes");
    expect(notesHtml.tagName).toBe("TEXTAREA");
    expect(notesHtml).toHaveValue("<p>Rest <strong>first</strong>.</p>");
    fireEvent.change(notesHtml, { target: { value: "<p>Rest <em>often</em>.</p>" } });
    fireEvent.click(screen.getByRole("button", { name: "Use the editor (Notes)" }));
    expect(within(await screen.findByRole("textbox", { name: "Notes" })).getByText("often").tagName).toBe("EM");
    fireEvent.click(screen.getByRole("button", { name: "Save lesson" }));
    await screen.findByText('Saved "Advocating".');
    expect(calls.find((call) => call.method === "POST")!.body).toMatchObject({
      note_html: "<p>Rest <em>often</em>.</p>",
      content_summary_html: rich.content_summary_html,
    });
  });

  it("lists the lesson's downloads, refuses a file over the limit before sending it, renames and moves one", async () => {
    const calls = stubApi({
      "/reactapi/studio/lessons/101": [200, lesson],
      "/reactapi/studio/files/8": (body) =>
        (body as { filename: string }).filename.includes("/")
          ? [
              400,
              {
                error: "Please check the highlighted fields.",
                details: { filename: 'A file name cannot contain / \\ : * ? " < > | or invisible characters.' },
              },
            ]
          : [
              200,
              {
                file: { ...lesson.files[1]!, filename: "Breathing together.mp3", revision: 4 },
                message: 'Renamed it "Breathing together.mp3".',
              },
            ],
      "/reactapi/studio/files/8/move": [200, { message: 'Moved "Breathing.mp3" up.' }],
    });
    renderAt("/studio/lessons/101", [{ path: "/studio/lessons/:id", element: <LessonEditorPage /> }]);
    const list = await screen.findByRole("list", { name: "Downloads of this lesson" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining("Birth plan.pdf (PDF, 120 KB)"), expect.stringContaining("Breathing.mp3 (MP3, 4.2 MB)")]);
    expect(within(list).getByRole("button", { name: "Move Birth plan.pdf up" })).toBeDisabled();
    expect(within(list).getByRole("button", { name: "Move Breathing.mp3 down" })).toBeDisabled();

    const picker = screen.getByLabelText("Add a file");
    expect(picker).toHaveAttribute("accept", expect.stringContaining(".pdf"));
    expect(picker).toHaveAccessibleDescription(/Up to 5 MB each\./);
    fireEvent.change(picker, { target: { files: [new File([new Uint8Array(6_000_000)], "Whole birth video.m4a")] } });
    fireEvent.click(screen.getByRole("button", { name: "Upload" }));
    expect(await screen.findByRole("alert")).toHaveTextContent('"Whole birth video.m4a" is 6 MB; one download can be at most 5 MB.');
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);

    fireEvent.click(within(list).getByRole("button", { name: "Rename Breathing.mp3" }));
    const name = screen.getByLabelText(/^File name members see/);
    fireEvent.change(name, { target: { value: "Breathing/together.mp3" } });
    fireEvent.click(screen.getByRole("button", { name: "Save name" }));
    expect(await screen.findByText(/A file name cannot contain/)).toBeInTheDocument();
    expect(name).toHaveValue("Breathing/together.mp3");
    fireEvent.change(name, { target: { value: "Breathing together.mp3" } });
    fireEvent.click(screen.getByRole("button", { name: "Save name" }));
    expect(await screen.findByText('Renamed it "Breathing together.mp3".')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === "/reactapi/studio/files/8").at(-1)!.body).toEqual({
      filename: "Breathing together.mp3",
      revision: 3,
    });

    fireEvent.click(within(list).getByRole("button", { name: "Move Breathing.mp3 up" }));
    expect(await screen.findByText('Moved "Breathing.mp3" up.')).toBeInTheDocument();
    expect(calls.find((call) => call.path === "/reactapi/studio/files/8/move")!.body).toEqual({ direction: "up", revision: 3 });
  });
});

describe("adding, deleting and restoring in the studio", () => {
  const course: StudioCourse = {
    id: 3,
    title: "For Dads",
    description_html: "",
    logo: 1,
    free_for_members: false,
    for_partners: false,
    certificate_needs_checks: false,
    published: true,
    cover_picture: null,
    plan_ids: [1],
    revision: 2,
    modules: [
      {
        id: 10,
        title: "Your role",
        depth: 0,
        visible_in_preview: false,
        recommended_week: null,
        revision: 1,
        lessons: [{ id: 100, title: "Being there", has_video: true, revision: 5 }],
      },
    ],
  };
  const withLesson = (title: string): StudioCourse => ({
    ...course,
    modules: [{ ...course.modules[0]!, lessons: [...course.modules[0]!.lessons, { id: 101, title, has_video: false, revision: 1 }] }],
  });

  it("adds a lesson to a module: the server's word on the title stays beside the field with what she typed, then the tree shows it", async () => {
    let added = false;
    const calls = stubApi({
      "/reactapi/studio/courses/3": () => [200, added ? withLesson("Holding space") : course],
      "/reactapi/studio/lessons": (body) => {
        if ((body as { title: string }).title.trim() === "")
          return [400, { error: "Please check the highlighted fields.", details: { title: "Please give the lesson a title." } }];
        added = true;
        return [201, { id: 101, message: 'Added the lesson "Holding space" to "Your role".' }];
      },
    });
    renderAt("/studio/courses/3", [{ path: "/studio/courses/:id", element: <CoursePage /> }]);
    fireEvent.click(await screen.findByRole("button", { name: "Add a lesson to Your role" }));
    const form = screen.getByRole("form", { name: "Add a lesson to Your role" });
    fireEvent.change(within(form).getByLabelText(/^New lesson in Your role/), { target: { value: "  " } });
    fireEvent.click(within(form).getByRole("button", { name: "Add lesson" }));
    expect(await within(form).findByText("Please give the lesson a title.")).toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText(/^New lesson in Your role/), { target: { value: "Holding space" } });
    fireEvent.click(within(form).getByRole("button", { name: "Add lesson" }));
    expect(await screen.findByRole("link", { name: "Holding space" })).toHaveAttribute("href", "/studio/lessons/101");
    expect(screen.getByRole("status")).toHaveTextContent('Added the lesson "Holding space" to "Your role".');
    expect(screen.queryByRole("form", { name: "Add a lesson to Your role" })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path === "/reactapi/studio/lessons").at(-1)?.body).toEqual({
      module_id: 10,
      title: "Holding space",
    });
  });

  it("asks before deleting a lesson, sends the revision she saw, and says it is in the Trash", async () => {
    let deleted = false;
    const calls = stubApi({
      "/reactapi/studio/courses/3": () => [200, deleted ? { ...course, modules: [{ ...course.modules[0]!, lessons: [] }] } : course],
      "/reactapi/studio/lessons/100/delete": () => {
        deleted = true;
        return [200, { message: 'Deleted the lesson "Being there". It is in the Trash for 30 days, if you change your mind.' }];
      },
    });
    renderAt("/studio/courses/3", [{ path: "/studio/courses/:id", element: <CoursePage /> }]);
    fireEvent.click(await screen.findByRole("button", { name: "Delete Being there" }));
    fireEvent.click(screen.getByRole("button", { name: "Keep it" }));
    expect(calls.some((call) => call.method === "POST")).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Delete Being there" }));
    fireEvent.click(within(screen.getByRole("group", { name: "Delete Being there?" })).getByRole("button", { name: "Yes, delete" }));
    expect(await screen.findByRole("status")).toHaveTextContent("It is in the Trash for 30 days");
    await waitFor(() => expect(screen.queryByRole("link", { name: "Being there" })).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({ revision: 5 });
  });

  it("deletes a course only with its title typed, showing the server's word beside the field", async () => {
    const calls = stubApi({
      "/reactapi/studio/courses/3": [200, course],
      "/reactapi/studio/courses/3/delete": [
        400,
        {
          error: "Please check the highlighted fields.",
          details: { confirm_title: 'Type the course\'s title, "For Dads", to delete it.' },
        },
      ],
    });
    renderAt("/studio/courses/3", [{ path: "/studio/courses/:id", element: <CoursePage /> }]);
    fireEvent.click(await screen.findByRole("button", { name: "Delete “For Dads”…" }));
    fireEvent.change(screen.getByLabelText(/^Type “For Dads” to confirm/), { target: { value: "For Dad" } });
    fireEvent.click(screen.getByRole("button", { name: "Delete the course" }));
    expect(await screen.findByText('Type the course\'s title, "For Dads", to delete it.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Type “For Dads” to confirm/)).toHaveValue("For Dad");
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({ confirm_title: "For Dad", revision: 2 });
  });

  it("lists the Trash with where each thing was, restores one, and says why another cannot go back yet", async () => {
    const item = (overrides: Partial<TrashItem>): TrashItem => ({
      id: 1,
      kind: "lesson",
      title: "Being there",
      place: "in For Dads › Your role",
      deleted_by: "maya@example.com",
      deleted_at: "2026-11-20T10:00:00Z",
      kept_until: "2026-12-20T10:00:00Z",
      ...overrides,
    });
    let restored = false;
    stubApi({
      "/reactapi/studio/trash": () => [
        200,
        { items: restored ? [item({ id: 2, title: "Partner tips" })] : [item({}), item({ id: 2, title: "Partner tips" })] },
      ],
      "/reactapi/studio/trash/1/restore": () => {
        restored = true;
        return [200, { message: 'Restored "Being there" to its place. Members see it again on their next visit.' }];
      },
      "/reactapi/studio/trash/2/restore": [
        409,
        { error: "The module it was in is no longer there. Restore that module (or its course) from the Trash first." },
      ],
    });
    renderAt("/studio/trash", [{ path: "/studio/trash", element: <TrashPage /> }]);
    const row = (await screen.findByRole("rowheader", { name: "Lesson: Being there" })).closest("tr")!;
    expect(row).toHaveTextContent("in For Dads › Your role");
    fireEvent.click(within(row).getByRole("button", { name: "Restore Being there" }));
    expect(await screen.findByRole("status")).toHaveTextContent('Restored "Being there" to its place.');
    await waitFor(() => expect(screen.queryByRole("rowheader", { name: "Lesson: Being there" })).not.toBeInTheDocument());
    fireEvent.click(screen.getByRole("button", { name: "Restore Partner tips" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Restore that module (or its course) from the Trash first.");
  });

  it("saves the course's details with the revision she opened, and keeps her choices on a 409 with Reload", async () => {
    const calls = stubApi({
      "/reactapi/studio/courses/3": (body) => (body === undefined ? [200, course] : [409, { error: staleRevisionMessage }]),
      "/reactapi/studio/plans": [
        200,
        {
          plans: [
            {
              id: 1,
              name: "Full Membership",
              description: "",
              price_minor: 100,
              currency: "USD",
              billing_interval: "month",
              course_ids: [3],
              revision: 1,
            },
            {
              id: 2,
              name: "Partner Course",
              description: "",
              price_minor: 100,
              currency: "USD",
              billing_interval: "once",
              course_ids: [],
              revision: 1,
            },
          ],
          courses: [],
        },
      ],
    });
    renderAt("/studio/courses/3", [{ path: "/studio/courses/:id", element: <CoursePage /> }]);
    const form = await screen.findByRole("form", { name: "Course details" });
    fireEvent.click(within(form).getByRole("radio", { name: "Picture 3" }));
    fireEvent.click(within(form).getByRole("checkbox", { name: /Open to every member/ }));
    fireEvent.click(await within(form).findByRole("checkbox", { name: "Partner Course" }));
    fireEvent.click(within(form).getByRole("checkbox", { name: "Full Membership" }));
    fireEvent.click(within(form).getByRole("button", { name: "Save course" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent(staleRevisionMessage);
    expect(within(form).getByRole("button", { name: "Reload" })).toBeInTheDocument();
    expect(within(form).getByRole("checkbox", { name: "Partner Course" })).toBeChecked();
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({
      title: "For Dads",
      description_html: "",
      logo: 2,
      free_for_members: true,
      for_partners: false,
      certificate_needs_checks: false,
      plan_ids: [2],
      revision: 2,
    });
  });

  it("edits a module's title, preview switch and week, showing the server's word on the week", async () => {
    const calls = stubApi({
      "/reactapi/studio/courses/3": [200, course],
      "/reactapi/studio/modules/10": [
        400,
        {
          error: "Please check the highlighted fields.",
          details: { recommended_week: "The week is a number from 1 to 60 (43 and above: after the birth)." },
        },
      ],
    });
    renderAt("/studio/courses/3", [{ path: "/studio/courses/:id", element: <CoursePage /> }]);
    fireEvent.click(await screen.findByRole("button", { name: "Edit Your role" }));
    const form = screen.getByRole("form", { name: "Edit Your role" });
    fireEvent.change(within(form).getByLabelText(/^Title/), { target: { value: "Your part" } });
    fireEvent.click(within(form).getByRole("checkbox", { name: /Shown in the preview/ }));
    fireEvent.change(within(form).getByLabelText(/^Suggested week/), { target: { value: "61" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    expect(await within(form).findByText("The week is a number from 1 to 60 (43 and above: after the birth).")).toBeInTheDocument();
    expect(within(form).getByLabelText(/^Title/)).toHaveValue("Your part");
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({
      title: "Your part",
      visible_in_preview: true,
      recommended_week: 61,
      revision: 1,
    });
  });

  it("offers to move a module anywhere but inside itself, and sends where with the revision she saw", async () => {
    const tree: StudioCourse = {
      ...course,
      modules: [
        { id: 10, title: "Your role", depth: 0, visible_in_preview: false, recommended_week: null, revision: 4, lessons: [] },
        { id: 11, title: "Being there", depth: 1, visible_in_preview: false, recommended_week: null, revision: 1, lessons: [] },
        { id: 12, title: "Afterwards", depth: 0, visible_in_preview: false, recommended_week: null, revision: 1, lessons: [] },
      ],
    };
    const calls = stubApi({
      "/reactapi/studio/courses/3": [200, tree],
      "/reactapi/studio/modules/10/place": [200, { message: 'Moved "Your role" into "Afterwards", with everything in it.' }],
    });
    renderAt("/studio/courses/3", [{ path: "/studio/courses/:id", element: <CoursePage /> }]);
    fireEvent.click(await screen.findByRole("button", { name: "Edit Your role" }));
    const form = screen.getByRole("form", { name: "Move Your role elsewhere" });
    const select = within(form).getByRole("combobox", { name: /Move it, with everything in it, into/ });
    expect(
      within(select)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["The top of the course (a module)", "Afterwards"]);
    fireEvent.change(select, { target: { value: "12" } });
    fireEvent.click(within(form).getByRole("button", { name: "Move" }));
    expect(await screen.findByRole("status")).toHaveTextContent('Moved "Your role" into "Afterwards"');
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({ parent_module_id: 12, revision: 4 });
  });
});
