/** The p95 of admitted buyers' calls in this process since it was last asked. */
export class LatencySample {
  private values: number[] = [];
  record(ms: number): void {
    if (this.values.length < 10_000) this.values.push(ms);
  }
  takeP95(): number | null {
    const v = this.values;
    this.values = [];
    if (v.length === 0) return null;
    v.sort((a, b) => a - b);
    return Math.round(v[Math.min(v.length - 1, Math.floor(v.length * 0.95))]!);
  }
}
