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

/** The pages that declare an entry in the visitors' menu (web/src/lib/route-table.ts), in their places. */
const menuRoutes = routes.filter((route) => route.publicMenu).sort((a, b) => a.publicMenu!.place - b.publicMenu!.place);
/** Where Log in (or Log out) stands among them: after the first entry (docs/product.md, Screens). */
const SIGN_IN_PLACE = 20;

/** The visitors' menu, in its order (docs/product.md, Screens); a page of a capability she turned off leaves it. */
function PublicMenu() {
  const logout = useLogout();
  const { isAuthenticated } = useSession();
  const off = useCapabilitiesOff();
  const pages = menuRoutes.filter((route) => !isOffModule(off, route.screen));
  // Log in for a visitor, Log out for someone signed in: never both.
  const signIn: MenuEntry = isAuthenticated ? { label: t("Logout"), onSelect: () => void logout() } : { label: t("Login"), to: "/login" };
  const entries: MenuEntry[] = [
    ...pages
      .filter((route) => route.publicMenu!.place < SIGN_IN_PLACE)
      .map((route) => ({ label: t(route.publicMenu!.label), to: route.path })),
    signIn,
    ...pages
      .filter((route) => route.publicMenu!.place > SIGN_IN_PLACE)
      .map((route) => ({ label: t(route.publicMenu!.label), to: route.path })),
  ];
  return <HeaderMenu id="public-menu" name={t("Site menu")} entries={entries} />;
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
