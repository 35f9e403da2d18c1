import { code128BBars, isCode128B } from './barcode128.ts';

/**
 * A Code 128-B barcode of a text, as SVG (sharp on screen and on paper). Bars run left to right in
 * any page direction. Nothing is drawn for a text code set B cannot carry.
 */
export function Barcode({
  value,
  label,
  height = 56,
  moduleWidth = 2,
  testId,
}: {
  value: string;
  label: string;
  height?: number;
  moduleWidth?: number;
  testId?: string;
}) {
  if (!isCode128B(value)) return null;
  const { bars, modules } = code128BBars(value);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${modules} ${height}`}
      // As wide as it should be, narrower where the page is (a phone): the bars keep their proportions.
      width="100%"
      height={height}
      style={{ maxWidth: modules * moduleWidth }}
      preserveAspectRatio="none"
      shapeRendering="crispEdges"
      direction="ltr"
      data-testid={testId}
      data-value={value}
      className="barcode"
    >
      <rect x={0} y={0} width={modules} height={height} fill="#fff" />
      {bars.map(([x, w]) => (
        <rect key={x} x={x} y={0} width={w} height={height} fill="#000" />
      ))}
    </svg>
  );
}
