/**
 * Colours of the statistics charts as plain CSS colours (Chartist sets them on SVG strokes, and the
 * trimmed Chakra system has no purple palette): green for day-by-day figures, orange, blue and purple
 * for categories (Chakra's 500 shades).
 */
export const CHART_COLORS = {
  green: '#2f855a',
  orange: '#f97316',
  blue: '#3b82f6',
  purple: '#a855f7',
} as const;

export type ChartColor = (typeof CHART_COLORS)[keyof typeof CHART_COLORS];

/** Purple dark enough for a figure on white (Chakra's purple.700), for the unread-conversations card. */
export const PURPLE_TEXT = '#7e22ce';
