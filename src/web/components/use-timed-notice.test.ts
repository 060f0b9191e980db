import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTimedNotice } from './use-timed-notice';

describe('useTimedNotice', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('hides itself 3 s after it was last shown', () => {
    const { result } = renderHook(() => useTimedNotice(3000));
    expect(result.current.isShown).toBe(false);
    act(() => result.current.show());
    expect(result.current.isShown).toBe(true);
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    // Shown again: the countdown starts over.
    act(() => result.current.show());
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(result.current.isShown).toBe(true);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(result.current.isShown).toBe(false);
  });

  it('keeps the text it was shown with, and a new text restarts the time', () => {
    const { result } = renderHook(() => useTimedNotice());
    act(() => result.current.show('Saved.'));
    expect(result.current.text).toBe('Saved.');
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    act(() => result.current.show('Saved again.'));
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(result.current.text).toBe('Saved again.');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(result.current.text).toBeNull();
  });

  it('can be hidden at once', () => {
    const { result } = renderHook(() => useTimedNotice(3000));
    act(() => result.current.show());
    act(() => result.current.hide());
    expect(result.current.isShown).toBe(false);
  });
});
