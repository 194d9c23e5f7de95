import { Pie } from "@nivo/pie";
import { CHART_THEME } from "./chart-theme";

export interface DonutSlice {
  id: string;
  label: string;
  value: number;
  color: string;
}

// Spec: height 300, outer radius 120, inner radius 60, padding angle 5 (nivo: degrees).
const SIZE = 300;
const OUTER_RADIUS = 120;
const MARGIN = SIZE / 2 - OUTER_RADIUS;

/** A fixed-size donut: nivo's Pie renders its svg on the server at this size. */
export function TypeDonutChart({ slices, ariaLabel }: { slices: DonutSlice[]; ariaLabel: string }) {
  return (
    <div role="img" aria-label={ariaLabel} className="mx-auto" style={{ width: SIZE, height: SIZE }}>
      <Pie
        width={SIZE}
        height={SIZE}
        data={slices}
        margin={{ top: MARGIN, right: MARGIN, bottom: MARGIN, left: MARGIN }}
        innerRadius={0.5}
        padAngle={5}
        cornerRadius={4}
        colors={{ datum: "data.color" }}
        sortByValue={false}
        activeOuterRadiusOffset={6}
        enableArcLinkLabels={false}
        enableArcLabels={false}
        theme={CHART_THEME}
        // The wrapper is the labelled image; the SVG inside is decoration.
        role="presentation"
      />
    </div>
  );
}
