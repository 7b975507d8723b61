import type { GenericToolId } from '../../components/ai-tools/neural-api';
import type { ToolIconName } from '../../components/ai-tools/ToolIcon';

/** The six AI Studio tools (spec §1, §2, §9): Neural Engine V2 is the only active one. */
export type ToolId = 'neural-engine' | 'stem-splitter' | 'song-generator' | GenericToolId;

export interface StudioTool {
  id: ToolId;
  status: 'active' | 'ready';
  icon: ToolIconName;
  /** Tools with their own page open it instead of a detail view here. */
  href?: string;
}

export const STUDIO_TOOLS: readonly StudioTool[] = [
  { id: 'neural-engine', status: 'active', icon: 'brain' },
  { id: 'stem-splitter', status: 'ready', icon: 'sliders', href: '/ai-studio/stem-splitter' },
  { id: 'vocal-synthesis', status: 'ready', icon: 'mic' },
  { id: 'song-generator', status: 'ready', icon: 'music', href: '/generate' },
  { id: 'creative-assistant', status: 'ready', icon: 'bulb' },
  { id: 'mastering-analyzer', status: 'ready', icon: 'chart' },
];

export function isToolId(value: string | null): value is ToolId {
  return STUDIO_TOOLS.some((tool) => tool.id === value);
}
