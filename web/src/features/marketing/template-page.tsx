import { PageColumn } from "../../components/page-column.tsx";

/** /template is a blank page with a heading, in no menu (docs/product.md, Screens). */
export default function TemplatePage() {
  return <PageColumn title="Template">{null}</PageColumn>;
}
