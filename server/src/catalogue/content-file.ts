import { z } from "zod";
import { BillingInterval, VideoProvider } from "../../../contract/catalogue.ts";
import { vimeoHash } from "../../../contract/video-link.ts";

/**
 * The catalogue as one JSON file (see docs/content-format.md). Ids are chosen by the file and kept
 * on re-import, so links and members' grants survive edits; an id missing from the file is deleted.
 */
const Id = z.number().int().positive().max(2_000_000_000);
const Title = z.string().trim().min(1).max(300);
const Html = z.string().max(200_000).nullable().optional();

export const ContentFileDownload = z
  .object({
    id: Id,
    filename: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .refine((name) => !/[\\/\u0000-\u001f]/.test(name), { error: "A filename cannot contain slashes or control characters." }),
    content_type: z.string().trim().min(3).max(100).default("application/octet-stream"),
    text: z.string().optional(),
    base64: z.base64().optional(),
  })
  .refine((file) => (file.text === undefined) !== (file.base64 === undefined), {
    error: "Each download needs exactly one of text or base64.",
  });

export const ContentFileLesson = z.object({
  id: Id,
  title: Title,
  content_summary_html: Html,
  note_html: Html,
  video: z
    .object({
      provider: VideoProvider,
      id: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9_-]{1,64}$/),
      hash: z.string().trim().regex(vimeoHash).optional(),
      start: z.number().int().positive().max(86_400).optional(),
      length: z.number().int().positive().max(86_400).optional(),
      line: z.string().trim().max(200).optional(),
    })
    .nullable()
    .optional(),
  downloads: z.array(ContentFileDownload).default([]),
  // Names of content notes; an import keeps them as written, and a name not on the list is kept too.
  content_notes: z.array(z.string().trim().min(1).max(60)).max(20).optional(),
});

export type ContentFileModule = {
  id: number;
  title: string;
  description_html?: string | null | undefined;
  visible_in_preview: boolean;
  recommended_week?: number | null | undefined;
  lessons: z.infer<typeof ContentFileLesson>[];
  modules: ContentFileModule[];
};

export const ContentFileModule: z.ZodType<ContentFileModule, unknown> = z.lazy(() =>
  z.object({
    id: Id,
    title: Title,
    description_html: Html,
    visible_in_preview: z.boolean().default(false),
    // The week of pregnancy the module suits (1 to 42); 43 and above are weeks after the birth.
    recommended_week: z
      .number({ error: "recommended_week must be a whole number of weeks" })
      .int({ error: "recommended_week must be a whole number of weeks" })
      .min(1, { error: "recommended_week must be between 1 and 60" })
      .max(60, { error: "recommended_week must be between 1 and 60" })
      .nullable()
      .optional(),
    lessons: z.array(ContentFileLesson).default([]),
    modules: z.array(ContentFileModule).default([]),
  }),
);

export const ContentFile = z
  .object({
    format: z.literal("doula-course-catalogue"),
    version: z.literal(1),
    subscription_plans: z
      .array(
        z.object({
          id: Id,
          name: Title,
          description: z.string().max(5000).default(""),
          price: z.number().int().min(0),
          currency: z.string().regex(/^[A-Z]{3}$/),
          billing_interval: BillingInterval,
          partner_seat: z.boolean().default(false),
          course_ids: z.array(Id),
          tiers: z
            .array(z.object({ name: z.string().min(1).max(40), price: z.number().int().min(50), line: z.string().max(200).default("") }))
            .max(5)
            .default([]),
        }),
      )
      .default([]),
    courses: z.array(
      z.object({
        id: Id,
        title: Title,
        description_html: z.string().max(200_000).default(""),
        logo: z.number().int().min(0).max(3).default(0),
        free_for_members: z.boolean().default(false),
        for_partners: z.boolean().default(false),
        modules: z.array(ContentFileModule).default([]),
      }),
    ),
  })
  .superRefine((file, context) => {
    const courseIds = new Set<number>();
    const moduleIds = new Set<number>();
    const lessonIds = new Set<number>();
    const downloadIds = new Set<number>();
    const claim = (seen: Set<number>, id: number, what: string) => {
      if (seen.has(id)) context.addIssue({ code: "custom", message: `The ${what} id ${id} is used twice.` });
      seen.add(id);
    };
    const visit = (module: ContentFileModule) => {
      claim(moduleIds, module.id, "module");
      for (const lesson of module.lessons) {
        claim(lessonIds, lesson.id, "lesson");
        for (const download of lesson.downloads) claim(downloadIds, download.id, "download");
      }
      module.modules.forEach(visit);
    };
    for (const course of file.courses) {
      claim(courseIds, course.id, "course");
      course.modules.forEach(visit);
    }
    const planIds = new Set<number>();
    for (const plan of file.subscription_plans) {
      claim(planIds, plan.id, "subscription plan");
      for (const courseId of plan.course_ids) {
        if (!courseIds.has(courseId)) {
          context.addIssue({ code: "custom", message: `The plan "${plan.name}" names course ${courseId}, which is not in the file.` });
        }
      }
    }
  });
export type ContentFile = z.infer<typeof ContentFile>;
