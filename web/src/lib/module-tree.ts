import type { CourseModule } from "../../../contract/catalogue.ts";

/** A module with its place in the course: level 1 is the course's top modules. */
export type ModuleNode = { data: CourseModule; level: number; nesting_array: string[]; children: ModuleNode[] };

function nestingArrayOf(module: CourseModule): string[] {
  const code = typeof module.parent_reference_code === "string" ? module.parent_reference_code : "";
  const parts = code.split("_").filter((part) => part !== "");
  return parts.length > 0 ? parts : [""];
}

const byOrder = (a: ModuleNode, b: ModuleNode) =>
  (Number(a.data.module_order) || 0) - (Number(b.data.module_order) || 0) || (Number(a.data.id) || 0) - (Number(b.data.id) || 0);

/**
 * Builds the module tree from parent_reference_code (docs/product.md, Client state): the ancestry path split on "_",
 * whose last part names the parent module. It never throws and never loses a module: one whose
 * parent is missing, or whose ancestry loops, is shown at the top level; input order does not matter.
 */
export function buildModuleTree(modules: readonly CourseModule[] | null | undefined): ModuleNode[] {
  if (!Array.isArray(modules)) return [];
  const nodes: ModuleNode[] = modules
    .filter((module): module is CourseModule => module !== null && typeof module === "object")
    .map((module) => ({ data: module, level: 1, nesting_array: nestingArrayOf(module), children: [] }));
  const byCode = new Map<string, ModuleNode>();
  for (const node of nodes) {
    if (typeof node.data.reference_code === "string" && !byCode.has(node.data.reference_code)) byCode.set(node.data.reference_code, node);
  }

  const parentOf = (node: ModuleNode): ModuleNode | undefined => {
    if (node.nesting_array.length < 2) return undefined;
    const parent = byCode.get(node.nesting_array[node.nesting_array.length - 1]!);
    return parent === node ? undefined : parent;
  };
  const reachesRoot = (node: ModuleNode): boolean => {
    const seen = new Set<ModuleNode>();
    for (let current: ModuleNode | undefined = node; current; current = parentOf(current)) {
      if (seen.has(current)) return false;
      seen.add(current);
    }
    return true;
  };

  const roots: ModuleNode[] = [];
  for (const node of nodes) {
    const parent = reachesRoot(node) ? parentOf(node) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  const assignLevels = (siblings: ModuleNode[], level: number) => {
    siblings.sort(byOrder);
    for (const node of siblings) {
      node.level = level;
      assignLevels(node.children, level + 1);
    }
  };
  assignLevels(roots, 1);
  return roots;
}

const lessonsOf = (node: ModuleNode) => (Array.isArray(node.data.lessons) ? node.data.lessons.length : 0);

/**
 * Every lesson below a module: its own and those of its topics, however deep. (The original
 * description counted only one level down, so a module whose topics have topics said 6 for 8.)
 */
export function lessonCount(node: ModuleNode): number {
  return lessonsOf(node) + node.children.reduce((total, child) => total + lessonCount(child), 0);
}

export type LessonTint = "long" | "short" | "absent";
/** docs/product.md, Screens and Constants: a lesson row's tint by its video_description: over 10 characters, some, or none. */
export function lessonTint(videoDescription: unknown): LessonTint {
  if (typeof videoDescription !== "string" || videoDescription.length === 0) return "absent";
  return videoDescription.length > 10 ? "long" : "short";
}
