/** The poster of a feature: the demo catalogue's are made by scripts/make-posters.ts (2:3 SVG). */
export function posterPath(featureId: number): string {
  return `/posters/feature-${featureId}.svg`;
}
