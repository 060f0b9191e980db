import { AspectRatio, Text } from '@mantine/core';

const videoTitle = 'How to use MealRounds';

/** Video files play in the browser's own player; anything else (a YouTube or Vimeo page) is embedded as a frame. */
export function isVideoFileUrl(url: string): boolean {
  const path = url.split(/[?#]/)[0] ?? '';
  return /\.(webm|mp4)$/i.test(path);
}

/** The video that comes with the product (HOWTO_VIDEO_URL's default) and a picture of its opening frame. */
const bundledVideo = { path: '/media/howto.webm', poster: '/media/howto-poster.jpg' };

/**
 * The picture shown before the video plays: the bundled video's opening frame, so the about page shows what the
 * video is about instead of a black box. Another video gets none (a picture of the bundled one would mislead).
 */
export function findHowtoPoster(url: string): string | undefined {
  const path = url.split(/[?#]/)[0] ?? '';
  return path === bundledVideo.path ? bundledVideo.poster : undefined;
}

export function HowtoVideo({ url }: { url: string }) {
  if (!url) return <Text>The how-to video is not available at the moment.</Text>;
  return (
    <AspectRatio ratio={16 / 9} maw={800}>
      {isVideoFileUrl(url) ? (
        <video controls preload="metadata" src={url} poster={findHowtoPoster(url)} aria-label={videoTitle}>
          <a href={url}>Download the how-to video</a>
        </video>
      ) : (
        <iframe src={url} title={videoTitle} allow="fullscreen; picture-in-picture" loading="lazy" />
      )}
    </AspectRatio>
  );
}
