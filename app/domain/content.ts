export const CONTENT_TYPES = ["blog", "article", "social", "caption"] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export const CONTENT_STATUSES = ["published", "review", "draft", "archived"] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

export const STATUS_LABELS: Record<ContentStatus, string> = {
  published: "Published",
  review: "In Review",
  draft: "Draft",
  archived: "Archived",
};

export const TYPE_LABELS: Record<ContentType, string> = {
  blog: "Blog",
  article: "Article",
  social: "Social",
  caption: "Caption",
};

/** Names of the analytics donut slices, in the spec's order. */
export const TYPE_SLICE_LABELS: Record<ContentType, string> = {
  blog: "Blog Posts",
  social: "Social Media",
  caption: "Captions",
  article: "Articles",
};

export function isContentStatus(value: string): value is ContentStatus {
  return (CONTENT_STATUSES as readonly string[]).includes(value);
}

export function isContentType(value: string): value is ContentType {
  return (CONTENT_TYPES as readonly string[]).includes(value);
}

export function statusLabel(status: string): string {
  return isContentStatus(status) ? STATUS_LABELS[status] : status;
}

export function typeLabel(type: string): string {
  return isContentType(type) ? TYPE_LABELS[type] : type;
}

export const ROLES = ["Writer", "Editor", "Admin", "Analyst"] as const;
export type Role = (typeof ROLES)[number];

export const CREATIVITY_LEVELS = ["Conservative", "Balanced", "Creative", "Experimental"] as const;

export const ACTIVITY_TYPES = ["edit", "comment", "publish", "collaborate", "schedule"] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** One item as the library and dashboard list it. */
export interface ContentCard {
  id: string;
  title: string;
  type: string;
  status: string;
  authorId: string;
  author: string;
  /** Where it stands in its approval chain ("Step 2 of 2: waiting for Legal"), when it is in one. */
  chain?: string | null;
  /** The item's summary (may be empty). */
  excerpt: string;
  date: string;
  views: number;
  tags: string[];
}
