import { describe, expect, it } from 'vitest';
import { isVideoFileUrl } from './howto-video';

describe('isVideoFileUrl', () => {
  it.each([
    ['/media/howto.webm', true],
    ['https://cdn.example/howto.MP4?token=1', true],
    ['/media/howto.mp4#t=10', true],
    ['https://www.youtube.com/embed/abc', false],
    ['https://vimeo.com/123/webm-guide', false],
    ['', false],
  ])('%s -> %s', (url, expected) => {
    expect(isVideoFileUrl(url)).toBe(expected);
  });
});
