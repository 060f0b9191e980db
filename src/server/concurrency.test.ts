import { describe, expect, it } from 'vitest';
import { createLimiter } from './concurrency';

describe('createLimiter', () => {
  it('keeps at most the limit in flight and starts the rest in order', async () => {
    const runLimited = createLimiter(2);
    const started: number[] = [];
    const finish = new Map<number, () => void>();
    const results = [1, 2, 3, 4].map((id) =>
      runLimited(async () => {
        started.push(id);
        await new Promise<void>((resolve) => finish.set(id, resolve));
        return id * 10;
      }),
    );
    const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
    await settle();
    expect(started).toEqual([1, 2]);
    finish.get(2)?.();
    await settle();
    expect(started).toEqual([1, 2, 3]);
    finish.get(1)?.();
    finish.get(3)?.();
    await settle();
    finish.get(4)?.();
    expect(await Promise.all(results)).toEqual([10, 20, 30, 40]);
  });

  it('frees the place of a task that fails', async () => {
    const runLimited = createLimiter(1);
    await expect(runLimited(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(await runLimited(() => Promise.resolve('next'))).toBe('next');
  });
});
