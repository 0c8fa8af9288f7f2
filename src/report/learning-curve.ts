/**
 * Reading a training curve (reward per episode): its moving average, and the mean reward of
 * its first and last fifth (`surfacer train` prints both). Whether WGE learns in fewer episodes
 * is not read from this curve — each training crawl is another site — but from frozen
 * checkpoints on held-out sites (`bench learning`).
 */
export interface CurveSummary {
  episodes: number;
  meanReward: number;
  /** Mean reward of the first and the last fifth of the episodes. */
  firstFifth: number;
  lastFifth: number;
  /** Moving average (window `window`) per episode. */
  movingAverage: number[];
}

export function movingAverage(values: readonly number[], window: number): number[] {
  if (window < 1) throw new RangeError('window must be at least 1');
  let sum = 0;
  return values.map((v, i) => {
    sum += v;
    if (i >= window) sum -= values[i - window]!;
    return sum / Math.min(window, i + 1);
  });
}

export function summariseCurve(rewards: readonly number[], window = 5): CurveSummary {
  const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
  const fifth = Math.max(1, Math.floor(rewards.length / 5));
  return { episodes: rewards.length, meanReward: mean(rewards), firstFifth: mean(rewards.slice(0, fifth)), lastFifth: mean(rewards.slice(-fifth)), movingAverage: movingAverage(rewards, window) };
}
