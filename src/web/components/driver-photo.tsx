import { Image, Modal, Text, UnstyledButton } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useDriverPhoto } from '../api/driver-photos';

/**
 * A driver's photo is never public: it is fetched with the bearer token and shown through an object URL, which is
 * let go when the photo leaves the screen.
 */
function usePhotoUrl(path: string): { url: string | null; isError: boolean } {
  const photo = useDriverPhoto(path);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!photo.data) return undefined;
    const objectUrl = URL.createObjectURL(photo.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [photo.data]);
  return { url: photo.data ? url : null, isError: photo.isError };
}

type DriverPhotoProps = {
  /** `/api/driver_photos/{id}`. */
  path: string;
  /** Says whose photo it is, for the button and the enlarged view. */
  label: string;
  thumbnailSize?: number;
};

/** A thumbnail that opens the photo larger in a dialog. */
export function DriverPhoto({ path, label, thumbnailSize = 48 }: DriverPhotoProps) {
  const { url, isError } = usePhotoUrl(path);
  const [isOpen, setIsOpen] = useState(false);
  if (isError) {
    return (
      <Text size="xs" c="red.9">
        The photo could not be loaded.
      </Text>
    );
  }
  if (!url) {
    return (
      <Text size="xs" c="dimmed">
        Loading photo...
      </Text>
    );
  }
  return (
    <>
      <UnstyledButton onClick={() => setIsOpen(true)} aria-label={`Open photo: ${label}`}>
        <Image src={url} alt="" w={thumbnailSize} h={thumbnailSize} fit="cover" radius="sm" />
      </UnstyledButton>
      <Modal opened={isOpen} onClose={() => setIsOpen(false)} title={`Photo: ${label}`} size="lg">
        <Image src={url} alt={`Photo: ${label}`} fit="contain" mah="70vh" />
      </Modal>
    </>
  );
}
