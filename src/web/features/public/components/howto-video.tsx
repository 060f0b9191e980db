import { AspectRatio, Text } from '@mantine/core';

const videoTitle = 'How to use MealRounds';

/** Video files play in the browser's own player; anything else (a YouTube or Vimeo page) is embedded as a frame. */
export function isVideoFileUrl(url: string): boolean {
  const path = url.split(/[?#]/)[0] ?? '';
  return /\.(webm|mp4)$/i.test(path);
}

export function HowtoVideo({ url }: { url: string }) {
  if (!url) return <Text>The how-to video is not available at the moment.</Text>;
  return (
    <AspectRatio ratio={16 / 9} maw={800}>
      {isVideoFileUrl(url) ? (
        <video controls preload="metadata" src={url} aria-label={videoTitle}>
          <a href={url}>Download the how-to video</a>
        </video>
      ) : (
        <iframe src={url} title={videoTitle} allow="fullscreen; picture-in-picture" loading="lazy" />
      )}
    </AspectRatio>
  );
}
