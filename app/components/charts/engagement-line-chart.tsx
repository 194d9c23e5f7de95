import { Line } from "@nivo/line";
import { CHART_THEME } from "./chart-theme";
import { useElementWidth } from "./use-element-width";

export interface LineSeries {
  id: string;
  data: { x: string; y: number }[];
}

const HEIGHT = 300;
/** Server-side width, close to the card's width on a desktop screen. */
const SERVER_WIDTH = 720;
const MIN_WIDTH = 200;
export const SERIES_COLORS = ["#6366f1", "#10b981", "#f59e0b"];

/** Fixed-size nivo Line (so it renders on the server), resized to its box on the client. */
export function EngagementLineChart({ series, formatDate }: { series: LineSeries[]; formatDate: (iso: string) => string }) {
  const { ref, width: measured } = useElementWidth<HTMLDivElement>(SERVER_WIDTH);
  // Never narrower than the margins plus a plot area: a negative plot width makes nivo draw invalid rects.
  const width = Math.max(MIN_WIDTH, measured);
  const dates = series[0]?.data.map((d) => d.x) ?? [];
  const step = Math.max(1, Math.ceil(dates.length / Math.max(2, Math.floor(width / 90))));
  return (
    <div ref={ref} className="w-full overflow-hidden" style={{ height: HEIGHT }}>
      <Line
        width={width}
        height={HEIGHT}
        data={series}
        margin={{ top: 12, right: 24, bottom: 36, left: 48 }}
        xScale={{ type: "point" }}
        yScale={{ type: "linear", min: 0, max: "auto" }}
        curve="monotoneX"
        colors={SERIES_COLORS}
        lineWidth={2.5}
        enablePoints={false}
        enableGridX={false}
        axisBottom={{ tickSize: 0, tickPadding: 10, tickValues: dates.filter((_, i) => i % step === 0), format: formatDate }}
        axisLeft={{ tickSize: 0, tickPadding: 8, tickValues: 5 }}
        gridYValues={5}
        enableSlices="x"
        theme={CHART_THEME}
        role="img"
        ariaLabel={`Line chart of ${series.map((s) => s.id.toLowerCase()).join(", ")} per day`}
      />
    </div>
  );
}
