import { randomUUID } from "node:crypto";
import type { PersonalData } from "../db/personal-data.ts";
import { and, asc, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Course, CourseList, CourseModule, Lesson, SubscriptionPlan } from "../../../contract/catalogue.ts";
import type { UserRow } from "../accounts/users-repository.ts";
import type { Database, Queryable } from "../db/client.ts";
import { announceChange, type CacheTrust, dataChanges } from "../db/data-changes.ts";
import {
  courses,
  installationFacts,
  lessonFiles,
  lessons,
  lessonText,
  modules,
  planCourses,
  subscriptionPlans,
} from "./catalogue-schema.ts";
import { readableTextOfHtml } from "../lib/sanitise-html.ts";
import { found, passageOf, rankOf, type SearchConfig, withoutTags, wordsIn } from "../db/text-search.ts";
import { CacheStats } from "../metrics/cache-stats.ts";
import { groupBy, lessonVideo, modulesDepthFirst, toSubscriptionPlan } from "../db/catalogue-rows.ts";

export const downloadUrl = (fileId: number) => `/reactapi/downloads/${fileId}`;

const CATALOGUE_VERSION = "catalogue_version";

/**
 * Marks the catalogue as changed for every app server; call it in the transaction that changes it.
 * Servers that hear changes drop their copy at once; one that does not (its listening connection
 * is down) compares this version row on every read instead.
 */
export async function bumpCatalogueVersion(db: Queryable): Promise<void> {
  await db
    .insert(installationFacts)
    .values({ key: CATALOGUE_VERSION, value: randomUUID() })
    .onConflictDoUpdate({ target: installationFacts.key, set: { value: randomUUID() } });
  await announceChange(db, "catalogue");
}

/**
 * Makes a change to the catalogue in one transaction that marks it changed, then drops this
 * process's copy at once (the other servers hear of it from bumpCatalogueVersion).
 */
export async function changeCatalogue<T>(db: Database, change: (tx: Queryable) => Promise<T>): Promise<T> {
  const result = await db.transaction(async (tx) => {
    const changed = await change(tx);
    await bumpCatalogueVersion(tx);
    return changed;
  });
  dataChanges.emit("catalogue");
  return result;
}

type CourseRow = typeof courses.$inferSelect;
/** The catalogue as one kind of reader sees it: the studio's admin sees drafts, members and visitors do not. */
type CatalogueView = {
  courses: CourseRow[];
  /** Plans as they name the view's courses; for members, a plan with no published course yet is left out. */
  plans: SubscriptionPlan[];
  freeCourseIds: Set<number>;
  /** The courses the instructor marked For partners. */
  partnerCourseIds: Set<number>;
};
/** A course opened to one member, until a time or for good. */
type OpenCourse = { courseId: number; endsAt: Date | null };
/** What comes to a partner through his link: her grants that reach him, while the link holds. */
type PartnerReach = { linked: boolean; grants: OpenCourse[] };
/**
 * Who may open what beyond the free courses. The capabilities that keep grants and partners' links
 * offer these services, which the catalogue's manifest hands in (catalogue/capability.ts), so it imports neither.
 */
export type AccessSources = {
  openGrants: (db: Queryable, memberId: number) => Promise<OpenCourse[]>;
  partnerReach: (db: Queryable, partnerId: number) => Promise<PartnerReach>;
};
type CatalogueSnapshot = {
  studio: CatalogueView;
  members: CatalogueView;
  courseOfLesson: Map<number, number>;
};
/** A lesson in its course's reading order (modules depth first), as progress and pacing need it. */
export type OutlineLesson = {
  id: number;
  title: string;
  moduleId: number;
  moduleTitle: string;
  recommendedWeek: number | null;
  previewable: boolean;
};
// Kept as JSON text: the answers are the same bytes for every member with the same access.
type PreparedCourse = { openJson: string; previewJson: string; outline: OutlineLesson[] };
export type CourseOutline = { id: number; title: string; lessons: OutlineLesson[] };
export type LessonAccess = { access: "open" | "locked"; courseId: number } | { access: "missing" };

/**
 * Reads the catalogue, keeping it in memory: it changes only when the instructor imports a file.
 * While the caches are trusted (data-changes.ts) every change is heard, and nothing is asked of the
 * database; otherwise each read first compares one version row and asks for the member's grants.
 */
export class CatalogueReader {
  private snapshot: Promise<CatalogueSnapshot> | undefined;
  private readonly prepared = new Map<number, Promise<PreparedCourse>>();
  private readonly grantsByMember = new Map<number, Promise<OpenCourse[]>>();
  private readonly reachByPartner = new Map<number, Promise<PartnerReach>>();
  private readonly listJsonByAccess = new Map<string, string>();
  private knownVersion: string | undefined;
  // Counts the times the catalogue was forgotten, so an answer built from an older copy is not kept.
  private generation = 0;
  private readonly forgetCatalogue = () => this.forget();
  private readonly forgetAccess = () => {
    this.grantsByMember.clear();
    this.reachByPartner.clear();
  };

  constructor(
    private readonly db: Database,
    private readonly cacheTrust: CacheTrust,
    private readonly access: AccessSources,
    private readonly stats = new CacheStats(),
  ) {
    dataChanges.on("catalogue", this.forgetCatalogue);
    dataChanges.on("access", this.forgetAccess);
  }

  close(): void {
    dataChanges.off("catalogue", this.forgetCatalogue);
    dataChanges.off("access", this.forgetAccess);
  }

  private forget(): void {
    this.generation += 1;
    this.knownVersion = undefined;
    this.snapshot = undefined;
    this.listJsonByAccess.clear();
    this.prepared.clear();
    this.forgetAccess();
  }

  private async checkVersion(): Promise<void> {
    if (this.cacheTrust.trusted()) return;
    const [row] = await this.db
      .select({ value: installationFacts.value })
      .from(installationFacts)
      .where(eq(installationFacts.key, CATALOGUE_VERSION));
    if (row?.value !== this.knownVersion) {
      this.forget();
      this.knownVersion = row?.value;
    }
  }

  // A failed load is not kept, so the next request tries again.
  private remember<T>(load: () => Promise<T>, keep: (value: Promise<T>) => void, drop: () => void): Promise<T> {
    const promise = load();
    keep(promise);
    promise.catch(drop);
    return promise;
  }

  private async loadSnapshot(): Promise<CatalogueSnapshot> {
    await this.checkVersion();
    this.stats.count("catalogue", Boolean(this.snapshot));
    if (this.snapshot) return this.snapshot;
    return this.remember(
      async () => {
        const [courseRows, planRows, links, lessonHomes] = await Promise.all([
          this.db.select().from(courses).orderBy(asc(courses.position), asc(courses.id)),
          this.db.select().from(subscriptionPlans).orderBy(asc(subscriptionPlans.position), asc(subscriptionPlans.id)),
          this.db.select().from(planCourses).orderBy(asc(planCourses.courseId)),
          this.db
            .select({ lessonId: lessons.id, courseId: modules.courseId })
            .from(lessons)
            .innerJoin(modules, eq(modules.id, lessons.moduleId)),
        ]);
        const viewOf = (visible: CourseRow[], keepEmptyPlans: boolean): CatalogueView => {
          const ids = new Set(visible.map((course) => course.id));
          const plans = planRows
            .map((plan) => toSubscriptionPlan(plan, links))
            .map((plan) => ({ ...plan, course_ids: plan.course_ids.filter((id) => ids.has(id)) }))
            .filter((plan) => keepEmptyPlans || plan.course_ids.length > 0);
          return {
            courses: visible,
            plans,
            freeCourseIds: new Set(visible.filter((course) => course.freeForMembers).map((course) => course.id)),
            partnerCourseIds: new Set(visible.filter((course) => course.forPartners).map((course) => course.id)),
          };
        };
        return {
          studio: viewOf(courseRows, true),
          members: viewOf(
            courseRows.filter((course) => course.published),
            false,
          ),
          courseOfLesson: new Map(lessonHomes.map((home) => [home.lessonId, home.courseId])),
        };
      },
      (promise) => (this.snapshot = promise),
      () => (this.snapshot = undefined),
    );
  }

  private async grantsOf(memberId: number): Promise<Set<number>> {
    // Unheard, another process may grant or revoke at any moment: ask every time.
    if (!this.cacheTrust.trusted()) return new Set((await this.access.openGrants(this.db, memberId)).map((grant) => grant.courseId));
    let cached = this.grantsByMember.get(memberId);
    this.stats.count("grants", Boolean(cached));
    if (!cached) {
      if (this.grantsByMember.size > 10_000) this.grantsByMember.clear();
      cached = this.remember(
        () => this.access.openGrants(this.db, memberId),
        (promise) => this.grantsByMember.set(memberId, promise),
        () => this.grantsByMember.delete(memberId),
      );
    }
    // A cancelled subscription's grants end at a time, not by a change: judge them at every read.
    const now = Date.now();
    return new Set((await cached).filter((grant) => grant.endsAt === null || grant.endsAt.getTime() > now).map((grant) => grant.courseId));
  }

  /** What comes to a partner through her link, cached like grants. */
  private async partnerCoursesOf(partnerId: number, view: CatalogueView): Promise<number[]> {
    let reach: Promise<PartnerReach>;
    if (!this.cacheTrust.trusted()) reach = this.access.partnerReach(this.db, partnerId);
    else {
      const cached = this.reachByPartner.get(partnerId);
      this.stats.count("grants", Boolean(cached));
      if (this.reachByPartner.size > 10_000) this.reachByPartner.clear();
      reach =
        cached ??
        this.remember(
          () => this.access.partnerReach(this.db, partnerId),
          (promise) => this.reachByPartner.set(partnerId, promise),
          () => this.reachByPartner.delete(partnerId),
        );
    }
    const { linked, grants } = await reach;
    if (!linked) return [];
    const now = Date.now();
    const hers = [
      ...view.freeCourseIds,
      ...grants.filter((grant) => grant.endsAt === null || grant.endsAt.getTime() > now).map((grant) => grant.courseId),
    ];
    return hers.filter((id) => view.partnerCourseIds.has(id));
  }

  /**
   * What one request needs: the catalogue and the courses this member may open, read once (on
   * PostgreSQL that is one version check and one grants query, however many answers use them).
   */
  private async viewFor(
    member: UserRow | null,
  ): Promise<{ snapshot: CatalogueSnapshot; view: CatalogueView; visible: Set<number>; accessible: Set<number> }> {
    const snapshot = await this.loadSnapshot();
    const view = member?.role === "admin" ? snapshot.studio : snapshot.members;
    const visible = new Set(view.courses.map((course) => course.id));
    if (!member) return { snapshot, view, visible, accessible: new Set() };
    if (member.role === "admin") return { snapshot, view, visible, accessible: visible };
    const granted = [...(await this.grantsOf(member.id))].filter((id) => visible.has(id));
    // A partner's account opens no free course by itself: what he has beyond his own grants comes through her.
    if (member.joinedAs === "partner")
      return { snapshot, view, visible, accessible: new Set([...granted, ...(await this.partnerCoursesOf(member.id, view))]) };
    return { snapshot, view, visible, accessible: new Set([...view.freeCourseIds, ...granted]) };
  }

  /** Every course in library order, drafts too, whoever may open it (the studio's view). */
  async allCourses(): Promise<CourseRow[]> {
    return (await this.loadSnapshot()).studio.courses;
  }

  /** The published courses' ids: what a plan sold to members may open. */
  async publishedCourseIds(): Promise<Set<number>> {
    return new Set((await this.loadSnapshot()).members.courses.map((course) => course.id));
  }

  /** Whether the course exists for this reader: a draft exists only for the studio's admin. */
  async isVisibleTo(member: UserRow | null, courseId: number): Promise<boolean> {
    return (await this.viewFor(member)).visible.has(courseId);
  }

  /** The course ids a member may open: free courses, granted ones, or all of them for an admin. */
  async accessibleCourseIds(member: UserRow | null): Promise<Set<number>> {
    return (await this.viewFor(member)).accessible;
  }

  async mayOpen(member: UserRow, courseId: number): Promise<boolean> {
    return (await this.accessibleCourseIds(member)).has(courseId);
  }

  /** The course list as JSON text, shared by every member who may open the same courses. */
  async courseListJson(member: UserRow | null): Promise<string> {
    const generation = this.generation;
    const { view, accessible } = await this.viewFor(member);
    const key = `${view === (await this.loadSnapshot()).studio ? "studio" : "members"}:${[...accessible].sort((a, b) => a - b).join(",")}`;
    const cached = this.listJsonByAccess.get(key);
    this.stats.count("course_list", Boolean(cached));
    if (cached) return cached;
    const list: Course[] = view.courses.map((course) => ({
      id: course.id,
      course_title: course.title,
      course_description: course.descriptionHtml,
      course_logo: course.logo,
      course_access: accessible.has(course.id) ? "true" : "false",
      subscription_plans: view.plans.filter((plan) => plan.course_ids.includes(course.id)),
      ...(course.coverPicture ? { course_cover: course.coverPicture } : {}),
      ...(course.published ? {} : { draft: true }),
    }));
    const json = JSON.stringify({ courses: list, subscription_plans: view.plans } satisfies CourseList);
    if (generation !== this.generation) return json;
    if (this.listJsonByAccess.size > 1000) this.listJsonByAccess.clear();
    this.listJsonByAccess.set(key, json);
    return json;
  }

  /**
   * A course's modules as JSON text, depth first in module_order, each with its lessons in order;
   * undefined when there is no such course. Without access, lessons of modules that are not visible
   * in the preview carry only their title: notes, summary, video and downloads never leave the server.
   */
  async courseModulesJson(member: UserRow, courseId: number): Promise<string | undefined> {
    const { visible, accessible } = await this.viewFor(member);
    if (!visible.has(courseId)) return undefined;
    const course = await this.preparedCourse(courseId);
    return accessible.has(courseId) ? course.openJson : course.previewJson;
  }

  private preparedCourse(courseId: number): Promise<PreparedCourse> {
    let prepared = this.prepared.get(courseId);
    this.stats.count("course_modules", Boolean(prepared));
    if (!prepared) {
      prepared = this.remember(
        () => prepareCourse(this.db, courseId),
        (promise) => this.prepared.set(courseId, promise),
        () => this.prepared.delete(courseId),
      );
    }
    return prepared;
  }

  /** A course's lessons in reading order, or undefined when there is no such course for this reader. */
  async courseOutline(courseId: number, reader: UserRow | null): Promise<CourseOutline | undefined> {
    const { view } = await this.viewFor(reader);
    const course = view.courses.find((candidate) => candidate.id === courseId);
    if (!course) return undefined;
    return { id: course.id, title: course.title, lessons: (await this.preparedCourse(courseId)).outline };
  }

  /**
   * Whether a member may open a lesson: every lesson of a course she may open, and the lessons of
   * modules shown in the preview. "missing" when there is no such lesson.
   */
  async lessonAccess(member: UserRow, lessonId: number): Promise<LessonAccess> {
    return (await this.lessonsAccess(member, [lessonId]))[0]!;
  }

  /** lessonAccess for many lessons, in their order, reading her access once (on PostgreSQL without its listener, one grants query). */
  async lessonsAccess(member: UserRow, lessonIds: number[]): Promise<LessonAccess[]> {
    const { snapshot, visible, accessible } = await this.viewFor(member);
    return Promise.all(
      lessonIds.map(async (lessonId): Promise<LessonAccess> => {
        const courseId = snapshot.courseOfLesson.get(lessonId);
        if (courseId === undefined || !visible.has(courseId)) return { access: "missing" };
        if (accessible.has(courseId)) return { access: "open", courseId };
        const outline = (await this.preparedCourse(courseId)).outline;
        return { access: outline.find((lesson) => lesson.id === lessonId)?.previewable ? "open" : "locked", courseId };
      }),
    );
  }
}

/** A plan as the studio last saved it, with its courses in id order; undefined when there is no such plan. */
export async function findPlan(db: Queryable, planId: number) {
  const [plan] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, planId));
  if (!plan) return undefined;
  const links = await db.select({ courseId: planCourses.courseId }).from(planCourses).where(eq(planCourses.planId, planId));
  return { ...plan, courseIds: links.map((link) => link.courseId).sort((a, b) => a - b) };
}

/** Whether a course's certificate waits for its knowledge checks (Studio → Courses, docs/checks.md). */
export async function courseNeedsChecks(db: Queryable, courseId: number): Promise<boolean> {
  const [course] = await db.select({ needs: courses.certificateNeedsChecks }).from(courses).where(eq(courses.id, courseId));
  return course?.needs ?? false;
}

/** Some modules' courses, by module (a module since deleted is left out). */
export async function moduleHomes(db: Queryable, moduleIds: readonly number[]): Promise<Map<number, { courseId: number }>> {
  if (moduleIds.length === 0) return new Map();
  const rows = await db
    .select({ id: modules.id, courseId: modules.courseId })
    .from(modules)
    .where(inArray(modules.id, [...moduleIds]));
  return new Map(rows.map(({ id, courseId }) => [id, { courseId }]));
}

/** Some lessons' titles and courses, by lesson (a lesson since deleted is left out). */
export async function lessonHomes(db: Queryable, lessonIds: readonly number[]): Promise<Map<number, { title: string; courseId: number }>> {
  if (lessonIds.length === 0) return new Map();
  const rows = await db
    .select({ id: lessons.id, title: lessons.title, courseId: modules.courseId })
    .from(lessons)
    .innerJoin(modules, eq(modules.id, lessons.moduleId))
    .where(inArray(lessons.id, [...lessonIds]));
  return new Map(rows.map(({ id, ...home }) => [id, home]));
}

/** How many lessons a search ranks: the first the index finds, when a word is in more. */
const RANKED_AT_MOST = 200;

/**
 * Lessons whose title, summary, notes or downloads' names match (docs/search.md), best first: each
 * with its course, whether its title alone matches (all a locked lesson may show), and a passage of
 * its words with the words found marked. Who may open them is the caller's to ask (lessonsAccess).
 */
export async function searchLessonWords(db: Queryable, config: SearchConfig, typed: string, limit: number) {
  const words = wordsIn(config, lessonText(lessons));
  const fileWords = wordsIn(config, sql`${lessonFiles.filename}`);
  const [candidates, byFile] = await Promise.all([
    // The index finds them without reading their words; only these few are ranked (ranking reads
    // each lesson's words again), so a word every lesson has costs no more than a rare one.
    db
      .select({ lessonId: lessons.id })
      .from(lessons)
      .where(found(config, words, typed))
      .limit(RANKED_AT_MOST),
    db
      .select({
        lessonId: lessonFiles.lessonId,
        filename: lessonFiles.filename,
        passage: passageOf(config, sql`${lessonFiles.filename}`, typed),
      })
      .from(lessonFiles)
      .where(and(isNotNull(lessonFiles.lessonId), found(config, fileWords, typed)))
      .limit(limit),
  ]);
  const byText =
    candidates.length === 0
      ? []
      : await db
          .select({ lessonId: lessons.id, rank: rankOf(config, words, typed) })
          .from(lessons)
          .where(
            inArray(
              lessons.id,
              candidates.map((candidate) => candidate.lessonId),
            ),
          )
          .orderBy(desc(rankOf(config, words, typed)), asc(lessons.id))
          .limit(limit);
  const ranks = new Map(byText.map((hit) => [hit.lessonId, hit.rank]));
  const fileHits = new Map<number, string>();
  for (const hit of byFile) if (hit.lessonId !== null && !fileHits.has(hit.lessonId)) fileHits.set(hit.lessonId, hit.passage);
  const ids = [...new Set([...ranks.keys(), ...fileHits.keys()])];
  if (ids.length === 0) return [];
  const details = await db
    .select({
      lessonId: lessons.id,
      courseId: modules.courseId,
      title: lessons.title,
      textFound: found(
        config,
        wordsIn(config, sql`coalesce(${lessons.contentSummaryHtml}, '') || ' ' || coalesce(${lessons.noteHtml}, '')`),
        typed,
      ),
      passage: passageOf(
        config,
        withoutTags(sql`coalesce(${lessons.contentSummaryHtml}, '') || ' ' || coalesce(${lessons.noteHtml}, '')`),
        typed,
      ),
    })
    .from(lessons)
    .innerJoin(modules, eq(modules.id, lessons.moduleId))
    .where(inArray(lessons.id, ids));
  return details
    .map((lesson) => ({
      ...lesson,
      // Found only in a download's name: that name is the passage.
      // Its summary's and notes' passage is HTML's text: its entities are read here, like every passage's plain text.
      passage: lesson.textFound || !fileHits.has(lesson.lessonId) ? readableTextOfHtml(lesson.passage) : fileHits.get(lesson.lessonId)!,
      rank: ranks.get(lesson.lessonId) ?? 0.01,
    }))
    .sort((a, b) => b.rank - a.rank);
}

/**
 * Lessons whose title alone matches what she typed: how a locked lesson may be found (docs/search.md).
 * Its other words never choose it, nor keep it out, so whether it is found says nothing of them.
 */
export async function searchLessonTitles(db: Queryable, config: SearchConfig, typed: string, limit: number) {
  return db
    .select({ lessonId: lessons.id, courseId: modules.courseId, title: lessons.title })
    .from(lessons)
    .innerJoin(modules, eq(modules.id, lessons.moduleId))
    .where(found(config, wordsIn(config, sql`${lessons.title}`), typed))
    .orderBy(asc(lessons.id))
    .limit(limit);
}

/**
 * Lessons whose title holds a word close to what she typed ("contractoins": Contractions), closest
 * first: the search's second try when nothing matched (docs/search.md). Needs pg_trgm.
 */
export async function lessonsWithTitleNear(db: Database, typed: string, limit: number) {
  const closeness = sql<number>`word_similarity(${typed}, ${lessons.title})`.mapWith(Number);
  return db.transaction(async (tx) => {
    // The planner prices the trigram index above reading every title (or every entry of another
    // index), which costs several times more on a large catalogue (docs/search.md); for this one
    // query, in this transaction only, it is told to use the index.
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_indexscan = off`);
    return tx
      .select({ lessonId: lessons.id, courseId: modules.courseId, title: lessons.title })
      .from(lessons)
      .innerJoin(modules, eq(modules.id, lessons.moduleId))
      .where(sql`${typed} <% ${lessons.title}`)
      .orderBy(desc(closeness), asc(lessons.id))
      .limit(limit);
  });
}

/** The lessons that carry any of these content notes. */
export async function lessonsCarryingNotes(db: Queryable, names: readonly string[]): Promise<Set<number>> {
  if (names.length === 0) return new Set();
  const rows = await db
    .select({ id: lessons.id })
    .from(lessons)
    .where(
      sql`${lessons.contentNotes} ?| array[${sql.join(
        names.map((name) => sql`${name}`),
        sql`, `,
      )}]::text[]`,
    );
  return new Set(rows.map((lesson) => lesson.id));
}

/** Which of these plans include a partner seat (what she bought then reaches her partner too). */
export async function plansWithPartnerSeat(db: Queryable, planIds: readonly number[]): Promise<Set<number>> {
  if (planIds.length === 0) return new Set();
  const rows = await db
    .select({ id: subscriptionPlans.id })
    .from(subscriptionPlans)
    .where(and(inArray(subscriptionPlans.id, [...planIds]), eq(subscriptionPlans.partnerSeat, true)));
  return new Set(rows.map((plan) => plan.id));
}

/** A course as an announcement to its members needs it: its title, and whether it is published and open to every member. */
export async function courseForAnnouncement(db: Queryable, courseId: number) {
  const [course] = await db
    .select({ id: courses.id, title: courses.title, published: courses.published, freeForMembers: courses.freeForMembers })
    .from(courses)
    .where(eq(courses.id, courseId));
  return course;
}

/** The titles of these courses, by id (a course deleted since has none). */
export async function courseTitles(db: Queryable, courseIds: readonly number[]): Promise<Map<number, string>> {
  if (courseIds.length === 0) return new Map();
  const rows = await db
    .select({ id: courses.id, title: courses.title })
    .from(courses)
    .where(inArray(courses.id, [...courseIds]));
  return new Map(rows.map((row) => [row.id, row.title]));
}

/** Which of these courses still exist (one deleted since, a purchase of it has nothing left to open). */
export async function existingCourseIds(db: Queryable, courseIds: readonly number[]): Promise<number[]> {
  if (courseIds.length === 0) return [];
  return (
    await db
      .select({ id: courses.id })
      .from(courses)
      .where(inArray(courses.id, [...courseIds]))
  ).map((course) => course.id);
}

/**
 * A course's module rows and each module's lessons, in position order (modulesDepthFirst puts the
 * modules in reading order). Joined on the course rather than listing ids, so the cost stays
 * linear in the course's size.
 */
export async function readCourseRows(db: Queryable, courseId: number) {
  const [moduleRows, lessonRows] = await Promise.all([
    db.select().from(modules).where(eq(modules.courseId, courseId)).orderBy(asc(modules.position), asc(modules.id)),
    db
      .select({ lesson: lessons })
      .from(lessons)
      .innerJoin(modules, eq(modules.id, lessons.moduleId))
      .where(eq(modules.courseId, courseId))
      .orderBy(asc(lessons.position), asc(lessons.id)),
  ]);
  return {
    moduleRows,
    lessonsByModule: groupBy(
      lessonRows.map((row) => row.lesson),
      (lesson) => lesson.moduleId,
    ),
  };
}

async function prepareCourse(db: Queryable, courseId: number): Promise<PreparedCourse> {
  const [{ moduleRows, lessonsByModule }, fileRows] = await Promise.all([
    readCourseRows(db, courseId),
    db
      .select({ id: lessonFiles.id, lessonId: lessonFiles.lessonId, filename: lessonFiles.filename })
      .from(lessonFiles)
      .innerJoin(lessons, eq(lessons.id, lessonFiles.lessonId))
      .innerJoin(modules, eq(modules.id, lessons.moduleId))
      .where(eq(modules.courseId, courseId))
      .orderBy(asc(lessonFiles.position), asc(lessonFiles.id)),
  ]);
  const filesByLesson = groupBy(fileRows, (file) => file.lessonId);
  const open: CourseModule[] = [];
  const preview: CourseModule[] = [];
  const outline: OutlineLesson[] = [];
  const visit = (module: (typeof moduleRows)[number]) => {
    const openLessons = (lessonsByModule.get(module.id) ?? []).map((lesson): Lesson => {
      const downloads = (filesByLesson.get(lesson.id) ?? []).map((file) => ({ filename: file.filename, url: downloadUrl(file.id) }));
      return {
        id: lesson.id,
        lesson_title: lesson.title,
        lesson_order: lesson.position,
        locked: false,
        content_summary: lesson.contentSummaryHtml,
        html_note_content: lesson.noteHtml,
        video_description: JSON.stringify(downloads),
        video: lessonVideo(lesson),
        content_notes: lesson.contentNotes,
      };
    });
    const base = {
      id: module.id,
      reference_code: module.referenceCode,
      parent_reference_code: module.parentReferenceCode,
      course: module.courseId,
      module_title: module.title,
      module_order: module.position,
      module_description: module.descriptionHtml,
      visible_in_preview: module.visibleInPreview,
      recommended_week: module.recommendedWeek,
    };
    for (const lesson of openLessons) {
      outline.push({
        id: lesson.id,
        title: lesson.lesson_title,
        moduleId: module.id,
        moduleTitle: module.title,
        recommendedWeek: module.recommendedWeek,
        previewable: module.visibleInPreview,
      });
    }
    open.push({ ...base, lessons: openLessons });
    preview.push({
      ...base,
      lessons: module.visibleInPreview
        ? openLessons
        : openLessons.map((lesson) => ({
            id: lesson.id,
            lesson_title: lesson.lesson_title,
            lesson_order: lesson.lesson_order,
            locked: true as const,
          })),
    });
  };
  for (const { module } of modulesDepthFirst(moduleRows, courseId)) visit(module);
  return { openJson: JSON.stringify(open), previewJson: JSON.stringify(preview), outline };
}

export async function findDownload(db: Queryable, fileId: number) {
  const [row] = await db
    .select({
      filename: lessonFiles.filename,
      contentType: lessonFiles.contentType,
      size: lessonFiles.size,
      storageKey: lessonFiles.storageKey,
      courseId: modules.courseId,
      visibleInPreview: modules.visibleInPreview,
    })
    .from(lessonFiles)
    .innerJoin(lessons, eq(lessons.id, lessonFiles.lessonId))
    .innerJoin(modules, eq(modules.id, lessons.moduleId))
    .where(eq(lessonFiles.id, fileId));
  return row;
}

/** The courses open to her, by title, in her data download. */
export const coursesPersonalData = (catalogue: CatalogueReader): PersonalData => ({
  key: "courses",
  export: async (member) => {
    const open = [...(await catalogue.accessibleCourseIds(member))];
    return Promise.all(
      open.map(async (courseId) => ({ course_id: courseId, title: (await catalogue.courseOutline(courseId, member))?.title ?? null })),
    );
  },
});
