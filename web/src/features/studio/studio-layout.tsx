import Box from "@mui/material/Box";
import type { ReactNode } from "react";
import { Link, Outlet, useLocation } from "react-router";
import { useAppSelector } from "../../app/store.ts";
import { BrandBar, SkipLink } from "../../components/brand-bar.tsx";
import { HeaderMenu } from "../../components/header-menu.tsx";
import { Notice } from "../../components/notice.tsx";
import { Footer } from "../../components/page-column.tsx";
import type { UnreadCount } from "../../../../contract/studio/inbox.ts";
import { useApiAnswer } from "../../lib/use-api-answer.ts";
import { RequireMember } from "../auth/require-member.tsx";
import { useLogout } from "../auth/use-logout.ts";

export const studioSections = [
  { label: "Dashboard", to: "/studio" },
  { label: "Courses", to: "/studio/courses" },
  { label: "Members", to: "/studio/members" },
  { label: "Access codes", to: "/studio/access-codes" },
  { label: "Plans", to: "/studio/plans" },
  { label: "Inbox", to: "/studio/inbox" },
  { label: "Activity", to: "/studio/activity" },
  { label: "Trash", to: "/studio/trash" },
];

function StudioMenu() {
  const logout = useLogout();
  return (
    <HeaderMenu
      id="studio-menu"
      name="Studio menu"
      entries={[
        { label: "Member area", to: "/home" },
        { label: "My account", to: "/account" },
        { label: "Logout", onSelect: () => void logout() },
      ]}
    />
  );
}

function StudioNavigation() {
  const { pathname, key } = useLocation();
  // Asked again on every move inside the studio (each has its own key), so a message marked read leaves the count soon.
  const unread = useApiAnswer<UnreadCount>("/reactapi/studio/inbox/unread", key).answer?.unread ?? 0;
  const current = [...studioSections].reverse().find((section) => pathname === section.to || pathname.startsWith(`${section.to}/`))?.to;
  return (
    <Box component="nav" aria-label="Studio sections" sx={{ bgcolor: "#f6eeee", borderBottom: "1px solid #e2d4d4" }}>
      <Box
        component="ul"
        sx={{ display: "flex", flexWrap: "wrap", gap: 0.5, listStyle: "none", m: 0, mx: "auto", px: 1, py: 0.5, maxWidth: 1100 }}
      >
        {studioSections.map((section) => (
          <li key={section.to}>
            <Box
              component={Link}
              to={section.to}
              aria-current={current === section.to ? "page" : undefined}
              sx={{
                display: "inline-block",
                px: 1.5,
                py: 1,
                borderRadius: 2,
                color: "#4a2a30",
                textDecoration: "none",
                fontWeight: current === section.to ? 700 : 500,
                bgcolor: current === section.to ? "#ffffff" : "transparent",
                "&:hover": { textDecoration: "underline" },
              }}
            >
              {section.to === "/studio/inbox" && unread > 0 ? `${section.label} (${unread} unread)` : section.label}
            </Box>
          </li>
        ))}
      </Box>
    </Box>
  );
}

/** Only an instructor sees the studio's pages; the server refuses everyone else anyway. */
function RequireInstructor({ children }: { children: ReactNode }) {
  const role = useAppSelector((state) => state.session.user?.role);
  if (role !== "admin") {
    return (
      <Box component="main" id="main" sx={{ maxWidth: 500, mx: "auto", p: 3 }}>
        <h1>Studio</h1>
        <Notice tone="info" role="status">
          The studio is for the instructor. <Link to="/home">Back to the member area</Link>
        </Notice>
      </Box>
    );
  }
  return <>{children}</>;
}

export default function StudioLayout() {
  return (
    <>
      <SkipLink />
      <BrandBar menu={<StudioMenu />} />
      <RequireMember>
        <RequireInstructor>
          <StudioNavigation />
          <Box sx={{ minHeight: "80vh" }}>
            <Outlet />
          </Box>
        </RequireInstructor>
      </RequireMember>
      <Footer />
    </>
  );
}
