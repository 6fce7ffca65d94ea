import { describe, expect, it } from "vitest";
import type { CourseModule } from "../../../contract/catalogue.ts";
import { buildModuleTree, lessonCount, lessonTint, type ModuleNode } from "./module-tree.ts";

const lesson = (id: number) => ({ id, lesson_title: `L${id}`, lesson_order: id, locked: true as const });
const module = (id: number, parent: string, order: number, lessons = 0): CourseModule => ({
  id,
  reference_code: `M${id}`,
  parent_reference_code: parent,
  course: 1,
  module_title: `Module ${id}`,
  module_order: order,
  module_description: null,
  visible_in_preview: false,
  recommended_week: null,
  lessons: Array.from({ length: lessons }, (_, index) => lesson(id * 100 + index)),
});
const shape = (nodes: ModuleNode[]): unknown =>
  nodes.map((node) => ({ id: node.data.id, level: node.level, children: shape(node.children) }));

describe("buildModuleTree", () => {
  it("nests modules by their ancestry path, level 1 being the course's top modules", () => {
    const tree = buildModuleTree([module(1, "C1", 1), module(2, "C1_M1", 1), module(3, "C1_M1_M2", 1), module(4, "C1", 2)]);
    expect(shape(tree)).toEqual([
      { id: 1, level: 1, children: [{ id: 2, level: 2, children: [{ id: 3, level: 3, children: [] }] }] },
      { id: 4, level: 1, children: [] },
    ]);
    expect(tree[0]!.nesting_array).toEqual(["C1"]);
    expect(tree[0]!.children[0]!.children[0]!.nesting_array).toEqual(["C1", "M1", "M2"]);
  });

  it("orders siblings by module_order whatever the input order", () => {
    const tree = buildModuleTree([
      module(3, "C1", 3),
      module(5, "C1_M3", 2),
      module(1, "C1", 1),
      module(4, "C1_M3", 1),
      module(2, "C1", 2),
    ]);
    expect(shape(tree)).toEqual([
      { id: 1, level: 1, children: [] },
      { id: 2, level: 1, children: [] },
      {
        id: 3,
        level: 1,
        children: [
          { id: 4, level: 2, children: [] },
          { id: 5, level: 2, children: [] },
        ],
      },
    ]);
  });

  it("keeps an orphan (its parent is missing) at the top level instead of losing it", () => {
    const tree = buildModuleTree([module(1, "C1", 1), module(9, "C1_M404", 1)]);
    expect(tree.map((node) => node.data.id)).toEqual([1, 9]);
  });

  it("survives malformed codes, loops and junk without throwing", () => {
    const broken = [
      { ...module(1, "C1", 1), parent_reference_code: "" },
      { ...module(2, "C1", 2), parent_reference_code: null as unknown as string },
      { ...module(3, "C1_M4", 3) },
      { ...module(4, "C1_M3", 4) },
      { ...module(5, "C1_M5", 5) },
      { ...module(6, "___", 6) },
      null as unknown as CourseModule,
      { ...module(7, "C1_M1", 1), lessons: "nope" as unknown as [] },
    ];
    const tree = buildModuleTree(broken);
    const ids = (nodes: ModuleNode[]): number[] => nodes.flatMap((node) => [node.data.id, ...ids(node.children)]);
    expect(ids(tree).sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(lessonCount(tree.find((node) => node.data.id === 1)!)).toBe(0);
    expect(buildModuleTree(null)).toEqual([]);
    expect(buildModuleTree("x" as unknown as CourseModule[])).toEqual([]);
  });
});

describe("lessonCount", () => {
  it("counts every lesson below a module, topics within topics included", () => {
    const [top] = buildModuleTree([module(1, "C1", 1, 2), module(2, "C1_M1", 1, 3), module(3, "C1_M1_M2", 1, 7), module(4, "C1_M1", 2, 1)]);
    expect(lessonCount(top!)).toBe(13);
  });
});

describe("lessonTint", () => {
  it("is long over 10 characters, short for 1 to 10, absent for none", () => {
    expect(lessonTint('[{"filename":"a.pdf"}]')).toBe("long");
    expect(lessonTint("0123456789")).toBe("short");
    expect(lessonTint("01234567890")).toBe("long");
    expect(lessonTint("")).toBe("absent");
    expect(lessonTint(null)).toBe("absent");
    expect(lessonTint(undefined)).toBe("absent");
  });
});
