import {
  type Announcements,
  closestCorners,
  DndContext,
  type DragEndEvent,
  type DragOverEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useDroppable,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useEffect, useMemo, useState } from "react";
import type { StudioTreeModule } from "../../../../../contract/studio/courses.ts";
import { t } from "./messages.ts";

type TreeLesson = StudioTreeModule["lessons"][number];
/** Each module's lesson ids, in order, as the drag has them so far. */
type Columns = Record<string, number[]>;

const containerId = (moduleId: number) => `module-${moduleId}`;
const columnsOf = (modules: StudioTreeModule[]): Columns =>
  Object.fromEntries(modules.map((module) => [containerId(module.id), module.lessons.map((lesson) => lesson.id)]));

function DraggableLesson({ lesson }: { lesson: TreeLesson }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: lesson.id });
  return (
    <li
      ref={setNodeRef}
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        opacity: isDragging ? 0.6 : 1,
        listStyle: "none",
        marginBottom: 4,
      }}
    >
      <div
        {...attributes}
        {...listeners}
        aria-label={lesson.title}
        style={{
          padding: "10px 12px",
          border: "1px solid var(--dashed)",
          borderRadius: 8,
          background: "var(--surface)",
          cursor: "grab",
          touchAction: "none",
        }}
      >
        <span aria-hidden="true">⠿ </span>
        {lesson.title}
      </div>
    </li>
  );
}

function ModuleColumn({ module, lessonIds, lessons }: { module: StudioTreeModule; lessonIds: number[]; lessons: Map<number, TreeLesson> }) {
  const { setNodeRef } = useDroppable({ id: containerId(module.id) });
  return (
    <section aria-label={t("Lessons of {title}, to arrange", { title: module.title })} style={{ marginInlineStart: module.depth * 16 }}>
      <h3 style={{ fontSize: "1rem", margin: "12px 0 4px" }}>{module.title}</h3>
      <SortableContext id={containerId(module.id)} items={lessonIds} strategy={verticalListSortingStrategy}>
        <ul ref={setNodeRef} style={{ margin: 0, padding: 4, minHeight: 44, border: "1px dashed var(--dashed)", borderRadius: 8 }}>
          {lessonIds.map((id) => (
            <DraggableLesson key={id} lesson={lessons.get(id)!} />
          ))}
          {lessonIds.length === 0 ? (
            <li style={{ listStyle: "none", padding: 8, color: "var(--ink-quiet)" }}>{t("No lessons: drop one here.")}</li>
          ) : null}
        </ul>
      </SortableContext>
    </section>
  );
}

/**
 * The course's lessons to arrange by dragging, with a mouse, a finger or the keyboard (dnd-kit: Space
 * picks a lesson up, the arrows move it, Space puts it down, Escape puts it back), across modules and
 * topics. Each drop is one move on the server, with the lesson's revision (a stale one is refused).
 */
export default function LessonDragAndDrop({
  modules,
  busy,
  onPlace,
}: {
  modules: StudioTreeModule[];
  busy: boolean;
  onPlace: (lesson: TreeLesson, moduleId: number, index: number) => void;
}) {
  const [columns, setColumns] = useState<Columns>(() => columnsOf(modules));
  useEffect(() => setColumns(columnsOf(modules)), [modules]);
  const lessons = useMemo(
    () => new Map(modules.flatMap((module) => module.lessons.map((lesson) => [lesson.id, lesson] as const))),
    [modules],
  );
  const titleOfModule = (container: string) => modules.find((module) => containerId(module.id) === container)?.title ?? "";
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const containerOf = (id: UniqueIdentifier, within: Columns = columns) =>
    typeof id === "string" && id in within ? id : Object.keys(within).find((key) => within[key]!.includes(Number(id)));

  const dragOver = ({ active, over }: DragOverEvent) => {
    if (!over) return;
    const from = containerOf(active.id);
    const to = containerOf(over.id);
    if (!from || !to || from === to) return;
    setColumns((current) => {
      const target = current[to]!;
      const at = typeof over.id === "string" ? target.length : Math.max(0, target.indexOf(Number(over.id)));
      return {
        ...current,
        [from]: current[from]!.filter((id) => id !== active.id),
        [to]: [...target.slice(0, at), Number(active.id), ...target.slice(at)],
      };
    });
  };

  const dragEnd = ({ active, over }: DragEndEvent) => {
    const container = containerOf(active.id);
    if (!over || !container) return setColumns(columnsOf(modules));
    let order = columns[container]!;
    const overIndex = typeof over.id === "string" ? order.length - 1 : order.indexOf(Number(over.id));
    const activeIndex = order.indexOf(Number(active.id));
    if (overIndex >= 0 && overIndex !== activeIndex) order = arrayMove(order, activeIndex, overIndex);
    setColumns({ ...columns, [container]: order });
    const moduleId = Number(container.slice("module-".length));
    const index = order.indexOf(Number(active.id));
    const lesson = lessons.get(Number(active.id))!;
    const before = modules.find((module) => module.lessons.some((candidate) => candidate.id === lesson.id))!;
    if (before.id === moduleId && before.lessons.findIndex((candidate) => candidate.id === lesson.id) === index) return;
    onPlace(lesson, moduleId, index);
  };

  // Where a lesson is, or would go over `over`: the place in its module as she counts it, from 1.
  const where = (id: UniqueIdentifier) => {
    const container = containerOf(id);
    if (!container) return "";
    const column = columns[container]!;
    const place = typeof id === "string" ? column.length : column.indexOf(Number(id)) + 1;
    return t("place {place} of “{module}”", { place: Math.max(place, 1), module: titleOfModule(container) });
  };
  const titleOf = (id: UniqueIdentifier) => lessons.get(Number(id))?.title ?? "";
  const announcements: Announcements = {
    onDragStart: ({ active }) => t("Picked up “{lesson}”, at {place}.", { lesson: titleOf(active.id), place: where(active.id) }),
    onDragOver: ({ active, over }) =>
      over
        ? t("“{lesson}” would go to {place}.", { lesson: titleOf(active.id), place: where(over.id) })
        : t("“{lesson}” is over no module.", { lesson: titleOf(active.id) }),
    onDragEnd: ({ active, over }) =>
      over
        ? t("Put “{lesson}” down at {place}.", { lesson: titleOf(active.id), place: where(over.id) })
        : t("Put “{lesson}” back where it was.", { lesson: titleOf(active.id) }),
    onDragCancel: ({ active }) => t("Put “{lesson}” back where it was.", { lesson: titleOf(active.id) }),
  };

  return (
    <div aria-busy={busy}>
      <p id="drag-help" style={{ marginTop: 0 }}>
        {t(
          "Drag a lesson to another place or module. With the keyboard: Tab to a lesson, Space to pick it up, the arrow keys to move it, Space to put it down, Escape to put it back.",
        )}
      </p>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCorners}
        onDragOver={dragOver}
        onDragEnd={dragEnd}
        onDragCancel={() => setColumns(columnsOf(modules))}
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable: t("Space picks the lesson up; the arrow keys move it; Space puts it down; Escape puts it back."),
          },
        }}
      >
        {modules.map((module) => (
          <ModuleColumn key={module.id} module={module} lessonIds={columns[containerId(module.id)] ?? []} lessons={lessons} />
        ))}
      </DndContext>
    </div>
  );
}
