import { BarChart3, FileText, FolderOpen, LayoutDashboard, Settings, Workflow, type LucideIcon } from "lucide-react";

export const NAV: { to: string; label: string; icon: LucideIcon }[] = [
  { to: "/", label: "Dashboard", icon: LayoutDashboard },
  { to: "/editor", label: "Content Editor", icon: FileText },
  { to: "/workflow", label: "Agent Workflow", icon: Workflow },
  { to: "/library", label: "Content Library", icon: FolderOpen },
  { to: "/analytics", label: "Analytics", icon: BarChart3 },
  { to: "/settings", label: "Settings", icon: Settings },
];
