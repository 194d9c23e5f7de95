/** The sample team's zone (Settings › Integrations). */
export const SAMPLE_TIME_ZONE = "Europe/London";
/** Every sample member signs in with this password (printed by the seed, written in the README). */
export const DEMO_PASSWORD = "studio-demo-2026";

export interface SampleUser {
  id: string;
  name: string;
  email: string;
  role: "Writer" | "Editor" | "Admin" | "Analyst";
  title: string;
}

/** The first user is the demo account, the spec's content manager. */
export const USERS: SampleUser[] = [
  { id: "user-sarah", name: "Sarah Chen", email: "sarah@studio.test", role: "Admin", title: "Content Manager" },
  { id: "user-marcus", name: "Marcus Rivera", email: "marcus@studio.test", role: "Editor", title: "Managing Editor" },
  { id: "user-priya", name: "Priya Patel", email: "priya@studio.test", role: "Writer", title: "Content Writer" },
  { id: "user-david", name: "David Kim", email: "david@studio.test", role: "Analyst", title: "Marketing Analyst" },
  { id: "user-emma", name: "Emma Wilson", email: "emma@studio.test", role: "Writer", title: "Social Media Writer" },
  { id: "user-james", name: "James Okafor", email: "james@studio.test", role: "Editor", title: "SEO Editor" },
  { id: "user-lena", name: "Lena Fischer", email: "lena@studio.test", role: "Writer", title: "Copywriter" },
];

export const BRAND_TONES = [
  { id: "professional", name: "Professional", description: "Formal, authoritative, business-focused" },
  { id: "friendly", name: "Friendly", description: "Warm, approachable, conversational" },
  { id: "witty", name: "Witty", description: "Clever, humorous, engaging" },
  { id: "inspirational", name: "Inspirational", description: "Motivating, uplifting, empowering" },
  { id: "casual", name: "Casual", description: "Relaxed, informal, down-to-earth" },
];

export const INTEGRATIONS = [
  { id: "twitter", name: "X", connected: true, handle: "@studiohq" },
  { id: "linkedin", name: "LinkedIn", connected: true, handle: "studio-hq" },
  { id: "facebook", name: "Facebook", connected: false, handle: null },
  { id: "instagram", name: "Instagram", connected: false, handle: null },
  { id: "threads", name: "Threads", connected: false, handle: null },
  { id: "mastodon", name: "Mastodon", connected: false, handle: null },
  { id: "bluesky", name: "Bluesky", connected: false, handle: null },
];

export const SETTINGS = {
  brandToneId: "professional",
  brandKeywords: "innovative, data-driven, customer-first, authentic",
  contentGuidelines:
    "Write in active voice and keep sentences short. Lead with the reader's problem. " +
    "Avoid jargon and hype words such as 'revolutionary' or 'game-changing'. Always cite data sources.",
  generationThreshold: 85,
  creativityLevel: "Balanced",
  autoPublish: false,
  autoPost: true,
  scheduleOptimalTiming: true,
  workflowRunning: false,
  teamName: "Brightpath Marketing",
  timeZone: SAMPLE_TIME_ZONE,
  siteUrl: "https://blog.brightpath.test",
  utmTagging: true,
};

export const AGENTS = [
  { id: "agent-input", name: "Content Input", type: "input", status: "active" },
  { id: "agent-generator", name: "AI Generator", type: "generator", status: "processing" },
  { id: "agent-editor", name: "Content Editor", type: "editor", status: "active" },
  { id: "agent-stylist", name: "Style Optimizer", type: "stylist", status: "idle" },
  { id: "agent-reviewer", name: "Quality Reviewer", type: "reviewer", status: "active" },
  { id: "agent-publisher", name: "Publisher", type: "publisher", status: "idle" },
].map((agent, position) => ({
  ...agent,
  position,
  // Two rows of three on the 20 px grid, the second right to left, so arrows snake.
  x: 40 + (position < 3 ? position : 5 - position) * 280,
  y: 60 + Math.floor(position / 3) * 200,
}));
