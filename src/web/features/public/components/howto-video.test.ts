import { describe, expect, it } from 'vitest';
import { findHowtoPoster, isVideoFileUrl } from './howto-video';

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

describe('findHowtoPoster', () => {
  it.each([
    ['/media/howto.webm', '/media/howto-poster.jpg'],
    ['/media/howto.webm?v=2', '/media/howto-poster.jpg'],
    ['https://cdn.example/howto.webm', undefined],
    ['/media/other.mp4', undefined],
  ])('%s -> %s (a picture of the bundled video only)', (url, expected) => {
    expect(findHowtoPoster(url)).toBe(expected);
  });
});
