import { SearchBox } from "./search-box.tsx";
import { t } from "./messages.ts";

/** The search field at the top of the library (the library's slot, web/src/feature-slots.ts). */
export default function LibrarySearch() {
  return <SearchBox label={t("Search the lessons")} />;
}
