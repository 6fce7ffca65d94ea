import "./feature-styles.ts";
import { Outlet } from "react-router";
import { useLogout } from "../lib/use-logout.ts";
import { useSession } from "../lib/session.ts";
import { BrandBar, SkipLink } from "../components/brand-bar.tsx";
import { HeaderMenu, type MenuEntry } from "../components/header-menu.tsx";
import { Footer } from "../components/page-column.tsx";
import { SlotsContext } from "../lib/slots.tsx";
import { slots } from "./slots.ts";
import { t } from "../lib/i18n.ts";
import { isOffModule, useCapabilitiesOff, useSlotsShown } from "../lib/capabilities-off.ts";
import { routes } from "../lib/routes.ts";

/** Whether an address is a page of a capability she turned off (its entry leaves the menu). */
const offPage = (off: ReadonlySet<string>, to: string) => {
  const screen = routes.find((route) => route.path === to)?.screen;
  return screen !== undefined && isOffModule(off, screen);
};

/** The visitors' menu, in its order (docs/product.md, Screens). */
function PublicMenu() {
  const logout = useLogout();
  const { isAuthenticated } = useSession();
  const off = useCapabilitiesOff();
  const entries: MenuEntry[] = [
    { label: t("Welcome"), to: "/" },
    // Log in for a visitor, Log out for someone signed in: never both.
    isAuthenticated ? { label: t("Logout"), onSelect: () => void logout() } : { label: t("Login"), to: "/login" },
    { label: t("Contact"), to: "/contact" },
    { label: t("Free Webinar"), to: "/classes" },
    { label: t("About"), to: "/about" },
    { label: t("Helpful Links"), to: "/links" },
  ];
  return (
    <HeaderMenu id="public-menu" name={t("Site menu")} entries={entries.filter((entry) => !("to" in entry) || !offPage(off, entry.to))} />
  );
}

export default function PublicLayout() {
  const shownSlots = useSlotsShown(slots);
  return (
    <SlotsContext.Provider value={shownSlots}>
      <SkipLink />
      <BrandBar menu={<PublicMenu />} />
      {/* At least a screen tall: a page whose screen arrives after the frame does not push the
          footer down under her eyes (it starts below the fold). */}
      <div className="page-body">
        <Outlet />
      </div>
      <Footer />
    </SlotsContext.Provider>
  );
}
