import { PageColumn } from "../../components/page-column.tsx";

/** SPEC §2 registers /template without showing its content: a blank page with a heading, for the layout. */
export default function TemplatePage() {
  return <PageColumn title="Template">{null}</PageColumn>;
}
