import { PageColumn } from "../../components/page-column.tsx";
import { t } from "./messages.ts";

/** /template is a blank page with a heading, in no menu (docs/product.md, Screens). */
export default function TemplatePage() {
  return <PageColumn title={t("Template")}>{null}</PageColumn>;
}
